/**
 * The admin calls of this remote (spec section 7, admin only: 401 for a visitor, 403 for a client),
 * through the kernel's one HTTP client.
 */
import {
  decodeAppartement,
  http,
  type Appartement,
  type ReglesTarifaires,
  type PolitiqueAnnulation,
  type Profile,
  type Reservation,
  type VilleFacette,
} from 'shared-kernel';
import { PER_PAGE, paramsOf, type ListFilters } from '../reservations/listQuery';

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

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
export interface ReservationsPage {
  reservations: Reservation[];
  total: number;
  page: number;
  parPage: number;
  villes: VilleFacette[];
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
  async reservationsPage(query: ListFilters & { page: number; parPage?: number }): Promise<ReservationsPage> {
    const { data } = await http.get<ReservationsPage>('/admin/reservations', {
      headers: NO_CACHE,
      params: { ...paramsOf(query), parPage: String(query.parPage ?? PER_PAGE) },
    });
    return {
      reservations: Array.isArray(data.reservations) ? data.reservations : [],
      total: data.total ?? 0,
      page: data.page ?? query.page,
      parPage: data.parPage ?? PER_PAGE,
      villes: Array.isArray(data.villes) ? data.villes : [],
    };
  },

  /** The whole filtered list (no page) as the server's CSV, fetched with the session like every admin call. */
  async reservationsCsv(filters: ListFilters): Promise<Blob> {
    const { data } = await http.get<Blob>('/admin/reservations.csv', {
      headers: NO_CACHE,
      params: paramsOf(filters),
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

  /** A user's profile (GET /api/users/:id; 404 when there is none). */
  async client(id: number): Promise<Profile> {
    const { data } = await http.get<{ user: Profile }>(`/users/${id}`, { headers: NO_CACHE });
    return data.user;
  },
};
