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
  '/location/:ville',
  '/appartement/:slug',
  '/appartement/:slug/avis',
  '/appartement/:slug/checkout',
  '/reservation/:id',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password/:token',
  '/verifier-email/:token',
  '/profile',
  '/messagerie',
  '/admin',
  '/admin/add-appartement',
  '/admin/reservations',
  '/admin/client/:userId',
  '/admin/taxe-de-sejour',
  '/admin/demandes-proprietaires',
  '/admin/calendrier',
  '/admin/remboursements',
  '/admin/comptabilite',
  '/admin/avis',
  '/admin/planning',
] as const;

const matchers = PAGE_ROUTES.map((route) => new RegExp(route === '/' ? '^/$' : `^${route.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`));

export function isPageRoute(pathname: string): boolean {
  return matchers.some((re) => re.test(pathname));
}

/**
 * The public pages, each one exposed page of a remote. The shell builds its public routes from this
 * table and the server reads it to announce, in the page's HTML, the remote files that page will load.
 */
export const PUBLIC_PAGES = [
  { path: '/', module: 'catalog/HomePage', title: 'Accueil' },
  { path: '/about', module: 'catalog/AboutPage', title: 'À propos' },
  { path: '/faq', module: 'catalog/FaqPage', title: 'FAQ' },
  { path: '/loyer-garanti', module: 'catalog/OwnersPage', title: 'Propriétaires' },
  // Another address of the owners' page: search engines are sent to the first one.
  { path: '/proprietaires', module: 'catalog/OwnersPage', title: 'Propriétaires', canonical: '/loyer-garanti' },
  { path: '/mentions-legales', module: 'catalog/MentionsLegalesPage', title: 'Mentions légales' },
  { path: '/cgv', module: 'catalog/CgvPage', title: 'Conditions générales de vente' },
  { path: '/confidentialite', module: 'catalog/ConfidentialitePage', title: 'Politique de confidentialité' },
  { path: '/location/:ville', module: 'catalog/TownPage', title: 'Location meublée' },
  { path: '/appartement/:slug', module: 'catalog/ApartmentPage', title: 'Appartement' },
  { path: '/appartement/:slug/avis', module: 'catalog/ReviewsPage', title: 'Avis' },
] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];

const publicMatchers = PUBLIC_PAGES.map((page) => ({
  page,
  re: new RegExp(page.path === '/' ? '^/$' : `^${page.path.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`),
}));

/** The public page of a path, if it is one. */
export function publicPageFor(pathname: string): PublicPage | undefined {
  return publicMatchers.find(({ re }) => re.test(pathname))?.page;
}
