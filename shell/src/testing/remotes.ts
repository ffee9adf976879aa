/**
 * Test helpers for the shell's remotes: back to a clean start between tests, and the names the
 * shell registered. The tests mock `@module-federation/enhanced/runtime`, so `registerRemotes`
 * here is their mock.
 */
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { resetRemoteViewsForTests } from 'shared-kernel';
import { resetRemotesForTests } from '../federation/remotes';
import { resetState } from './render';

/**
 * A signed-out visitor, no remote registered, fresh mocks; with `views`, the kernel's remote
 * views forgotten too (a test that renders remotes must not find the last test's modules loaded).
 */
export function resetRemotes({ views = false }: { views?: boolean } = {}): void {
  resetState();
  resetRemotesForTests();
  if (views) resetRemoteViewsForTests();
  jest.clearAllMocks();
}

/** The names of every remote registered so far, in order. */
export function registeredNames(): string[] {
  return (registerRemotes as jest.Mock).mock.calls.flatMap(([remotes]: [Array<{ name: string }>]) => remotes.map((r) => r.name));
}
