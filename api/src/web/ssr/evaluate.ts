/**
 * Runs a server build (a CommonJS file made by tooling/webpack.cjs) with a `require` that answers
 * only the modules the API shares with it. Anything else is refused: a server build that needs a
 * package the API does not provide is not loaded, and the page falls back to client rendering.
 */
import vm from 'node:vm';

export class MissingSharedModuleError extends Error {
  constructor(readonly request: string) {
    super(`Module non fourni au rendu serveur : ${request}`);
    this.name = 'MissingSharedModuleError';
  }
}

export function evaluateCommonJs(code: string, filename: string, shared: Readonly<Record<string, unknown>>): unknown {
  const wrapper = vm.runInThisContext(`(function (exports, require, module) {${code}\n})`, { filename }) as (
    exports: unknown,
    require: (request: string) => unknown,
    module: { exports: unknown },
  ) => void;
  const module = { exports: {} as unknown };
  const require = (request: string): unknown => {
    if (!Object.prototype.hasOwnProperty.call(shared, request)) throw new MissingSharedModuleError(request);
    return shared[request];
  };
  wrapper(module.exports, require, module);
  return module.exports;
}
