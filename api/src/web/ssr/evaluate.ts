/**
 * Runs a server build (a CommonJS file made by tooling/webpack.cjs) inside a render worker, in a `vm`
 * context of its own (issue 28): its global object holds JavaScript's built-ins and the few web
 * globals a page needs (URL, timers, TextEncoder, console), never Node's — no `process`, `require`,
 * `Buffer`, `global`, `import.meta`. Its `require` answers only the modules the API shares with it;
 * anything else (`fs`, `child_process`…) is refused, and the build is not loaded.
 *
 * A vm context is not a security boundary by itself (an object the build receives from the worker,
 * such as React, leads back to the worker's own realm): what holds is that the worker has nothing to
 * find — an empty environment, no database, no secret (render-pool.ts) — and that only a build its
 * publisher signed is ever sent to it (signature.ts).
 */
import vm from 'node:vm';

export class MissingSharedModuleError extends Error {
  constructor(readonly request: string) {
    super(`Module non fourni au rendu serveur : ${request}`);
    this.name = 'MissingSharedModuleError';
  }
}

/**
 * A fresh global scope for server builds, without Node's globals and without string evaluation
 * (`eval`, `new Function` inside it throw). Timers are wrapped so the build never holds one of
 * Node's timer objects; the console prints through the worker's.
 */
export function buildContext(): vm.Context {
  const context = vm.createContext({}, { name: 'build serveur', codeGeneration: { strings: false, wasm: false } });
  const install = vm.runInContext(
    `(function (host) {
      'use strict';
      const timers = new Map();
      let next = 1;
      const g = globalThis;
      g.setTimeout = function (fn, ms) {
        const id = next++;
        timers.set(id, host.setTimeout(() => { timers.delete(id); if (typeof fn === 'function') fn(); }, Number(ms) || 0));
        return id;
      };
      g.clearTimeout = function (id) { const timer = timers.get(id); if (timer !== undefined) { host.clearTimeout(timer); timers.delete(id); } };
      g.queueMicrotask = function (fn) { Promise.resolve().then(fn); };
      const say = (level) => function (...args) { host.log(level, args.map((a) => (typeof a === 'string' ? a : String(a))).join(' ')); };
      g.console = { log: say('log'), info: say('info'), warn: say('warn'), error: say('error'), debug: say('debug') };
      g.URL = host.URL;
      g.URLSearchParams = host.URLSearchParams;
      g.TextEncoder = host.TextEncoder;
      g.TextDecoder = host.TextDecoder;
    })`,
    context,
  ) as (host: unknown) => void;
  // Timer handles stay on this side: the build only ever sees numbers.
  const handles = new Map<number, NodeJS.Timeout>();
  let nextHandle = 1;
  install({
    setTimeout: (fn: () => void, ms: number) => {
      const handle = nextHandle++;
      handles.set(
        handle,
        setTimeout(() => {
          handles.delete(handle);
          fn();
        }, ms),
      );
      return handle;
    },
    clearTimeout: (handle: number) => {
      clearTimeout(handles.get(handle));
      handles.delete(handle);
    },
    log: (level: string, text: string) => (level === 'error' || level === 'warn' ? console.warn(`[build serveur] ${text}`) : undefined),
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
  });
  return context;
}

export function evaluateCommonJs(code: string, filename: string, shared: Readonly<Record<string, unknown>>, context: vm.Context): unknown {
  const wrapper = vm.runInContext(`(function (exports, require, module) {${code}\n})`, context, { filename }) as (
    exports: unknown,
    require: (request: string) => unknown,
    module: { exports: unknown },
  ) => void;
  const module = vm.runInContext('({ exports: {} })', context) as { exports: unknown };
  const require = (request: string): unknown => {
    if (!Object.prototype.hasOwnProperty.call(shared, request)) throw new MissingSharedModuleError(request);
    return shared[request];
  };
  wrapper(module.exports, require, module);
  return module.exports;
}
