/** Typed calls of the spec's section 7, under the one API base (DECISIONS 1). */
import { decodeAppartement } from '../domain/decode.js';
import { OWNER_LEAD_THANKS } from '../domain/mail.js';
import type {
  ApiUser,
  Appartement,
  AppartementIndex,
  Avis,
  AvisResume,
  BookingResult,
  Disponibilite,
  NewReservation,
  Paiement,
  PaymentOptions,
  Profile,
  ProfileUpdate,
  Reservation,
  ReservationStatus,
  SessionUser,
} from '../domain/types.js';
import { APPARTEMENTS_PATH, appartementPath, appartementReviewsPath } from '../domain/page-data-keys.js';
import { searchApiQuery, type StaySearch } from '../rules/search.js';
import { http } from './http.js';
import { decodeSearchPage, refusalOf, type SearchAnswer } from './search-answer.js';

export type { SearchAnswer } from './search-answer.js';

/** GET /api/appartements/:id/devis, in euros. */
export interface DevisSejour {
  lignes: { libelle: string; montant: number }[];
  total: number;
  acompte: number;
  reste: number;
  nuits: number;
}

export interface JourTarif {
  date: string;
  prix: number;
  sejourMinimum: number;
  disponible: boolean;
}

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

export function toSessionUser(user: ApiUser): SessionUser {
  return {
    id: user.id,
    name: user.nom,
    email: user.email,
    role: user.role,
    photo: user.photo ?? null,
    googleId: user.googleId ?? null,
    // An older server sends no flag: it had no verification to remind of.
    emailVerifie: user.emailVerifie !== false,
  };
}

/** GET /api/admin/appartements's lines; a line without an id or a title is dropped. */
function decodeIndex(data: unknown): AppartementIndex[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((raw) => {
    const a = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    if (!Number.isInteger(a.id) || typeof a.titre !== 'string') return [];
    return [
      {
        id: a.id as number,
        titre: a.titre,
        slug: typeof a.slug === 'string' ? a.slug : '',
        ville: typeof a.ville === 'string' ? a.ville : '',
        smoobuId: Number.isInteger(a.smoobuId) ? (a.smoobuId as number) : null,
        publie: a.publie !== false,
      },
    ];
  });
}

