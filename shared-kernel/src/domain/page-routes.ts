/**
 * The site's pages, in one place: the shell builds its routes from these tables and the server reads
 * them to tell a page from a 404 and to announce the remote files a public page will load.
 */

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

/** Pages of a remote for a signed-in user: the shell sends a visitor to /login first. */
export const SIGNED_IN_PAGES = [
  { path: '/appartement/:slug/checkout', module: 'booking/CheckoutPage', title: 'Réserver votre séjour' },
  { path: '/reservation/:id', module: 'account/ReservationPage', title: 'Détails de la réservation' },
  { path: '/profile', module: 'account/ProfilePage', title: 'Mon profil' },
  { path: '/messagerie', module: 'messaging/MessagingPage', title: 'Messagerie' },
] as const;

/** The admin remote's pages, its dashboard at /admin itself: the shell shows them to an admin only. */
export const ADMIN_PAGES = [
  { path: '/admin', module: 'admin/DashboardPage', title: 'Tableau de bord' },
  { path: '/admin/add-appartement', module: 'admin/AddApartmentPage', title: 'Ajouter un appartement' },
  { path: '/admin/reservations', module: 'admin/ReservationsPage', title: 'Gestion des Réservations' },
  { path: '/admin/client/:userId', module: 'admin/ClientPage', title: 'Profil client' },
  { path: '/admin/taxe-de-sejour', module: 'admin/TaxeSejourPage', title: 'Taxe de séjour' },
  { path: '/admin/demandes-proprietaires', module: 'admin/LeadsPage', title: 'Demandes propriétaires' },
  { path: '/admin/calendrier', module: 'admin/CalendarPage', title: 'Calendrier' },
  { path: '/admin/remboursements', module: 'admin/RefundsPage', title: 'Remboursements à effectuer' },
  { path: '/admin/comptabilite', module: 'admin/ComptabilitePage', title: 'Comptabilité' },
  { path: '/admin/avis', module: 'admin/ReviewsPage', title: 'Avis des voyageurs' },
  { path: '/admin/planning', module: 'admin/PlanningPage', title: 'Planning' },
] as const;

/** The shell's own pages: signing in and getting an account back. */
const SHELL_PAGES = ['/login', '/register', '/forgot-password', '/reset-password/:token', '/verifier-email/:token'] as const;

/**
 * Every page's address (spec route table, DECISIONS 17 and 20): the server answers 404 for any other
 * path while still serving the shell, which renders the not-found page.
 */
export const PAGE_ROUTES: readonly string[] = [
  ...[...PUBLIC_PAGES, ...SIGNED_IN_PAGES, ...ADMIN_PAGES].map((page) => page.path),
  ...SHELL_PAGES,
];

/** A route's pattern (`:name` stands for one path segment), with or without a final slash. */
const routeRegExp = (route: string) => new RegExp(route === '/' ? '^/$' : `^${route.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`);

const matchers = PAGE_ROUTES.map(routeRegExp);

/** Whether a path is one of the site's pages (else the server answers 404 with the shell's not-found page). */
export function isPageRoute(pathname: string): boolean {
  return matchers.some((re) => re.test(pathname));
}

const publicMatchers = PUBLIC_PAGES.map((page) => ({ page, re: routeRegExp(page.path) }));

/** The public page of a path, if it is one. */
export function publicPageFor(pathname: string): PublicPage | undefined {
  return publicMatchers.find(({ re }) => re.test(pathname))?.page;
}
