/**
 * A part of a server-rendered page with nothing to do in the browser (a description, a list of
 * amenities, reviews, an FAQ answer, the footer): hydration keeps the server's nodes of it as they
 * are and React neither renders nor hydrates what is inside (issue 28, « Server rendering »).
 *
 * - On the server it renders its element and its children, like any element.
 * - While the browser hydrates that HTML, it renders the same element with an empty
 *   `dangerouslySetInnerHTML`: React adopts the element and does not descend into it, so the
 *   server's children stay on screen, untouched (no layout shift), and their components never run.
 *   `suppressHydrationWarning` silences the one difference React would note (the inner HTML).
 * - Mounted in the browser without server HTML under it (a client-side navigation, a page drawn
 *   afresh, an item shown later by a filter), it renders its children as usual.
 *
 * The choice is made when it mounts, for the page's path: a kept subtree is not updated while the
 * path stays, so only what the server rendered from the page's data and that does not change belongs
 * inside; at the first navigation its children are rendered. Nothing inside
 * may need a React handler (a button, a field): there is none on kept nodes. Links are the exception:
 * a click on a same-site link inside a kept subtree navigates within the app (the router's `navigate`),
 * as the `<Link>` it was rendered from would have.
 */
import { createElement, useCallback, useState, type HTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useHydrating } from './hydrating.js';

export interface StaticHtmlProps extends HTMLAttributes<HTMLElement> {
  /** The element that holds the static part (default `div`): it is rendered on both sides, with its attributes. */
  as?: 'div' | 'section' | 'footer' | 'p' | 'ul' | 'article' | 'aside' | 'nav';
  children?: ReactNode;
}

/** Same-origin link clicked without a modifier, left to the app's router rather than a page load. */
function appLinkOf(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target as Element | null;
  const anchor = target?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!anchor || !event.currentTarget.contains(anchor)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function StaticHtml({ as = 'div', children, onClick, ...attributes }: StaticHtmlProps) {
  const hydrating = useHydrating();
  const { pathname } = useLocation();
  // Decided at mount: after hydration React renders again with the client snapshot, and the kept
  // nodes must stay (rendering the children then would rebuild them). Kept for the page the server
  // rendered only: on another path (the footer stays, an apartment's page shows another apartment)
  // the children are rendered, and never kept again.
  const [keptFor, setKeptFor] = useState(() => (hydrating ? pathname : null));
  if (keptFor !== null && keptFor !== pathname) setKeptFor(null);
  const keep = keptFor !== null && keptFor === pathname;
  const navigate = useNavigate();
  const onKeptClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      onClick?.(event);
      const to = appLinkOf(event);
      if (to === null) return;
      event.preventDefault();
      void navigate(to);
    },
    [navigate, onClick],
  );

  if (!keep) return createElement(as, { ...attributes, onClick }, children);
  return createElement(as, {
    ...attributes,
    onClick: onKeptClick,
    suppressHydrationWarning: true,
    // The same empty string at every render: React leaves the inner HTML alone.
    dangerouslySetInnerHTML: KEEP_SERVER_HTML,
  });
}

const KEEP_SERVER_HTML = { __html: '' };
