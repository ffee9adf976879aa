/**
 * The signing secret generated in the data folder. Two processes starting together on one folder
 * (the race that made limits-redis flaky) are covered by limits-redis.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { resolveJwtSecret } from '../src/auth/secret.js';

describe('JWT secret of the data folder', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sm-secret-'));
    dirs.push(dir);
    return dir;
  };
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('is generated once, kept, and read back', () => {
    const dir = fresh();
    const first = resolveJwtSecret(null, dir);
    assert.ok(first.length >= 32);
    assert.equal(resolveJwtSecret(null, dir), first);
    assert.equal(readFileSync(path.join(dir, 'jwt-secret'), 'utf8'), first);
    assert.deepEqual(readdirSync(dir), ['jwt-secret'], 'no draft left behind');
    assert.equal(resolveJwtSecret('configure', dir), 'configure');
  });

  it('replaces a file too short to be a secret', () => {
    const dir = fresh();
    writeFileSync(path.join(dir, 'jwt-secret'), 'court');
    const secret = resolveJwtSecret(null, dir);
    assert.ok(secret.length >= 32);
    assert.equal(readFileSync(path.join(dir, 'jwt-secret'), 'utf8'), secret);
  });
});
