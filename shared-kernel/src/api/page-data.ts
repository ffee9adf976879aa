/**
 * Data the server wrote into the page (issue 17), read instead of waiting for a round trip:
 * `<script type="application/json" id="…">` blocks are inert data, allowed by the CSP, and escaped
 * by the server so that no text can close them.
 *
 * - `sm-runtime-config`: the runtime configuration (what `/runtime-config.json` answers).
 * - `sm-donnees-initiales`: public GET answers keyed by their API path, for a visitor without a
 *   session. Each is used once, by the page's first request; later requests go to the network.
 * - `sm-rendu-serveur`: the remote modules the server rendered into the page (hydrated, not redrawn).
 *
 * On the server the same reads answer from the data of the page being rendered.
 */
import { PAGE_DATA_ELEMENT_ID, RUNTIME_CONFIG_ELEMENT_ID, SERVER_RENDER_ELEMENT_ID } from '../domain/page-data-keys.js';
import { readToken } from './token-storage.js';

function readJsonBlock(id: string): unknown {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The configuration written into the page, or undefined (then the shell fetches it). */
export function runtimeConfigInPage(): unknown {
  return readJsonBlock(RUNTIME_CONFIG_ELEMENT_ID);
}

let pageData: Map<string, unknown> | null = null;
/** On the server, the data of the page being rendered (one render at a time, see the API's renderer). */
let serverPageData: ReadonlyMap<string, unknown> | null = null;

/** Server rendering: the data `takePageData` answers during this render; `null` after it. */
export function setServerPageData(data: Record<string, unknown> | null): void {
  serverPageData = data === null ? null : new Map(Object.entries(data));
}

/**
 * The modules whose HTML the server rendered into the page, or null when the page was not server
 * rendered (the shell then renders from scratch instead of hydrating).
 */
export function serverRenderedModulesInPage(): string[] | null {
  const raw = readJsonBlock(SERVER_RENDER_ELEMENT_ID);
  return Array.isArray(raw) && raw.every((m) => typeof m === 'string') ? raw : null;
}

/**
 * The server's answer to GET `path` written into the page, once; undefined if there is none, if it
 * was used already, or if a session token exists (the server wrote the anonymous visitor's view).
 */
export function takePageData(path: string): unknown {
  if (serverPageData !== null) return serverPageData.get(path);
  if (pageData === null) {
    const raw = readJsonBlock(PAGE_DATA_ELEMENT_ID);
    pageData = new Map(raw && typeof raw === 'object' && !Array.isArray(raw) ? Object.entries(raw as Record<string, unknown>) : []);
  }
  if (!pageData.has(path)) return undefined;
  const value = pageData.get(path);
  pageData.delete(path);
  return readToken() === null ? value : undefined;
}

/** For tests. */
export function resetPageDataForTests(): void {
  pageData = null;
  serverPageData = null;
}