export const appartementsApi = {
  /**
   * Admins only: every apartment, drafts included, in a few fields (the apartment selects of the
   * admin). The public list (GET /api/appartements) is paginated: never read it whole.
   */
  async adminIndex(): Promise<AppartementIndex[]> {
    const { data } = await http.get<unknown>('/admin/appartements', { headers: NO_CACHE });
    return decodeIndex(data);
  },
  /**
   * @deprecated Releases built against kernel 0.1.0-0.1.3 read the whole catalogue here; the list is
   * paginated now (`search`, or `adminIndex` for the admin), so they get its first page.
   */
  async list(): Promise<Appartement[]> {
    const { data } = await http.get<unknown>(APPARTEMENTS_PATH, { headers: NO_CACHE });
    return decodeSearchPage(data).appartements;
  },
  /** A page of the search (issue 32); the first one the page's data holds is in the query cache (page-queries.ts). */
  async search(s: StaySearch, page: number): Promise<SearchAnswer> {
    try {
      const { data } = await http.get<unknown>(`/appartements${searchApiQuery(s, page)}`, { headers: NO_CACHE });
      return { page: decodeSearchPage(data) };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return { refus: refusal };
      throw error;
    }
  },
  async bySlug(slug: string): Promise<Appartement> {
    return decodeAppartement((await http.get<unknown>(appartementPath(slug))).data);
  },
  async reviews(id: number): Promise<AvisResume> {
    return (await http.get<AvisResume>(appartementReviewsPath(id))).data;
  },
  // Releases of the catalogue built against kernel 0.1.0-0.1.3 read the page's data through these;
  // the page's data now fills the query cache (page-queries.ts), so they find none and fetch.
  /** @deprecated The page's data is in the query cache (`queries`). */
  listInPage(): Appartement[] | undefined {
    return undefined;
  },
  /** @deprecated The page's data is in the query cache (`queries.searchFirstPage`). */
  searchInPage(_s: StaySearch): SearchAnswer | undefined {
    return undefined;
  },
  /** @deprecated The page's data is in the query cache (`queries.apartment`). */
  bySlugInPage(_slug: string): Appartement | undefined {
    return undefined;
  },
  /** @deprecated The page's data is in the query cache (`queries.apartmentReviews`). */
  reviewsInPage(_id: number): AvisResume | undefined {
    return undefined;
  },
  /** The server's quote of a stay (the only price a booking is made at); a 400 carries the French reason (minimum stay…). */
  async devis(id: number, q: { arrivee: string; depart: string; adultes: number; enfants: number }): Promise<DevisSejour> {
    const { data } = await http.get<DevisSejour>(`/appartements/${id}/devis`, { params: q, headers: NO_CACHE });
    return {
      lignes: Array.isArray(data?.lignes) ? data.lignes : [],
      total: Number(data?.total ?? 0),
      acompte: Number(data?.acompte ?? 0),
      reste: Number(data?.reste ?? 0),
      nuits: Number(data?.nuits ?? 0),
    };
  },
  /** Each day's nightly price and minimum stay for an arrival that day, `du` to `au` included. */
  async calendrier(id: number, du: string, au: string): Promise<JourTarif[]> {
    const { data } = await http.get<JourTarif[]>(`/appartements/${id}/calendrier`, { params: { du, au }, headers: NO_CACHE });
    return Array.isArray(data) ? data : [];
  },
  async unavailableDays(id: number): Promise<string[]> {
    const { data } = await http.get<Disponibilite[]>(`/appartements/disponibilites/${id}`, { headers: NO_CACHE });
    return Array.isArray(data) ? data.map((d) => d.date) : [];
  },
};

export interface LoginResponse {
  token: string;
  user: ApiUser;
}

export const authApi = {
  async login(email: string, password: string): Promise<LoginResponse> {
    const { data } = await http.post<LoginResponse>('/auth/login', { email, password });
    return data;
  },
  async google(credential: string): Promise<LoginResponse> {
    const { data } = await http.post<LoginResponse>('/auth/google', { credential });
    return data;
  },
  async me(): Promise<ApiUser> {
    const { data } = await http.get<{ user: ApiUser }>('/auth/me');
    return data.user;
  },
  /** Ends the session of `token` (given explicitly: the caller has already removed it from storage). */
  async logout(token: string | null = null): Promise<void> {
    await http.post('/auth/logout', {}, token ? { headers: { Authorization: `Bearer ${token}` } } : undefined);
  },
  /** Always answers the same message, whether or not the account exists. */
  async forgotPassword(email: string): Promise<string> {
    const { data } = await http.post<{ message: string }>('/auth/forgot-password', { email });
    return data.message;
  },
  async resetPassword(token: string, password: string): Promise<string> {
    const { data } = await http.post<{ message: string }>('/auth/reset-password', { token, password });
    return data.message;
  },
  async register(input: { nom: string; email: string; password: string }): Promise<void> {
    await http.post('/users/register', input);
  },
  /** Follows the link mailed to confirm the address (DECISIONS 38); the server's French message. */
  async verifyEmail(token: string): Promise<string> {
    const { data } = await http.post<{ message: string }>('/auth/verify-email', { token });
    return data.message;
  },
  /** 'Renvoyer le lien': a new verification link to the signed-in account's address. */
  async resendVerification(): Promise<string> {
    const { data } = await http.post<{ message: string }>('/auth/resend-verification', {});
    return data.message;
  },
};

