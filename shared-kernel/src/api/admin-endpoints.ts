/**
 * The admin remote's calls (spec section 7, admin only: 401 for a visitor, 403 for a client),
 * declared once in the kernel (issue 33 item 3) like the account's; their query keys are in
 * admin-queries.ts.
 */
import {
  ADMIN_CALENDAR_PER_PAGE,
  type CalendarConflict,
  type CalendarData,
  type CalendarPaging,
  type FeedLabel,
  type ImportedFeed,
} from '../domain/channel-calendar.js';
import { decodeAppartement } from '../domain/decode.js';
import type { ComptabiliteMois, Remboursement } from '../domain/ledger.js';
import type { OwnerLead, OwnerLeadStatus } from '../domain/mail.js';
import type {
  AccesLogement,
  AdminAvis,
  AdminAvisPage,
  Appartement,
  LigneDeclaration,
  Planning,
  PlanningMenage,
  PolitiqueAnnulation,
  Profile,
  Reservation,
  ReservationStatus,
  Statistiques,
  VilleFacette,
} from '../domain/types.js';
import type { ReglesTarifaires } from '../rules/pricing.js';
import type { TauxTaxeSejour } from '../rules/taxe-sejour.js';
import { addDaysIso, todayIn } from '../rules/stay.js';
import { reservationsApi } from './endpoints.js';
import { http } from './http.js';

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

/** GET /api/admin/reservations's filters, named as in the list's address (issue 32 item 6). */
export interface AdminReservationFilters {
  statut: ReservationStatus | '';
  du: string;
  au: string;
  /** The apartment's number, as typed. */
  appartement: string;
  /** The town's slug. */
  ville: string;
  /** Part of the guest's name or email. */
  client: string;
}

/** Reservations of one server page. */
export const ADMIN_RESERVATIONS_PER_PAGE = 50;

const RESERVATION_FILTER_KEYS: readonly (keyof AdminReservationFilters)[] = ['statut', 'du', 'au', 'appartement', 'ville', 'client'];

/** The list's address and the API's query: only the filters set, the page when past the first. */
export function adminReservationParams(query: AdminReservationFilters & { page?: number }): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of RESERVATION_FILTER_KEYS) {
    const value = query[key].trim();
    if (value !== '') params[key] = value;
  }
  if (query.page !== undefined && query.page > 1) params.page = String(query.page);
  return params;
}

/** POST /api/appartements: the spec's payload, JSON-shaped fields as JSON strings. */
export interface NewAppartementPayload {
  titre: string;
  description: string;
  localisation: string;
  prixParNuit: number;
  surface: number;
  /** JSON of { voyageurs, chambres, lits, sallesDeBain }. */
  capacite: string;
  /** JSON of { nom, experience, tauxReponse, delaiReponse }. */
  hote: string;
  /** JSON of { arrivee, depart, voyageursMax }. */
  regles: string;
  /** JSON list of URLs. */
  images: string;
  /** JSON of { salleDeBain, internetEtBureau }. */
  equipements: string;
  inclus: string[];
  nonInclus: string[];
  slug: string;
  smoobuId: number;
  note: number;
  nombreAvis: number;
  politiqueAnnulation: PolitiqueAnnulation;
  /** Issues 30, 32: the town (empty: the location's) and WGS 84 coordinates, both or neither. */
  ville?: string;
  latitude?: number | null;
  longitude?: number | null;
  numeroEnregistrement?: string;
}

/** PUT /api/appartements/:id. */
export interface AppartementUpdatePayload {
  titre: string;
  description: string;
  localisation: string;
  prixParNuit: number;
  surface: number;
  /** JSON of { voyageurs, chambres, lits, sallesDeBain }. */
  capacite: string;
  /** JSON list of labels. */
  inclus: string;
  /** JSON list of labels. */
  nonInclus: string;
  smoobuId: number | null;
  /** JSON list of URLs. */
  images: string;
  /** Issue 30 item 5: JSON of { url: alt }, the policy, JSON of the host and of { arrivee, depart }. */
  imagesAlt?: string;
  politiqueAnnulation?: PolitiqueAnnulation;
  hote?: string;
  regles?: string;
  /** Issues 30, 32: the town (empty: the location's) and WGS 84 coordinates, both or neither. */
  ville?: string;
  latitude?: number | null;
  longitude?: number | null;
  /** Issue 12: pricing rules, classification, registration number, draft or published. */
  tarifs?: ReglesTarifaires;
  classement?: number;
  numeroEnregistrement?: string | null;
  publie?: boolean;
}

