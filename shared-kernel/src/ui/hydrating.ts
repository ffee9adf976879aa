/**
 * Whether a component is hydrating the server's HTML in the browser, rather than rendering on the
 * server or mounting afresh in the browser. Shared by the parts of a server-rendered page that treat
 * hydration apart (StaticHtml, Island); they read it once, when they mount.
 */
import { useContext, useSyncExternalStore } from 'react';
import { ServerModulesContext } from '../federation/render-mode.js';

const subscribeNothing = (): (() => void) => () => undefined;
const inBrowserRender = (): boolean => false;
const inServerOrHydrationRender = (): boolean => true;

export function useHydrating(): boolean {
  const onServer = useContext(ServerModulesContext) !== null || typeof document === 'undefined';
  // React reads a store's server snapshot on the server and while hydrating, its client snapshot
  // when a component mounts afresh (after hydration it renders again with the client's).
  const rendersServerHtml = useSyncExternalStore(subscribeNothing, inBrowserRender, inServerOrHydrationRender);
  return !onServer && rendersServerHtml;
}
