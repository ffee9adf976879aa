/**
 * The kernel contract (issue 29): what a released kernel exports is recorded per version, and the
 * host refuses a remote whose recorded range or imports its kernel cannot satisfy.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as kernel from '../src/index';
import {
  hostKernel,
  KERNEL_VERSION,
  kernelContractOfManifest,
  kernelContractProblem,
  parseKernelContract,
} from '../src/federation/kernel-contract';

const root = path.join(__dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
const released = JSON.parse(readFileSync(path.join(root, 'released-exports.json'), 'utf8')) as Record<string, string[]>;

describe('the released kernel', () => {
  it('knows its own version', () => {
    expect(KERNEL_VERSION).toBe(pkg.version);
  });

  it('exports exactly what is recorded for its version (a new export is a new version of the kernel)', () => {
    const recorded = released[pkg.version];
    expect(recorded).toBeDefined();
    // On failure: record the exports of a NEW version in released-exports.json (bump
    // shared-kernel/package.json); remotes built against it are then refused by older hosts.
    expect(Object.keys(kernel).sort()).toEqual(recorded);
  });

  it('keeps every export of the earlier versions of its release line (removing one is a breaking version)', () => {
    const [major, minor] = pkg.version.split('.').map(Number);
    for (const [version, exports] of Object.entries(released)) {
      const [otherMajor, otherMinor] = version.split('.').map(Number);
      const sameLine = major === 0 ? otherMajor === 0 && otherMinor === minor : otherMajor === major;
      if (!sameLine) continue;
      expect({ version, missing: exports.filter((name) => !(name in kernel)) }).toEqual({ version, missing: [] });
    }
  });
});

describe('kernelContractProblem', () => {
  const host = { version: '0.1.0', exports: new Set(['formatEuro', 'RemoteView']) };

  it('accepts a remote built against a kernel of the same release line that imports what the host exports', () => {
    expect(kernelContractProblem('catalog', { version: '0.1.0', range: '^0.1.0', uses: ['formatEuro'] }, host)).toBeNull();
    expect(kernelContractProblem('catalog', { version: '0.1.0', range: '^0.1.0', uses: [] }, { ...host, version: '0.1.4' })).toBeNull();
    expect(kernelContractProblem('catalog', null, host)).toBeNull();
  });

  it('refuses a remote built against a newer kernel, with a French reason', () => {
    expect(kernelContractProblem('catalog', { version: '0.2.0', range: '^0.2.0', uses: [] }, host)).toBe(
      'Module distant « catalog » refusé : construit pour le noyau ^0.2.0 (0.2.0), alors que ce site fournit le noyau 0.1.0.',
    );
    expect(kernelContractProblem('catalog', { version: '0.1.3', range: '^0.1.3', uses: [] }, host)).toMatch(/refusé/);
    expect(kernelContractProblem('catalog', { version: '0.1.0', range: 'pas une plage', uses: [] }, host)).toMatch(/refusé/);
  });

  it('refuses a remote that imports an export the host kernel lacks', () => {
    expect(kernelContractProblem('catalog', { version: '0.1.0', range: '^0.1.0', uses: ['formatEuro', 'skewProbe'] }, host)).toBe(
      'Module distant « catalog » refusé : il utilise « skewProbe », absent(s) du noyau 0.1.0 de ce site.',
    );
  });

  it('checks against this kernel by default', () => {
    expect(hostKernel().exports.has('RemoteView')).toBe(true);
    expect(
      kernelContractProblem('catalog', { version: KERNEL_VERSION, range: `^${KERNEL_VERSION}`, uses: ['RemoteView', 'formatEuro'] }),
    ).toBeNull();
    expect(kernelContractProblem('catalog', { version: KERNEL_VERSION, range: `^${KERNEL_VERSION}`, uses: ['skewProbe'] })).toMatch(
      /skewProbe/,
    );
  });
});

describe('reading a contract', () => {
  it("reads the one a release recorded in its manifest, else the range of the manifest's shared kernel", () => {
    const recorded = { version: '0.1.0', range: '^0.1.0', uses: ['formatEuro'] };
    expect(kernelContractOfManifest({ release: { id: 'abc', kernel: recorded }, shared: [] })).toEqual(recorded);
    expect(
      kernelContractOfManifest({ shared: [{ name: 'react' }, { name: 'shared-kernel', version: '0.2.0', requiredVersion: '^0.2.0' }] }),
    ).toEqual({ version: '0.2.0', range: '^0.2.0', uses: [] });
    expect(kernelContractOfManifest({ shared: [] })).toBeNull();
    expect(kernelContractOfManifest('texte')).toBeNull();
  });

  it('rejects malformed contracts', () => {
    expect(parseKernelContract({ version: '0.1', range: '^0.1.0', uses: [] })).toBeNull();
    expect(parseKernelContract({ version: '0.1.0', range: '^0.1.0', uses: ['ok', 'pas un nom'] })).toBeNull();
    expect(parseKernelContract({ version: '0.1.0', range: '^0.1.0' })).toBeNull();
    expect(parseKernelContract(null)).toBeNull();
  });
});
