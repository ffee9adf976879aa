/**
 * Data the server wrote into the page (issue 17), read instead of waiting for a round trip:
 * `<script type="application/json" id="…">` blocks are inert data, allowed by the CSP, and escaped
 * by the server so that no text can close them.
 *
 * - `sm-runtime-config`: the runtime configuration (what `/runtime-config.json` answers).
 * - `sm-donnees-initiales`: public GET answers keyed by their API path, for a visitor without a
 *   session. They fill the query cache before the first render (`fillPageQueries`), on the server
 *   for its render and in the browser for hydration, so neither asks for them.
 * - `sm-rendu-serveur`: the remote modules the server rendered into the page (hydrated, not redrawn).
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

/**
 * @deprecated Kept for releases built against kernel 0.1.0-0.1.3 (removing an export breaks the
 * release line); the page's data now fills each render's query cache (`fillPageQueries`).
 */
export function setServerPageData(_data: Record<string, unknown> | null): void {}

/**
 * The modules whose HTML the server rendered into the page, or null when the page was not server
 * rendered (the shell then renders from scratch instead of hydrating).
 */
export function serverRenderedModulesInPage(): string[] | null {
  const raw = readJsonBlock(SERVER_RENDER_ELEMENT_ID);
  return Array.isArray(raw) && raw.every((m) => typeof m === 'string') ? raw : null;
}

/**
 * The page's data for the query cache (`fillPageQueries`), or undefined when the page holds none or
 * a session token is stored: the server wrote the anonymous visitor's view (an admin also sees drafts).
 */
export function pageDataInPage(): Record<string, unknown> | undefined {
  const raw = readJsonBlock(PAGE_DATA_ELEMENT_ID);
  return readToken() === null && raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
}

/**
 * @deprecated Releases built against kernel 0.1.0-0.1.3 read the page's data through this; it is in
 * the query cache now, so they find none and fetch.
 */
export function takePageData(_path: string): unknown {
  return undefined;
}

/** @deprecated Nothing to reset: the page's data is in each query client. */
export function resetPageDataForTests(): void {}