export const reservationsApi = {
  /** The reservation, and the Stripe page to go to or the bank transfer instructions. */
  async create(input: NewReservation): Promise<BookingResult> {
    const { data } = await http.post<BookingResult>('/reservations', input);
    return data;
  },
  /** Methods that work with the server's configuration (card, PayPal, Apple Pay through Stripe; bank transfer). */
  async paymentOptions(): Promise<PaymentOptions> {
    const { data } = await http.get<PaymentOptions>('/paiements/options', { headers: NO_CACHE });
    return data;
  },
  /** Admin: payment events of a reservation. */
  async payments(id: number): Promise<Paiement[]> {
    const { data } = await http.get<Paiement[]>(`/admin/reservations/${id}/paiements`, { headers: NO_CACHE });
    return Array.isArray(data) ? data : [];
  },
  /** Admin: the bank transfer arrived; the reservation is confirmed. */
  async depositReceived(id: number): Promise<Reservation> {
    const { data } = await http.post<{ reservation: Reservation }>(`/admin/reservations/${id}/acompte-recu`, {});
    return data.reservation;
  },
  async get(id: number | string): Promise<Reservation> {
    const { data } = await http.get<Reservation>(`/reservations/${id}`, { headers: NO_CACHE });
    return data;
  },
  /**
   * The server answers with the updated reservation, which replaces the one on screen. An admin
   * confirming a stay whose deposit was not received gives the reason (kept in the books).
   */
  async setStatus(id: number, status: ReservationStatus, raison?: string): Promise<Reservation> {
    const { data } = await http.put<{ reservation: Reservation }>(
      `/reservations/${id}/status`,
      raison === undefined ? { status } : { status, raison },
    );
    return data.reservation;
  },
  /** Admin: the balance arrived by transfer. */
  async balanceReceived(id: number): Promise<Reservation> {
    const { data } = await http.post<{ reservation: Reservation }>(`/admin/reservations/${id}/solde-recu`, {});
    return data.reservation;
  },
  /** The guest's balance on Stripe's page: where to go. */
  async balanceCheckout(id: number): Promise<string> {
    const { data } = await http.post<{ redirectUrl: string }>(`/reservations/${id}/solde/paiement`, {});
    return data.redirectUrl;
  },
  /** Where a refund by transfer goes; the server answers the IBAN masked. */
  async setRefundIban(id: number, iban: string, titulaire: string): Promise<{ titulaire: string; iban: string }> {
    const { data } = await http.put<{ ibanRemboursement: { titulaire: string; iban: string } }>(`/reservations/${id}/iban`, {
      iban,
      titulaire,
    });
    return data.ibanRemboursement;
  },
  /** The caller's reservations, newest first. */
  async mine(): Promise<Reservation[]> {
    const { data } = await http.get<Reservation[]>('/reservations/user', { headers: NO_CACHE });
    return Array.isArray(data) ? data : [];
  },
};

export const usersApi = {
  async profile(): Promise<Profile> {
    const { data } = await http.get<{ user: Profile }>('/users/profile', { headers: NO_CACHE });
    return data.user;
  },
  async update(input: ProfileUpdate): Promise<Profile> {
    const { data } = await http.put<{ user: Profile }>('/users/update', input);
    return data.user;
  },
  async uploadAvatar(file: Blob, fileName = 'avatar'): Promise<string> {
    const form = new FormData();
    form.append('avatar', file, fileName);
    const { data } = await http.post<{ avatarUrl: string }>('/users/upload-avatar', form);
    return data.avatarUrl;
  },
};

export const reviewsApi = {
  async create(appartementId: number, input: { reservationId: number; note: number; commentaire: string }): Promise<Avis> {
    const { data } = await http.post<{ avis: Avis }>(`/appartements/${appartementId}/avis`, input);
    return data.avis;
  },
};

/** DECISIONS 28: an owner's estimate request (the lead the admin follows up). */
export const ownerLeadsApi = {
  /** POST /api/proprietaires/demandes; resolves with the thanks the server answers. */
  async send(payload: Record<string, string | boolean>): Promise<string> {
    const { data } = await http.post<{ message?: string }>('/proprietaires/demandes', payload);
    return typeof data?.message === 'string' ? data.message : OWNER_LEAD_THANKS;
  },
};
