/**
 * What the server writes into a page's HTML and the client reads back (issue 17): the ids of the
 * two JSON blocks, and the API paths that key the data block.
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'sm-runtime-config';
export const PAGE_DATA_ELEMENT_ID = 'sm-donnees-initiales';

/** API paths of the public catalogue, relative to the API base. */
export const APPARTEMENTS_PATH = '/appartements';
export const appartementPath = (slug: string): string => `/appartements/slug/${encodeURIComponent(slug)}`;
