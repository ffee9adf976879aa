/**
 * The catalogue search (issue 32, DECISIONS 39): GET /api/appartements with a stay, travellers,
 * filters, an order and a page. The database keeps only the apartments free for every night of the
 * stay (NOT EXISTS on blocked nights and on stays holding their nights: the rules of the calendar
 * and of the booking) and matching the filters; the rules read from an apartment's JSON (capacity,
 * equipment, minimum stay) are then applied with the decoders and rules the quote uses, over light
 * rows; only the page's apartments are read whole and quoted, with the quote's own code.
 */
import { and, asc, desc, eq, gte, inArray, lte, max, min, notExists, or, sql, type SQL } from 'drizzle-orm';
import {
  decodeCapacite,
  decodeStringList,
  type Appartement,
  type AppartementTrouve,
  type Capacite,
  type PageAppartements,
} from 'shared-kernel/domain';
import {
  decodeReglesTarifaires,
  prixApartirDe,
  sejourMinimumPour,
  slugify,
  type ReglesTarifaires,
  type StayLimits,
  type StaySearch,
} from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { appartements, occupations, reservations } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { parseTravellers, quoteWithRates, type PricedApartment, type Travellers } from '../pricing/quote.js';
import { currentTaux } from '../pricing/taux.js';
import { holdsItsNights, validateStay } from '../reservations/service.js';
import { averageNote, toApiAppartement, type Visibility } from './service.js';
import { inTown, publicTown, townsOf, type Town } from './towns.js';
import { stampedCache } from '../../cache/stamped.js';
import { tableVersions } from '../../cache/table-versions.js';

export const MAX_PER_PAGE = 48;
export const DEFAULT_PER_PAGE = 24;
export const SORTS = ['pertinence', 'prix', 'note'] as const;
export type Tri = (typeof SORTS)[number];

export const SORT_INVALID = 'Le tri doit être « pertinence », « prix » ou « note ».';
export const PAGE_INVALID = 'La page doit être un entier supérieur ou égal à 1.';
export const PER_PAGE_INVALID = `Le nombre de logements par page doit être un entier entre 1 et ${MAX_PER_PAGE}.`;
export const PRICE_INVALID = 'Les prix minimum et maximum doivent être des nombres positifs.';
export const COUNT_INVALID = 'Le nombre de chambres et de salles de bain doit être un entier positif ou nul.';

/** The query string as Fastify gives it (a repeated parameter is an array). */
export interface SearchQuery {
  arrivee?: string;
  depart?: string;
  adultes?: string;
  enfants?: string;
  tri?: string;
  ville?: string;
  page?: string;
  parPage?: string;
  q?: string;
  prixMin?: string;
  prixMax?: string;
  equipement?: string | string[];
  localisation?: string | string[];
  chambres?: string;
  sallesDeBain?: string;
}

/** The parameters that make a request a search rather than the bare first page (served from the list cache). */
export const SEARCH_PARAMS: readonly (keyof SearchQuery)[] = [
  'arrivee',
  'depart',
  'adultes',
  'enfants',
  'tri',
  'ville',
  'page',
  'parPage',
  'q',
  'prixMin',
  'prixMax',
  'equipement',
  'localisation',
  'chambres',
  'sallesDeBain',
];

/** The filters mean what the home page's search (the kernel's StaySearch) means; `ville` is always the slug here. */
export interface Criteria extends Pick<
  StaySearch,
  'ville' | 'texte' | 'prixMin' | 'prixMax' | 'equipements' | 'localisations' | 'chambres' | 'sallesDeBain'
> {
  stay: { arrivee: string; depart: string; nuits: number } | null;
  /** Capacity asked (adults + children); null: no travellers given. */
  travellers: Travellers | null;
  tri: Tri;
  page: number;
  parPage: number;
}

const list = (v: string | string[] | undefined): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((s) => s.trim()).filter(Boolean);

function intParam(value: string | undefined, fallback: number, minimum: number, maximum: number, message: string): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw badRequest(message);
  const n = Number(value);
  if (n < minimum || n > maximum) throw badRequest(message);
  return n;
}

function priceParam(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(value)) throw badRequest(PRICE_INVALID);
  return Number(value);
}

