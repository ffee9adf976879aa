/**
 * Server rendering across the federation (issue 17): how `RemoteView` renders a remote's module
 * when the page is drawn on the server, and while the browser hydrates that HTML.
 *
 * - On the server, the modules of the remotes' server builds are given in `ServerModulesContext`
 *   and rendered in place; a module that is not there (a fragment of a remote without a server
 *   build, like the booking panel) renders its loading view.
 * - In the browser, during the first render of a server-rendered page, `HydrationContext` names
 *   the modules the server rendered. Those are rendered as usual (their lazy component suspends
 *   and React keeps the server's HTML until the code is there); every other one renders the same
 *   loading view as the server did, then loads once hydrated. So the first client render matches.
 */
import { createContext, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- remote components take whatever props their page defines
export type ServerModules = ReadonlyMap<string, ComponentType<any>>;

export const ServerModulesContext = createContext<ServerModules | null>(null);

export interface Hydration {
  /** The modules whose HTML the server rendered. */
  modules: ReadonlySet<string>;
  /** Of those, the ones whose code could not be loaded before hydrating. */
  failed?: ReadonlySet<string>;
  /** The path the server rendered. */
  path?: string;
  /** Set once the first render is committed: later views render as on a client-rendered page. */
  done: boolean;
}

export const HydrationContext = createContext<Hydration | null>(null);
