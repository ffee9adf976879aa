/**
 * The site's page routes (spec route table, DECISIONS 17 and 20). The server answers 404 for any
 * other path while still serving the shell, which renders the not-found page.
 */
export const PAGE_ROUTES = [
  '/',
  '/about',
  '/faq',
  '/loyer-garanti',
  '/proprietaires',
  '/mentions-legales',
  '/cgv',
  '/confidentialite',
  '/appartement/:slug',
  '/appartement/:slug/avis',
  '/appartement/:slug/checkout',
  '/reservation/:id',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password/:token',
  '/profile',
  '/messagerie',
  '/admin/add-appartement',
  '/admin/reservations',
  '/admin/client/:userId',
  '/admin/taxe-de-sejour',
  '/admin/demandes-proprietaires',
  '/admin/calendrier',
] as const;

const matchers = PAGE_ROUTES.map((route) => new RegExp(route === '/' ? '^/$' : `^${route.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`));

export function isPageRoute(pathname: string): boolean {
  return matchers.some((re) => re.test(pathname));
}