/** The search's criteria, or the French 400 of the first wrong one (a stay: the quote's own messages). */
export function parseSearch(query: SearchQuery, limits: StayLimits): Criteria {
  const { arrivee, depart } = query;
  let stay: Criteria['stay'] = null;
  if ((arrivee ?? '') !== '' || (depart ?? '') !== '') {
    const nuits = validateStay(arrivee ?? '', depart ?? '', limits);
    stay = { arrivee: arrivee!, depart: depart!, nuits };
  }
  const asked = (query.adultes ?? '') !== '' || (query.enfants ?? '') !== '';
  // A stay is always for someone: one adult when not said, as the quote assumes.
  const travellers = asked || stay ? parseTravellers(query.adultes ?? '1', query.enfants) : null;
  const tri = (query.tri ?? 'pertinence') as Tri;
  if (!SORTS.includes(tri)) throw badRequest(SORT_INVALID);
  const prixMin = priceParam(query.prixMin);
  const prixMax = priceParam(query.prixMax);
  return {
    stay,
    travellers,
    tri,
    ville: townSlug(query.ville),
    page: intParam(query.page, 1, 1, 100_000, PAGE_INVALID),
    parPage: intParam(query.parPage, DEFAULT_PER_PAGE, 1, MAX_PER_PAGE, PER_PAGE_INVALID),
    texte: (query.q ?? '').trim().slice(0, 100),
    prixMin,
    prixMax,
    equipements: list(query.equipement),
    localisations: list(query.localisation),
    chambres: intParam(query.chambres, 0, 0, 100, COUNT_INVALID),
    sallesDeBain: intParam(query.sallesDeBain, 0, 0, 100, COUNT_INVALID),
  };
}

