/** The token signing secret: JWT_SECRET, or one generated once and kept in the data folder. */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const MIN_LENGTH = 32;

function readSecret(file: string): string | null {
  try {
    const existing = readFileSync(file, 'utf8').trim();
    return existing.length >= MIN_LENGTH ? existing : '';
  } catch {
    return null; // first start
  }
}

export function resolveJwtSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  if (existing === '') {
    // A file too short to be a secret is replaced, as before.
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
  // Several API processes may start at once on one data folder: the secret is written whole under
  // another name, then linked into place, which fails if another process got there first; every
  // process then signs with the one secret on disk (two secrets made tokens fail on the other process).
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, secret, { mode: 0o600 });
  try {
    linkSync(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = readSecret(file);
    if (!winner) throw error;
    return winner;
  } finally {
    rmSync(draft, { force: true });
  }
}
