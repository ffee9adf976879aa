/**
 * Data the server wrote into the page (issue 17), read instead of waiting for a round trip:
 * `<script type="application/json" id="…">` blocks are inert data, allowed by the CSP, and escaped
 * by the server so that no text can close them.
 *
 * - `sm-runtime-config`: the runtime configuration (what `/runtime-config.json` answers).
 * - `sm-donnees-initiales`: public GET answers keyed by their API path, for a visitor without a
 *   session. Each is used once, by the page's first request; later requests go to the network.
 */
import { PAGE_DATA_ELEMENT_ID, RUNTIME_CONFIG_ELEMENT_ID } from '../domain/page-data-keys.js';
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

/**
 * The server's answer to GET `path` written into the page, once; undefined if there is none, if it
 * was used already, or if a session token exists (the server wrote the anonymous visitor's view).
 */
export function takePageData(path: string): unknown {
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
}