/** A town named by its slug or its name ('Montigny-lès-Metz' is 'montigny-les-metz'); text that makes no slug names no town. */
function townSlug(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  return slugify(text) || text;
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filters the database applies, one per criterion: a new criterion is one more entry here and one more field of `Criteria`. */
const SQL_FILTERS: ((c: Criteria, towns: Town[]) => SQL | undefined)[] = [
  (c) =>
    c.texte
      ? or(
          sql`lower(${appartements.titre}) like ${likePattern(c.texte)} escape '\\'`,
          sql`lower(${appartements.localisation}) like ${likePattern(c.texte)} escape '\\'`,
        )
      : undefined,
  (c) => (c.prixMin !== null ? gte(appartements.prixParNuit, c.prixMin) : undefined),
  (c) => (c.prixMax !== null ? lte(appartements.prixParNuit, c.prixMax) : undefined),
  (c) => (c.localisations.length > 0 ? inArray(appartements.localisation, c.localisations) : undefined),
  (c, towns) => (c.ville !== null ? inTown(towns.find((t) => t.slug === c.ville)) : undefined),
  (c) => (c.stay ? freeForEveryNight(c.stay.arrivee, c.stay.depart) : undefined),
];

/**
 * No blocked night (manual or imported) and no stay holding a night in [arrivee, depart): the departure
 * day stays free. The overlap is written on the columns (end after arrival, start before departure) so
 * that (appartement_id, end_date) reads only the stays still running at the arrival (migration 0023).
 */
function freeForEveryNight(arrivee: string, depart: string): SQL {
  return and(
    notExists(
      sql`(select 1 from ${occupations} where ${occupations.appartementId} = ${appartements.id} and ${occupations.genre} = 'blocage' and ${occupations.debut} >= ${arrivee} and ${occupations.debut} < ${depart})`,
    ),
    notExists(
      sql`(select 1 from ${reservations} where ${reservations.appartementId} = ${appartements.id} and ${reservations.endDate} > ${arrivee} and ${reservations.startDate} < ${depart} and ${holdsItsNights()})`,
    ),
  )!;
}

/**
 * An apartment as the search uses it, read from its row: the rules decoded once with the quote's
 * decoders, the raw pricing columns the quote itself reads, and the apartment as the API sends it.
 */
interface SearchRow {
  id: number;
  capacite: Capacite;
  inclus: string[];
  regles: ReglesTarifaires;
  /** What quoteWithRates reads, as stored: the price shown is the quote's own. */
  pricing: PricedApartment;
  apartment: Appartement;
}

/**
 * The rows already read, per database, each with the version of the row it was read from (its
 * `xmin`: every write of a row, by any path or process, gives it a new one). A search asks the
 * database only which apartments match and their versions, and reads whole only the rows it has not
 * seen at that version: the answer is the rows as they are, never an older copy.
 */
type RowCache = Map<number, { version: string; row: SearchRow }>;
const rowCaches = new WeakMap<AppDb, RowCache>();

const rowVersion = sql<string>`${appartements}.xmin::text`;

async function searchRows(db: AppDb, wanted: { id: number; version: string }[]): Promise<Map<number, SearchRow>> {
  let cache = rowCaches.get(db);
  if (!cache) rowCaches.set(db, (cache = new Map() as RowCache));
  const missing = wanted.filter((w) => cache.get(w.id)?.version !== w.version).map((w) => w.id);
  if (missing.length > 0) {
    const rows = await db.select({ row: appartements, version: rowVersion }).from(appartements).where(inArray(appartements.id, missing));
    for (const { row, version } of rows) {
      cache.set(row.id, {
        version,
        row: {
          id: row.id,
          capacite: decodeCapacite(row.capacite),
          inclus: decodeStringList(row.inclus),
          regles: decodeReglesTarifaires(row.tarifs),
          pricing: { prixParNuit: Number(row.prixParNuit), capacite: row.capacite, tarifs: row.tarifs, classement: row.classement },
          apartment: toApiAppartement(row),
        },
      });
    }
  }
  // A row deleted between the two reads is left out, as if the search had run after.
  return new Map(wanted.flatMap((w) => (cache.get(w.id) ? [[w.id, cache.get(w.id)!.row] as const] : [])));
}

/** The rules read from the apartment's JSON, with the quote's decoders: capacity, equipment, minimum stay. */
function acceptedBy(c: Criteria) {
  return (row: SearchRow): boolean => {
    const { capacite } = row;
    if (c.travellers && capacite.voyageurs < c.travellers.adultes + c.travellers.enfants) return false;
    if (capacite.chambres < c.chambres || capacite.sallesDeBain < c.sallesDeBain) return false;
    if (c.equipements.length > 0 && !c.equipements.every((e) => row.inclus.includes(e))) return false;
    if (c.stay && sejourMinimumPour(c.stay.arrivee, row.regles) > c.stay.nuits) return false;
    return true;
  };
}

export type Facettes = PageAppartements['facettes'];

async function facettes(db: AppDb, visibility: Visibility, towns: Town[]): Promise<Facettes> {
  const where = visibility.drafts ? undefined : eq(appartements.publie, true);
  const [range] = await db
    .select({ prixMin: min(appartements.prixParNuit), prixMax: max(appartements.prixParNuit) })
    .from(appartements)
    .where(where);
  const places = await db
    .selectDistinct({ localisation: appartements.localisation })
    .from(appartements)
    .where(where)
    .orderBy(asc(appartements.localisation));
  return {
    prixMin: Math.floor(Number(range?.prixMin ?? 0)),
    prixMax: Math.ceil(Number(range?.prixMax ?? 0)),
    localisations: places.map((p) => p.localisation).filter(Boolean),
    villes: towns.map(publicTown),
  };
}

/**
 * The database's part of a search: the id and row version of every apartment free for the stay and
 * matching the filters (the towns resolve `ville`), in the id or rating order. Exported unawaited so
 * the plan test can EXPLAIN it (test/search-plan.test.ts).
 */
export function candidatesQuery(db: AppDb, c: Criteria, visibility: Visibility, towns: Town[]) {
  const where = and(visibility.drafts ? undefined : eq(appartements.publie, true), ...SQL_FILTERS.map((f) => f(c, towns)));
  // By price, the order is the price the cards show (searchAppartements): the database orders the rest.
  // By note, the average kept on the row (migration 0026), the most reviewed first among equals.
  const order =
    c.tri === 'note' ? [sql`${averageNote} desc nulls last`, desc(appartements.avisNombre), asc(appartements.id)] : [asc(appartements.id)];
  return db
    .select({ id: appartements.id, version: rowVersion })
    .from(appartements)
    .where(where)
    .orderBy(...order);
}

/** The id and row version of every apartment `visibility` shows, in the id order: the candidates of a search without a filter. */
function catalogueVersions(db: AppDb, visibility: Visibility) {
  return db
    .select({ id: appartements.id, version: rowVersion })
    .from(appartements)
    .where(visibility.drafts ? undefined : eq(appartements.publie, true))
    .orderBy(asc(appartements.id));
}

interface CatalogueFacts {
  /** The visible apartments with their row versions (catalogueVersions). */
  visible: { id: number; version: string }[];
  towns: Town[];
  facettes: Facettes;
}

/**
 * The visible apartments, towns and facets, per database and visibility, kept with the version of
 * `appartements` they were read at (cache/table-versions.ts): while no write has been committed to
 * the table, by any path or process, they are the same, so a search reads them again only after one
 * (issue 32: they were four queries of every list, one of them 500 rows).
 */
const factsCache = stampedCache<boolean, CatalogueFacts>();

function catalogueFacts(db: AppDb, visibility: Visibility, version: string): Promise<CatalogueFacts> {
  // Read after the version: at least as new as it is (a write in between changes it, so the next
  // search reads again).
  return factsCache.get(db, visibility.drafts, version, async () => {
    const [visible, towns] = await Promise.all([catalogueVersions(db, visibility), townsOf(db, visibility)]);
    return { visible, towns, facettes: await facettes(db, visibility, towns) };
  });
}

/** Whether the database would keep every visible apartment in the id order: the catalogue's versions are the candidates. */
const unfiltered = (c: Criteria): boolean => c.tri !== 'note' && SQL_FILTERS.every((f) => f(c, []) === undefined);

export async function searchAppartements(db: AppDb, c: Criteria, visibility: Visibility): Promise<PageAppartements> {
  const all = unfiltered(c);
  // Only the town filter needs the towns: without it, the candidates are asked at the same time.
  const [versions, early] = await Promise.all([
    tableVersions(db),
    !all && c.ville === null ? candidatesQuery(db, c, visibility, []) : Promise.resolve(null),
  ]);
  const [facts, taux] = await Promise.all([
    catalogueFacts(db, visibility, versions.appartements),
    c.stay ? currentTaux(db, versions.taxe_sejour_taux) : Promise.resolve(null),
  ]);
  const { towns, facettes: facets } = facts;
  const candidates = all ? facts.visible : (early ?? (await candidatesQuery(db, c, visibility, towns)));
  const rows = await searchRows(db, candidates);
  const accepted = candidates.flatMap((w) => rows.get(w.id) ?? []).filter(acceptedBy(c));
  const quote = (row: SearchRow) =>
    quoteWithRates(row.pricing, c.stay!.arrivee, c.stay!.depart, c.travellers ?? { adultes: 1, enfants: 0 }, taux!);
  const matching = c.tri === 'prix' ? byShownPrice(accepted, c.stay ? (row) => quote(row).total : fromPrice) : accepted;
  const page = matching.slice((c.page - 1) * c.parPage, c.page * c.parPage);
  const items: AppartementTrouve[] = page.map((row) => {
    if (!c.stay) return row.apartment;
    // The quote's own code: the price shown is the price GET /devis gives and the booking keeps.
    const devis = quote(row);
    return { ...row.apartment, sejour: { nuits: devis.nuits, totalCents: Math.round(devis.total * 100), total: devis.total } };
  });
  return { appartements: items, total: matching.length, page: c.page, parPage: c.parPage, facettes: facets };
}

/** The nightly price a card shows without a stay: « à partir de X € / nuit », the lowest of its rates. */
const fromPrice = (row: SearchRow): number => prixApartirDe(row.pricing.prixParNuit, row.regles).prixMin;

/** Cheapest first by the price the card shows (the stay's total with dates), then by id: stable pages. */
function byShownPrice<T extends { id: number }>(rows: T[], price: (row: T) => number): T[] {
  return rows
    .map((row) => ({ row, price: price(row) }))
    .sort((a, b) => a.price - b.price || a.row.id - b.row.id)
    .map(({ row }) => row);
}

/** The API's query object of a search written as a query string (the home page's server rendering asks the same). */
export function searchQueryOf(params: URLSearchParams): SearchQuery {
  const query: SearchQuery & Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length > 1 ? values : values[0]!;
  }
  return query;
}

/** Whether the request asks for a search (any of its parameters) rather than the bare first page. */
export function isSearch(query: SearchQuery): boolean {
  return SEARCH_PARAMS.some((k) => query[k] !== undefined);
}