/** POST /api/admin/appartements/:id/photos answers the list with the new photos last. */
export interface PhotoList {
  images: string[];
  imagesAlt: Record<string, string>;
}

/** GET /api/admin/reservations: one page of the filtered list, its total and the catalogue's towns. */
export interface AdminReservationsPage {
  reservations: Reservation[];
  total: number;
  page: number;
  parPage: number;
  villes: VilleFacette[];
}

/** Pages read at most for the payment panels (100 reservations each): the money to receive is a short list. */
const RECEIVABLE_MAX_PAGES = 20;
/** The balance window when the server's settings cannot be read. */
const DEFAULT_BALANCE_DAYS = 30;
const NO_RESERVATION_FILTERS: AdminReservationFilters = { statut: '', du: '', au: '', appartement: '', ville: '', client: '' };

async function everyPage(filters: AdminReservationFilters): Promise<Reservation[]> {
  const list: Reservation[] = [];
  for (let page = 1; page <= RECEIVABLE_MAX_PAGES; page += 1) {
    const answer = await adminApi.reservationsPage({ ...filters, page, parPage: 100 });
    list.push(...answer.reservations);
    if (answer.reservations.length === 0 || list.length >= answer.total) break;
  }
  return list;
}

export interface CreatedAppartement {
  id: number;
  appartement: Appartement;
}

export const adminApi = {
  async createAppartement(payload: NewAppartementPayload): Promise<CreatedAppartement> {
    const { data } = await http.post<{ id: number; appartement: unknown }>('/appartements', payload, { headers: NO_CACHE });
    return { id: data.id, appartement: decodeAppartement(data.appartement) };
  },

  async updateAppartement(id: number, payload: AppartementUpdatePayload): Promise<Appartement> {
    const { data } = await http.put<{ appartement: unknown }>(`/appartements/${id}`, payload);
    return decodeAppartement(data.appartement);
  },

  /** Uploads photos, each with its alternative text; answers the apartment's list as saved. */
  async uploadPhotos(id: number, photos: ReadonlyArray<{ file: File; alt: string }>): Promise<PhotoList> {
    const form = new FormData();
    for (const { file, alt } of photos) {
      form.append('photo', file);
      form.append('alt', alt);
    }
    const { data } = await http.post<PhotoList>(`/admin/appartements/${id}/photos`, form);
    return { images: data.images ?? [], imagesAlt: data.imagesAlt ?? {} };
  },

  /** One page of the reservations the filters keep, filtered and paged by the server (newest arrival first). */
  async reservationsPage(query: AdminReservationFilters & { page: number; parPage?: number }): Promise<AdminReservationsPage> {
    const { data } = await http.get<AdminReservationsPage>('/admin/reservations', {
      headers: NO_CACHE,
      params: { ...adminReservationParams(query), parPage: String(query.parPage ?? ADMIN_RESERVATIONS_PER_PAGE) },
    });
    return {
      reservations: Array.isArray(data.reservations) ? data.reservations : [],
      total: data.total ?? 0,
      page: data.page ?? query.page,
      parPage: data.parPage ?? ADMIN_RESERVATIONS_PER_PAGE,
      villes: Array.isArray(data.villes) ? data.villes : [],
    };
  },

  /** The whole filtered list (no page) as the server's CSV, fetched with the session like every admin call. */
  async reservationsCsv(filters: AdminReservationFilters): Promise<Blob> {
    const { data } = await http.get<Blob>('/admin/reservations.csv', {
      headers: NO_CACHE,
      params: adminReservationParams(filters),
      responseType: 'blob',
    });
    return data;
  },

  /** Every reservation, newest first; only one client's with `userId`. */
  async reservations(userId?: number): Promise<Reservation[]> {
    const { data } = await http.get<Reservation[]>('/reservations/all', {
      headers: NO_CACHE,
      ...(userId === undefined ? {} : { params: { userId: String(userId) } }),
    });
    return Array.isArray(data) ? data : [];
  },

  /** Answers the server's confirmation ('Réservation supprimée.'). */
  async deleteReservation(id: number): Promise<string> {
    const { data } = await http.delete<{ message?: string }>(`/reservations/${id}`);
    return typeof data?.message === 'string' ? data.message : 'Réservation supprimée.';
  },

  /**
   * What the payment panels need, whatever page of the list is shown: the stays awaiting their
   * deposit ('en attente') and the confirmed ones whose balance may be due (arriving within the
   * balance window of GET /api/paiements/options, or begun).
   */
  async receivables(): Promise<Reservation[]> {
    let soldeJours = DEFAULT_BALANCE_DAYS;
    try {
      soldeJours = (await reservationsApi.paymentOptions()).soldeJoursAvantArrivee;
    } catch {
      // The settings unread: the widest balance window the server allows.
    }
    const au = addDaysIso(todayIn('Europe/Paris'), soldeJours);
    const [pending, confirmed] = await Promise.all([
      everyPage({ ...NO_RESERVATION_FILTERS, statut: 'en attente' }),
      everyPage({ ...NO_RESERVATION_FILTERS, statut: 'confirmée', au }),
    ]);
    return [...pending, ...confirmed];
  },

  /** A user's profile (GET /api/users/:id; 404 when there is none). */
  async client(id: number): Promise<Profile> {
    const { data } = await http.get<{ user: Profile }>(`/users/${id}`, { headers: NO_CACHE });
    return data.user;
  },
};

