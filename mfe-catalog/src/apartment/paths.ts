/** Addresses of an apartment's pages (routes of the shell: /appartement/:slug and /appartement/:slug/avis). */
export function apartmentPath(slug: string): string {
  return `/appartement/${encodeURIComponent(slug)}`;
}

export function reviewsPath(slug: string): string {
  return `${apartmentPath(slug)}/avis`;
}
