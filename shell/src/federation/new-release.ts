/**
 * A page keeps the releases of the remotes it started with (their URLs are in its runtime
 * configuration), and the server keeps the last few releases of each remote, so an open tab goes on
 * working after a deploy (issue 29). Once its release is pruned, a module the tab had not loaded yet
 * is gone (404): then, if the server now names another release of that remote, the page reloads
 * itself — once per new release, so a release that fails as well shows the fallback instead of
 * reloading forever.
 */
import { onRemoteLoadFailure } from 'shared-kernel';

/** Remote name -> the release entry the page last reloaded into. */
export const RELOADED_KEY = 'sm-rechargement-nouvelle-version';

export interface NewReleaseDeps {
  /** The entry the server names now for `remote` (null: unknown). */
  currentEntry: (remote: string) => Promise<string | null>;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload: () => void;
}

function reloaded(storage: NewReleaseDeps['storage']): Record<string, string> {
  try {
    const value = JSON.parse(storage?.getItem(RELOADED_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Whether the page reloads into a newer release of `remote` (it then does). */
export async function reloadIntoNewRelease(remote: string, entry: string, deps: NewReleaseDeps): Promise<boolean> {
  const now = await deps.currentEntry(remote).catch(() => null);
  if (!now || now === entry) return false;
  const done = reloaded(deps.storage);
  // Already reloaded into this release once: a second failure is not a stale page, show the fallback.
  if (done[remote] === now || !deps.storage) return false;
  try {
    deps.storage.setItem(RELOADED_KEY, JSON.stringify({ ...done, [remote]: now }));
  } catch {
    return false; // Without a memory of it, a reload could loop.
  }
  console.warn(`[federation] Nouvelle version de « ${remote} » en ligne : la page est rechargée.`);
  deps.reload();
  return true;
}

export function reloadIntoNewReleases(deps: NewReleaseDeps): void {
  onRemoteLoadFailure((remote, entry) => reloadIntoNewRelease(remote, entry, deps));
}