/** The apartment's private check-in instructions (issue 30 item 3). */
export const adminAccessApi = {
  async get(appartementId: number): Promise<AccesLogement | null> {
    const { data } = await http.get<{ acces: AccesLogement | null }>(`/admin/appartements/${appartementId}/acces`, {
      headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    });
    return data.acces;
  },
  async save(appartementId: number, acces: AccesLogement): Promise<AccesLogement> {
    const { data } = await http.put<{ acces: AccesLogement }>(`/admin/appartements/${appartementId}/acces`, acces);
    return data.acces;
  },
};

/** The accountant's view of the books (issue 31): a month's totals and the CSV of a period. */
export const adminAccountingApi = {
  async month(mois: string): Promise<ComptabiliteMois> {
    const { data } = await http.get<ComptabiliteMois>('/admin/comptabilite', { params: { mois }, headers: NO_CACHE });
    return data;
  },
  /** The movements from `du` to `au` (both included) as the CSV file. */
  async csv(du: string, au: string): Promise<Blob> {
    const { data } = await http.get<Blob>('/admin/comptabilite.csv', { params: { du, au }, headers: NO_CACHE, responseType: 'blob' });
    return data;
  },
};

/** Channel sync (issue 14): the calendar, manual blocks, export address, imported feeds, conflicts. */
/** GET /api/admin/calendrier: the period, of every town or of `ville`, and the catalogue's towns. */
export type AdminCalendar = CalendarData & { ville: string | null; villes: VilleFacette[] };
/** GET /api/admin/calendrier with `page` and `parPage`: one page of the apartments, and how many match. */
export type AdminCalendarPage = AdminCalendar & CalendarPaging & { total: number };

export interface ApartmentCalendars {
  exportUrl: string;
  flux: ImportedFeed[];
}

/** A calendar answer whose `villes` is a list (an API from before towns sent none). */
function withVilles<T extends AdminCalendar>(data: T): T {
  return { ...data, villes: Array.isArray(data.villes) ? data.villes : [] };
}

