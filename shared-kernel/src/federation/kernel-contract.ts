/**
 * The kernel contract between the host and a remote (issue 29). The kernel is one singleton, the
 * host's: a remote built against another kernel runs on the host's. Each remote's build records the
 * kernel version it was built against and the exports it imports (tooling/release.cjs, in its
 * `mf-manifest.json` and its server manifest); the host checks them before loading the remote — the
 * shell in the browser (registry.ts), the API for a server build — and refuses it, with a log line
 * and the remote's fallback, rather than run it into `x is not a function` at the first click.
 */
import { satisfy } from '@module-federation/enhanced/runtime';
import * as kernel from '../index.js';

/** This kernel's version: shared-kernel/package.json's (a test keeps them equal). */
export const KERNEL_VERSION = '0.1.8';

export interface KernelContract {
  /** The kernel version the remote was built against. */
  version: string;
  /** The kernel versions it accepts (`^version`). */
  range: string;
  /** The kernel's exports its code imports. */
  uses: readonly string[];
}

export interface HostKernel {
  version: string;
  exports: ReadonlySet<string>;
}

/** This kernel, as the host that shares it. */
export function hostKernel(): HostKernel {
  return { version: KERNEL_VERSION, exports: new Set(Object.keys(kernel)) };
}

const VERSION = /^\d+\.\d+\.\d+(-[\w.]+)?$/;
const NAME = /^[A-Za-z_$][\w$]*$/;

/** A contract as a build writes it (`{ version, range, uses }`), or null when malformed. */
export function parseKernelContract(value: unknown): KernelContract | null {
  if (!value || typeof value !== 'object') return null;
  const { version, range, uses } = value as Record<string, unknown>;
  if (typeof version !== 'string' || !VERSION.test(version) || typeof range !== 'string' || range.length > 100) return null;
  if (!Array.isArray(uses) || !uses.every((use): use is string => typeof use === 'string' && NAME.test(use))) return null;
  return { version, range, uses };
}

/**
 * The contract a remote's `mf-manifest.json` declares: the one its release recorded, else (a build
 * without releases: development) the kernel range of its shared `shared-kernel`, else null.
 */
export function kernelContractOfManifest(manifest: unknown): KernelContract | null {
  if (!manifest || typeof manifest !== 'object') return null;
  const { release, shared } = manifest as { release?: { kernel?: unknown }; shared?: unknown };
  const recorded = parseKernelContract(release?.kernel);
  if (recorded) return recorded;
  const entry = Array.isArray(shared) ? (shared as Array<Record<string, unknown>>).find((s) => s?.name === 'shared-kernel') : undefined;
  if (!entry || typeof entry.requiredVersion !== 'string' || typeof entry.version !== 'string') return null;
  return { version: entry.version, range: entry.requiredVersion, uses: [] };
}

/** Why the host's kernel cannot run the remote `remote` built under `contract` (French), or null. */
export function kernelContractProblem(remote: string, contract: KernelContract | null, host: HostKernel = hostKernel()): string | null {
  if (!contract) return null;
  let satisfied: boolean;
  try {
    satisfied = satisfy(host.version, contract.range);
  } catch {
    satisfied = false;
  }
  if (!satisfied) {
    return `Module distant « ${remote} » refusé : construit pour le noyau ${contract.range} (${contract.version}), alors que ce site fournit le noyau ${host.version}.`;
  }
  const missing = contract.uses.filter((use) => !host.exports.has(use));
  if (missing.length > 0) {
    return `Module distant « ${remote} » refusé : il utilise ${missing.map((m) => `« ${m} »`).join(', ')}, absent(s) du noyau ${host.version} de ce site.`;
  }
  return null;
}
