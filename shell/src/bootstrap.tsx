/** Loaded behind the async boundary of index.ts, so the shared singletons are ready. */
import { startTransition, StrictMode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  HydrationContext,
  peekEarlyInput,
  loadRemoteDefault,
  readToken,
  replayEarlyInput,
  serverRenderedModulesInPage,
  takeEarlyInput,
  type Hydration,
} from 'shared-kernel';
import { App } from './app/App';
import { nextTask } from './next-task';
import { prepareStart } from './startup';
import './styles/shell.css';

/**
 * Marks the hydration as over at the first navigation (render-mode.ts in the kernel). Not at the
 * first commit: a server-rendered module hydrates later, when its code arrives, and the fragments it
 * renders (the booking panel) must then still match the server's HTML.
 */
function HydrationDone({ hydration }: { hydration: Hydration }) {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname !== first.current) hydration.done = true;
  }, [hydration, pathname]);
  return null;
}

/**
 * Once the page has hydrated (its first commit), gives React what the visitor did meanwhile. Until
 * then the capture script keeps clicks and stops typing from reaching React: an update while React
 * is still hydrating in slices rendered a page that no longer matched the server's HTML, and React
 * threw it away (what was typed with it).
 */
function ReleaseEarlyInput({ container }: { container: HTMLElement }) {
  useEffect(() => {
    // In a task of its own, outside React's effects: an event on a part not hydrated yet (a remote's
    // page is hydrated apart, inside its Suspense boundary) makes React hydrate it there and then.
    const id = setTimeout(() => replayEarlyInput(takeEarlyInput(container)), 0);
    return () => clearTimeout(id);
  }, [container]);
  return null;
}

async function main(): Promise<void> {
  // The start-up below in a task of its own, apart from the evaluation of this chunk's modules.
  await nextTask();
  await prepareStart();
  const container = document.getElementById('root');
  if (!container) throw new Error('Élément #root introuvable.');
  const rendered = serverRenderedModulesInPage();
  // The server renders a visitor without a session; with a stored token the first render differs
  // (the header of a signed-in user), so the page is drawn afresh instead.
  if (rendered !== null && container.firstChild && readToken() === null) {
    // The page's own code first: React then hydrates the whole page in one pass, so a click replayed
    // below (or made meanwhile) finds every control hydrated. A module whose code fails keeps the
    // server's HTML, readable, under its fallback's message (RemoteView, render-mode.ts).
    const loads = await Promise.allSettled(rendered.map((module) => loadRemoteDefault(module)));
    const failed = new Set(rendered.filter((_module, index) => loads[index]?.status === 'rejected'));
    const hydration: Hydration = { modules: new Set(rendered), failed, path: window.location.pathname, done: false };
    const early = peekEarlyInput(container);
    const hydrate = (release: boolean) =>
      hydrateRoot(
        container,
        <StrictMode>
          <HydrationContext.Provider value={hydration}>
            <App>
              <HydrationDone hydration={hydration} />
              {release ? <ReleaseEarlyInput container={container} /> : null}
            </App>
          </HydrationContext.Provider>
        </StrictMode>,
      );
    if (early) {
      // The visitor already clicked or typed (early-input.ts in the kernel): hydrate now, then replay.
      const taken = takeEarlyInput(container);
      flushSync(() => hydrate(false));
      replayEarlyInput(taken);
    } else {
      // In a transition, hydration yields to the browser every few milliseconds instead of one long
      // task: the server's HTML is already on screen, so nothing waits for it but input handlers.
      // What the visitor does meanwhile is kept until it commits (ReleaseEarlyInput).
      startTransition(() => {
        hydrate(true);
      });
    }
    return;
  }
  // Drawn afresh: what was done on the server's HTML has no meaning for the new page.
  takeEarlyInput(container);
  container.replaceChildren();
  const root = createRoot(container);
  // A transition lets React render in slices and yield to the browser between them, instead of one
  // long task that counts as blocking time on a phone (issue 17).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void main();