export const adminCalendarApi = {
  /** `ville`: a town's slug, '' for every town. */
  async calendar(du: string, au: string, ville = ''): Promise<AdminCalendar> {
    const { data } = await http.get<AdminCalendar>('/admin/calendrier', {
      params: ville ? { du, au, ville } : { du, au },
      headers: NO_CACHE,
    });
    return withVilles(data);
  },
  /** One page of the apartments' lines (the timeline's), of every town or of `ville`. */
  async calendarPage(du: string, au: string, ville: string, page: number, parPage = ADMIN_CALENDAR_PER_PAGE): Promise<AdminCalendarPage> {
    const paging = { page: String(page), parPage: String(parPage) };
    const { data } = await http.get<AdminCalendarPage>('/admin/calendrier', {
      params: ville ? { du, au, ville, ...paging } : { du, au, ...paging },
      headers: NO_CACHE,
    });
    return withVilles(data);
  },
  /** One apartment's period (the month view's), every town listed in `villes`. */
  async calendarOfApartment(du: string, au: string, appartementId: number): Promise<AdminCalendar> {
    const { data } = await http.get<AdminCalendar>('/admin/calendrier', {
      params: { du, au, appartement: String(appartementId) },
      headers: NO_CACHE,
    });
    return withVilles(data);
  },
  async conflicts(): Promise<CalendarConflict[]> {
    const { data } = await http.get<CalendarConflict[]>('/admin/calendrier/conflits', { headers: NO_CACHE });
    return Array.isArray(data) ? data : [];
  },
  async block(appartementId: number, du: string, au: string, note: string): Promise<number> {
    const { data } = await http.post<{ jours: number }>(`/admin/appartements/${appartementId}/blocages`, {
      du,
      au,
      ...(note.trim() ? { note: note.trim() } : {}),
    });
    return data.jours;
  },
  async unblock(appartementId: number, du: string, au: string): Promise<number> {
    const { data } = await http.post<{ jours: number }>(`/admin/appartements/${appartementId}/deblocages`, { du, au });
    return data.jours;
  },
  async calendars(appartementId: number): Promise<ApartmentCalendars> {
    const { data } = await http.get<ApartmentCalendars>(`/admin/appartements/${appartementId}/calendriers`, { headers: NO_CACHE });
    return data;
  },
  async regenerate(appartementId: number): Promise<string> {
    const { data } = await http.post<{ exportUrl: string }>(`/admin/appartements/${appartementId}/calendriers/regenerer`, {});
    return data.exportUrl;
  },
  /** The feed is created and its first sync started; the sync's end is read from `feed.synchro`. */
  async addFeed(appartementId: number, libelle: FeedLabel, url: string): Promise<ImportedFeed> {
    const { data } = await http.post<ImportedFeed>(`/admin/appartements/${appartementId}/flux`, { libelle, url });
    return data;
  },
  /** Starts a sync (202 at once); its progress is read from `feed.synchro`. */
  async syncFeed(id: number): Promise<ImportedFeed> {
    const { data } = await http.post<ImportedFeed>(`/admin/flux/${id}/synchroniser`, {});
    return data;
  },
  async removeFeed(id: number): Promise<void> {
    await http.delete(`/admin/flux/${id}`);
  },
};

/** The dashboard's figures (issue 30 item 1): GET /api/admin/statistiques, as JSON or as the CSV file. */
export interface StatisticsFilter {
  du: string;
  au: string;
  /** Every apartment when null. */
  appartementId: number | null;
}

const statisticsParams = (f: StatisticsFilter) => ({
  du: f.du,
  au: f.au,
  ...(f.appartementId === null ? {} : { appartementId: f.appartementId }),
});

export const adminStatisticsApi = {
  async figures(filter: StatisticsFilter): Promise<Statistiques> {
    const { data } = await http.get<Statistiques>('/admin/statistiques', { headers: NO_CACHE, params: statisticsParams(filter) });
    return data;
  },
  async csv(filter: StatisticsFilter): Promise<Blob> {
    const { data } = await http.get<Blob>('/admin/statistiques', {
      headers: NO_CACHE,
      params: { ...statisticsParams(filter), format: 'csv' },
      responseType: 'blob',
    });
    return data;
  },
};

