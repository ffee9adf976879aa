/**
 * What the server writes into a page's HTML and the client reads back (issue 17): the ids of the
 * JSON blocks, and the API paths that key the data block.
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'sm-runtime-config';
export const PAGE_DATA_ELEMENT_ID = 'sm-donnees-initiales';
/** The modules the server rendered into `#root` (server rendering): their HTML is hydrated. */
export const SERVER_RENDER_ELEMENT_ID = 'sm-rendu-serveur';
/** The `<style>` of the design tokens and kernel classes (written by the server on a server-rendered page). */
export const DESIGN_TOKENS_STYLE_ID = 'sm-design-tokens';

/** API paths of the public catalogue, relative to the API base. */
export const APPARTEMENTS_PATH = '/appartements';
export const appartementPath = (slug: string): string => `/appartements/slug/${encodeURIComponent(slug)}`;
