import { RELOADED_KEY, reloadIntoNewRelease, type NewReleaseDeps } from './new-release';

const OLD = '/mfe/catalog/releases/aaaaaaaaaaaa/mf-manifest.json';
const NEW = '/mfe/catalog/releases/bbbbbbbbbbbb/mf-manifest.json';
const NEWER = '/mfe/catalog/releases/cccccccccccc/mf-manifest.json';

function deps(current: string | null | Error): NewReleaseDeps & { reload: jest.Mock } {
  const stored = new Map<string, string>();
  return {
    currentEntry: jest.fn(async () => {
      if (current instanceof Error) throw current;
      return current;
    }),
    storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) },
    reload: jest.fn(),
  };
}

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('a module of a pruned release', () => {
  it('reloads the page once when the server names a newer release of that remote', async () => {
    const d = deps(NEW);
    await expect(reloadIntoNewRelease('catalog', OLD, d)).resolves.toBe(true);
    expect(d.reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(d.storage!.getItem(RELOADED_KEY)!)).toEqual({ catalog: NEW });
  });

  it('does not reload again into the same release (no loop), but does for a later one', async () => {
    const d = deps(NEW);
    await reloadIntoNewRelease('catalog', OLD, d);
    // After the reload, the new release fails too: its fallback is shown.
    await expect(reloadIntoNewRelease('catalog', NEW, d)).resolves.toBe(false);
    await expect(reloadIntoNewRelease('catalog', OLD, d)).resolves.toBe(false);
    expect(d.reload).toHaveBeenCalledTimes(1);
    (d.currentEntry as jest.Mock).mockResolvedValue(NEWER);
    await expect(reloadIntoNewRelease('catalog', NEW, d)).resolves.toBe(true);
    expect(d.reload).toHaveBeenCalledTimes(2);
  });

  it('shows the fallback when the server names the same release, none, or cannot be asked', async () => {
    for (const current of [OLD, null, new Error('réseau')]) {
      const d = deps(current);
      await expect(reloadIntoNewRelease('catalog', OLD, d)).resolves.toBe(false);
      expect(d.reload).not.toHaveBeenCalled();
    }
  });

  it('does not reload without a session storage to remember it in', async () => {
    const d = { ...deps(NEW), storage: null };
    await expect(reloadIntoNewRelease('catalog', OLD, d)).resolves.toBe(false);
    expect(d.reload).not.toHaveBeenCalled();
  });
});
