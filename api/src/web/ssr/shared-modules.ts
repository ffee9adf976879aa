/**
 * The singletons the server builds share with the API, loaded the way shared-kernel loads them
 * (ES modules), so the shell's routes, the remotes' pages and the kernel see one React, one router
 * context and one session store — what the federation's shared singletons are in the browser.
 */
export type SharedModules = Readonly<Record<string, unknown>>;

let loading: Promise<SharedModules> | null = null;

/** A CommonJS package imported as an ES module: its `module.exports` is the default export. */
const cjs = (ns: { default?: unknown }): unknown => ns.default ?? ns;

export function sharedModules(): Promise<SharedModules> {
  loading ??= (async () => {
    const [react, jsxRuntime, reactDom, router, routerDom, kernel] = await Promise.all([
      import('react'),
      import('react/jsx-runtime'),
      import('react-dom'),
      import('react-router'),
      import('react-router-dom'),
      import('shared-kernel'),
    ]);
    return {
      react: cjs(react),
      'react/jsx-runtime': cjs(jsxRuntime),
      'react-dom': cjs(reactDom),
      'react-router': router,
      'react-router-dom': routerDom,
      'shared-kernel': kernel,
    };
  })();
  return loading;
}