/** Owner leads (issue 15, DECISIONS 28): the admin list and its follow-up. */
export const adminLeadsApi = {
  async list(): Promise<OwnerLead[]> {
    const { data } = await http.get<OwnerLead[]>('/admin/demandes-proprietaires', { headers: NO_CACHE });
    return Array.isArray(data) ? data : [];
  },
  async update(id: number, change: { statut: OwnerLeadStatus; notes: string }): Promise<OwnerLead> {
    const { data } = await http.patch<OwnerLead>(`/admin/demandes-proprietaires/${id}`, change);
    return data;
  },
};

/** The planning (issue 30 item 2): days of arrivals, departures and cleanings; cleanings marked done. */
export const adminPlanningApi = {
  async days(date: string, jours: number): Promise<Planning> {
    const { data } = await http.get<Planning>('/admin/planning', { headers: NO_CACHE, params: { date, jours } });
    return data;
  },
  async markDone(appartementId: number, date: string): Promise<PlanningMenage['fait']> {
    const { data } = await http.put<{ fait: PlanningMenage['fait'] }>(`/admin/planning/menages/${appartementId}/${date}`);
    return data.fait;
  },
  async undo(appartementId: number, date: string): Promise<void> {
    await http.delete(`/admin/planning/menages/${appartementId}/${date}`);
  },
};

/** Refunds to make (issue 31, DECISIONS 35): the admin list and 'Marquer effectué'. */
export const adminRefundsApi = {
  /** The refunds not made yet, oldest first; with `all`, the made ones too, newest first. */
  async list(all = false): Promise<Remboursement[]> {
    const { data } = await http.get<Remboursement[]>(`/admin/remboursements${all ? '?tous=1' : ''}`, { headers: NO_CACHE });
    return Array.isArray(data) ? data : [];
  },
  /** The transfer was made on `date` (YYYY-MM-DD) with the bank's `reference`. */
  async markDone(id: number, date: string, reference: string): Promise<Remboursement> {
    const { data } = await http.post<{ remboursement: Remboursement }>(`/admin/remboursements/${id}/effectue`, { date, reference });
    return data.remboursement;
  },
};

/** Reviews and the host's replies (issue 30 item 6): the admin list and the reply. */
export const ADMIN_REVIEWS_PER_PAGE = 20;

export const adminReviewsApi = {
  async list(query: { page: number; sansReponse: boolean }): Promise<AdminAvisPage> {
    const { data } = await http.get<AdminAvisPage>('/admin/avis', {
      headers: NO_CACHE,
      params: { page: query.page, parPage: ADMIN_REVIEWS_PER_PAGE, ...(query.sansReponse ? { sansReponse: '1' } : {}) },
    });
    return data;
  },
  async reply(id: number, reponse: string): Promise<AdminAvis> {
    const { data } = await http.put<{ avis: AdminAvis }>(`/admin/avis/${id}/reponse`, { reponse });
    return data.avis;
  },
};

/** Taxe de séjour (issue 12): rates per year and the declaration, in JSON or CSV. */
export const adminTaxeApi = {
  async taux(): Promise<TauxTaxeSejour[]> {
    const { data } = await http.get<TauxTaxeSejour[]>('/admin/taxe-de-sejour/taux', { headers: NO_CACHE });
    return Array.isArray(data) ? data : [];
  },
  async saveTaux(t: TauxTaxeSejour): Promise<TauxTaxeSejour> {
    const { annee, ...body } = t;
    const { data } = await http.put<TauxTaxeSejour>(`/admin/taxe-de-sejour/taux/${annee}`, body);
    return data;
  },
  async declaration(du: string, au: string): Promise<LigneDeclaration[]> {
    const { data } = await http.get<LigneDeclaration[]>('/admin/taxe-de-sejour/declaration', { params: { du, au }, headers: NO_CACHE });
    return Array.isArray(data) ? data : [];
  },
  /** The CSV as the server writes it (through the authenticated client, then saved by the browser). */
  async declarationCsv(du: string, au: string): Promise<Blob> {
    const { data } = await http.get<Blob>('/admin/taxe-de-sejour/declaration', {
      params: { du, au, format: 'csv' },
      headers: NO_CACHE,
      responseType: 'blob',
    });
    return data;
  },
};
