/**
 * What the kernel adds to the federation runtime (issue 29): a budget on a remote's manifest and
 * entry, and the kernel contract checked before any of the remote's code runs.
 */
import { registerPlugins } from '@module-federation/enhanced/runtime';
import { KERNEL_VERSION } from '../src/federation/kernel-contract';
import { registerRemote, REMOTE_FETCH_BUDGET_MS, resetRegistryForTests } from '../src/federation/registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  ...jest.requireActual('@module-federation/enhanced/runtime'),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

type Plugin = {
  name: string;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  createScript?: (args: { remoteInfo?: unknown }) => unknown;
  loadRemoteSnapshot?: (args: Record<string, unknown>) => unknown;
};

function plugin(): Plugin {
  const calls = (registerPlugins as jest.Mock).mock.calls as Array<[Plugin[]]>;
  const found = calls.flatMap(([plugins]) => plugins).find((p) => p.loadRemoteSnapshot);
  if (!found) throw new Error('extension absente');
  return found;
}

const manifest = (kernel: unknown) => ({ metaData: {}, exposes: [], shared: [], release: { id: '0123456789ab', kernel } });
const snapshotArgs = (manifestJson: unknown) => ({
  from: 'manifest',
  manifestJson,
  moduleInfo: { name: 'catalog' },
  remoteSnapshot: {},
  manifestUrl: '/mfe/catalog/releases/0123456789ab/mf-manifest.json',
  options: {},
});

let registered = false;
beforeAll(() => {
  resetRegistryForTests();
  registerRemote('catalog', '/mfe/catalog/releases/0123456789ab/mf-manifest.json');
  registered = true;
});

describe('the runtime extension of the kernel', () => {
  it('refuses a remote built against a kernel this one cannot satisfy, before it runs, with a French log line', () => {
    expect(registered).toBe(true);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const incompatible = snapshotArgs(manifest({ version: '0.2.0', range: '^0.2.0', uses: [] }));
    expect(() => plugin().loadRemoteSnapshot!(incompatible)).toThrow(
      `Module distant « catalog » refusé : construit pour le noyau ^0.2.0 (0.2.0), alors que ce site fournit le noyau ${KERNEL_VERSION}.`,
    );
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('refusé'));
    expect(() =>
      plugin().loadRemoteSnapshot!(snapshotArgs(manifest({ version: KERNEL_VERSION, range: `^${KERNEL_VERSION}`, uses: ['skewProbe'] }))),
    ).toThrow(/skewProbe/);
    errors.mockRestore();
  });

  it('lets a compatible remote through unchanged', () => {
    const args = snapshotArgs(manifest({ version: KERNEL_VERSION, range: `^${KERNEL_VERSION}`, uses: ['RemoteView', 'formatEuro'] }));
    expect(plugin().loadRemoteSnapshot!(args)).toBe(args);
  });

  it("bounds the manifest's fetch and the entry script's load", async () => {
    const fetchMock = jest.fn(async () => ({ ok: true }));
    const original = global.fetch;
    global.fetch = fetchMock as unknown as typeof fetch;
    try {
      await plugin().fetch!('/mfe/catalog/releases/0123456789ab/mf-manifest.json', { method: 'GET' });
      const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(init.method).toBe('GET');
      expect(init.signal).toBeInstanceOf(AbortSignal);
    } finally {
      global.fetch = original;
    }
    expect(plugin().createScript!({ remoteInfo: { name: 'catalog' } })).toEqual({ timeout: REMOTE_FETCH_BUDGET_MS });
    expect(plugin().createScript!({})).toBeUndefined();
  });
});
