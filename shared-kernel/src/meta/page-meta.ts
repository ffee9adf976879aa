/**
 * A page's head: how the page that owns a route declares its title, description, main photo and
 * whether search engines may index it (issue 27). One call, `usePageMeta`, does both sides:
 * - in the browser it keeps the document's head in step on every navigation (title, description,
 *   canonical and Open Graph URL, og:title/description/image, robots);
 * - during a server render (no `document`: the API's render worker) it records the declaration,
 *   which the worker hands to the API with the HTML (`takeServerPageHead`), so the head the server
 *   sends is the one the page declares, not the shell's generic one.
 */
import { useEffect } from 'react';
import { getRuntimeConfig } from '../api/runtime-config.js';
import { publicPageFor } from '../domain/page-routes.js';

export interface PageHeadOptions {
  /** The page's main photo for link previews: a path of this site or an https URL. */
  image?: string | null;
  /** Search engines must not index the page. By default: every page that is not in `PUBLIC_PAGES`. */
  noindex?: boolean;
}

/** A page's head as declared, the site's name already added to its title. */
export interface PageHead {
  title: string;
  description: string | null;
  image: string | null;
  noindex: boolean;
}

/** The head declared during the current server render (renders are one at a time per worker). */
let serverHead: PageHead | null = null;

function headOf(title: string, description: string | undefined, options: PageHeadOptions, pathname: string | null): PageHead {
  return {
    title: `${title} | ${getRuntimeConfig().siteName}`,
    description: description ?? null,
    image: options.image ?? null,
    noindex: options.noindex ?? (pathname !== null && !publicPageFor(pathname)),
  };
}

/** What the page rendered on the server declared, and forgets it (called before and after each render). */
export function takeServerPageHead(): PageHead | null {
  const head = serverHead;
  serverHead = null;
  return head;
}

function headElement<T extends HTMLElement>(selector: string, create: () => T): T {
  const found = document.head.querySelector<T>(selector);
  if (found) return found;
  const element = create();
  document.head.appendChild(element);
  return element;
}

function meta(attribute: 'name' | 'property', key: string, content: string | null): void {
  const selector = `meta[${attribute}="${key}"]`;
  if (content === null) {
    document.head.querySelector(selector)?.remove();
    return;
  }
  headElement(selector, () => {
    const element = document.createElement('meta');
    element.setAttribute(attribute, key);
    return element;
  }).setAttribute('content', content);
}

export function setPageMeta(title: string, description?: string, options: PageHeadOptions = {}): void {
  const head = headOf(title, description, options, window.location.pathname);
  document.title = head.title;
  meta('property', 'og:title', head.title);
  if (head.description !== null) {
    meta('name', 'description', head.description);
    meta('property', 'og:description', head.description);
  }
  // The canonical URL keeps the origin the server wrote (SITE_ORIGIN), with this page's path.
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  const url = new URL(window.location.pathname, canonical?.href || window.location.origin).href;
  if (canonical) canonical.href = url;
  if (document.head.querySelector('meta[property="og:url"]')) meta('property', 'og:url', url);
  meta('property', 'og:image', head.image === null ? null : new URL(head.image, url).href);
  meta('name', 'robots', head.noindex ? 'noindex' : null);
}

export function usePageMeta(title: string, description?: string, options: PageHeadOptions = {}): void {
  const { image, noindex } = options;
  // Effects do not run on the server: the declaration is recorded while rendering there.
  if (typeof document === 'undefined') serverHead = headOf(title, description, options, null);
  useEffect(() => setPageMeta(title, description, { image, noindex }), [title, description, image, noindex]);
}
