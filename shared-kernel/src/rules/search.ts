/**
 * The home page's search (issue 32, DECISIONS 39): a stay, travellers, filters and an order, kept in
 * the page's address (`/?arrivee=…&depart=…&adultes=…&enfants=…`) so that it is shareable and the
 * server renders its first page. One reading of the address for the browser and the server, and
 * one way to write it, so both ask the API the same question (and key the page data the same way).
 */
import { slugify } from './slug.js';
import { parseIsoDate } from './stay.js';

export const SEARCH_SORTS = ['pertinence', 'prix', 'note'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** Apartments per page on the home page (the API accepts up to 48). */
export const HOME_PAGE_SIZE = 24;
export const TRAVELLERS_MAX = 20;

export interface StaySearch {
  arrivee: string | null;
  depart: string | null;
  adultes: number;
  enfants: number;
  tri: SearchSort;
  /** The town's slug (`ville=thionville`; the API also takes its name), or null for every town. */
  ville: string | null;
  texte: string;
  prixMin: number | null;
  prixMax: number | null;
  equipements: string[];
  localisations: string[];
  chambres: number;
  sallesDeBain: number;
}

export const EMPTY_SEARCH: StaySearch = {
  arrivee: null,
  depart: null,
  adultes: 1,
  enfants: 0,
  tri: 'pertinence',
  ville: null,
  texte: '',
  prixMin: null,
  prixMax: null,
  equipements: [],
  localisations: [],
  chambres: 0,
  sallesDeBain: 0,
};

const count = (text: string | null, fallback: number, min: number): number => {
  if (text === null || !/^\d{1,3}$/.test(text)) return fallback;
  return Math.min(TRAVELLERS_MAX, Math.max(min, Number(text)));
};
const price = (text: string | null): number | null => (text !== null && /^\d{1,6}$/.test(text) ? Number(text) : null);
const distinct = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/**
 * Reads the address tolerantly (it can be edited by hand): dates that are not a stay are dropped,
 * counts are bounded; the API still checks everything (past dates, limits, minimum stay).
 */
export function readStaySearch(params: URLSearchParams): StaySearch {
  const arrivee = params.get('arrivee');
  const depart = params.get('depart');
  const stay = arrivee !== null && depart !== null && parseIsoDate(arrivee) !== null && parseIsoDate(depart) !== null && depart > arrivee;
  const tri = params.get('tri') as SearchSort | null;
  return {
    arrivee: stay ? arrivee : null,
    depart: stay ? depart : null,
    adultes: count(params.get('adultes'), 1, 1),
    enfants: count(params.get('enfants'), 0, 0),
    tri: tri !== null && SEARCH_SORTS.includes(tri) ? tri : 'pertinence',
    ville: slugify(params.get('ville') ?? '') || null,
    texte: (params.get('q') ?? '').trim().slice(0, 100),
    prixMin: price(params.get('prixMin')),
    prixMax: price(params.get('prixMax')),
    equipements: distinct(params.getAll('equipement')),
    localisations: distinct(params.getAll('localisation')),
    chambres: count(params.get('chambres'), 0, 0),
    sallesDeBain: count(params.get('sallesDeBain'), 0, 0),
  };
}

export function hasStay(s: StaySearch): s is StaySearch & { arrivee: string; depart: string } {
  return s.arrivee !== null && s.depart !== null;
}

/** The address's query, in a fixed order, without what is the default ('' for none). */
export function staySearchQuery(s: StaySearch): string {
  const p = new URLSearchParams();
  if (hasStay(s)) {
    p.set('arrivee', s.arrivee);
    p.set('depart', s.depart);
  }
  if (hasStay(s) || s.adultes !== 1 || s.enfants !== 0) {
    p.set('adultes', String(s.adultes));
    p.set('enfants', String(s.enfants));
  }
  if (s.ville) p.set('ville', s.ville);
  if (s.tri !== 'pertinence') p.set('tri', s.tri);
  if (s.texte) p.set('q', s.texte);
  if (s.prixMin !== null) p.set('prixMin', String(s.prixMin));
  if (s.prixMax !== null) p.set('prixMax', String(s.prixMax));
  for (const e of s.equipements) p.append('equipement', e);
  for (const l of s.localisations) p.append('localisation', l);
  if (s.chambres > 0) p.set('chambres', String(s.chambres));
  if (s.sallesDeBain > 0) p.set('sallesDeBain', String(s.sallesDeBain));
  const text = p.toString();
  return text ? `?${text}` : '';
}

/** GET /api/appartements's query for a page of this search. */
export function searchApiQuery(s: StaySearch, page: number, parPage = HOME_PAGE_SIZE): string {
  const own = staySearchQuery(s);
  return `${own ? `${own}&` : '?'}page=${page}&parPage=${parPage}`;
}

/** The key of the first page's data the server writes into the home page (an API path, as every page data key). */
export function searchDataKey(s: StaySearch): string {
  return `/appartements${searchApiQuery(s, 1)}`;
}

/** Whether a filter beyond the stay and travellers narrows the list (the 'Réinitialiser' button). */
export function isSearchFiltered(s: StaySearch): boolean {
  return (
    s.texte !== '' ||
    s.prixMin !== null ||
    s.prixMax !== null ||
    s.equipements.length > 0 ||
    s.localisations.length > 0 ||
    s.chambres > 0 ||
    s.sallesDeBain > 0
  );
}

/** The address of a town's page (`/location/:slug`). */
export const townPagePath = (slug: string): string => `/location/${encodeURIComponent(slug)}`;

/** A town page's title, without the site's name (« Location meublée à Thionville »). */
export const townPageTitle = (ville: string): string => `Location meublée à ${ville}`;

/** A town page's description, for search results and link previews. */
export function townPageDescription(ville: string, nombre: number): string {
  const count = nombre > 1 ? `${nombre} appartements meublés` : nombre === 1 ? 'Un appartement meublé' : 'Des appartements meublés';
  return `${townPageTitle(ville)} pour vos courts séjours : ${count} à réserver en ligne, avec leurs photos, leur prix pour vos dates et les avis des voyageurs.`;
}

/** The apartment page's address carrying the stay, which its booking panel reads. */
export function apartmentStayQuery(s: StaySearch): string {
  if (!hasStay(s)) return '';
  return `?${new URLSearchParams({ arrivee: s.arrivee, depart: s.depart, adultes: String(s.adultes), enfants: String(s.enfants) })}`;
}
