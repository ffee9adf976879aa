/** Loaded behind the async boundary of index.ts, so the shared singletons are ready. */
import { startTransition, StrictMode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HydrationContext, readToken, serverRenderedModulesInPage, type Hydration } from 'shared-kernel';
import { App } from './app/App';
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

async function main(): Promise<void> {
  await prepareStart();
  const container = document.getElementById('root');
  if (!container) throw new Error('Élément #root introuvable.');
  const rendered = serverRenderedModulesInPage();
  // The server renders a visitor without a session; with a stored token the first render differs
  // (the header of a signed-in user), so the page is drawn afresh instead.
  if (rendered !== null && container.firstChild && readToken() === null) {
    const hydration: Hydration = { modules: new Set(rendered), done: false };
    // In a transition, hydration yields to the browser every few milliseconds instead of one long
    // task: the server's HTML is already on screen, so nothing waits for it but input handlers.
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <HydrationContext.Provider value={hydration}>
            <App>
              <HydrationDone hydration={hydration} />
            </App>
          </HydrationContext.Provider>
        </StrictMode>,
      );
    });
    return;
  }
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
