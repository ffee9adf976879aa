/**
 * A part of a server-rendered page that hydrates after the rest (issue 28: hydrate by priority).
 * The page hydrates what the visitor sees and uses first; an island below the fold (the result
 * cards, the towns, the closed filter panel) keeps the server's HTML, on screen and readable, and
 * hydrates on its own, in a task of its own:
 *
 * - `when="visible"`: once it comes within 200 px of the window (an IntersectionObserver);
 * - `when="idle"`: once the browser is idle (`requestIdleCallback`, at most 2 s later);
 * - at once when the visitor touches, clicks, focuses or types inside it: a listener on the document
 *   (before React's, on the root) opens it, so React hydrates it there and then and the event
 *   reaches its handler (a click replayed after hydration by the shell too);
 * - at once when it renders new content or the address changes: React can only update a part it has
 *   hydrated (otherwise it would drop the server's HTML and draw the part afresh).
 *
 * How: its content sits in a Suspense boundary (no fallback) whose child waits on the island's gate
 * while the page hydrates. React keeps a suspended boundary's server HTML and hydrates it when the
 * gate opens. Mounted afresh (a client-side navigation, a page drawn in the browser), the gate is open
 * from the start and it renders as any element. On the server, its element and content as usual.
 */
import { createElement, Suspense, use, useLayoutEffect, useMemo, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useHydrating } from './hydrating.js';

export type IslandWhen = 'visible' | 'idle';

export interface IslandProps extends HTMLAttributes<HTMLElement> {
  /** When it hydrates if nobody touches it first. */
  when: IslandWhen;
  /** The element that holds it, hydrated with the page (default `div`). */
  as?: 'div' | 'section' | 'ul' | 'ol' | 'nav' | 'aside';
  children?: ReactNode;
}

interface Gate {
  readonly promise: Promise<void>;
  isOpen(): boolean;
  open(): void;
}

const OPEN: Gate = { promise: Promise.resolve(), isOpen: () => true, open: () => undefined };

function closedGate(): Gate {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  let opened = false;
  return {
    promise,
    isOpen: () => opened,
    open() {
      if (opened) return;
      opened = true;
      resolve();
    },
  };
}

/**
 * What the boundary renders: it waits for the gate while closed, then renders the content. Open is
 * read first, so a render in the very event that opened it (React hydrating a part clicked before)
 * goes on at once.
 */
function Gated({ gate, children }: { gate: Gate; children?: ReactNode }) {
  if (!gate.isOpen()) use(gate.promise);
  return children;
}

/**
 * The events that open an island the visitor reaches before it has hydrated: a pointer comes before
 * a mouse or touch event, focus before typing; a click alone is a replayed or keyboard one.
 */
const INTERACTIONS = ['pointerdown', 'focusin', 'keydown', 'click'] as const;

const IDLE_TIMEOUT_MS = 2000;
const VISIBLE_MARGIN = '200px';

export function Island({ when, as = 'div', children, ...attributes }: IslandProps) {
  const hydrating = useHydrating();
  const [gate] = useState<Gate>(() => (hydrating ? closedGate() : OPEN));
  const element = useRef<HTMLElement>(null);
  const { pathname, search, hash } = useLocation();
  const address = `${pathname}${search}${hash}`;
  // What it rendered while hydrating: new content or a new address opens it, in this render, before
  // React reaches the boundary.
  const first = useRef({ children, address });
  if (!gate.isOpen() && (children !== first.current.children || address !== first.current.address)) gate.open();

  useLayoutEffect(() => {
    const node = element.current;
    if (gate.isOpen() || !node) return;
    const cleanups: (() => void)[] = [];
    const onInteraction = (event: Event) => {
      if (event.target instanceof Node && node.contains(event.target)) gate.open();
    };
    for (const type of INTERACTIONS) document.addEventListener(type, onInteraction, { capture: true, passive: true });
    cleanups.push(() => {
      for (const type of INTERACTIONS) document.removeEventListener(type, onInteraction, { capture: true });
    });
    if (when === 'visible' && typeof IntersectionObserver === 'function') {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) gate.open();
        },
        { rootMargin: VISIBLE_MARGIN },
      );
      observer.observe(node);
      cleanups.push(() => observer.disconnect());
    } else if (when === 'idle' && typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => gate.open(), { timeout: IDLE_TIMEOUT_MS });
      cleanups.push(() => cancelIdleCallback(id));
    } else {
      // Without the browser's API (an old browser, a test's DOM): in a task of its own, soon.
      const id = setTimeout(() => gate.open(), 0);
      cleanups.push(() => clearTimeout(id));
    }
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  }, [gate, when]);

  // The same boundary element while the content is the same: a render of the island alone (the
  // address it reads) leaves the boundary as it is.
  const boundary = useMemo(
    () => (
      <Suspense fallback={null}>
        <Gated gate={gate}>{children}</Gated>
      </Suspense>
    ),
    [gate, children],
  );
  return createElement(as, { ...attributes, ref: element }, boundary);
}
