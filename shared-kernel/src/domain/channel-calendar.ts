/**
 * The admin calendar's data (issue 14) as GET /api/admin/calendrier and its conflicts endpoint send
 * it: written by the API, read by the admin remote, so one definition for both.
 */

/** The channels an imported iCal feed can come from. */
export const FEED_LABELS = ['Airbnb', 'Booking.com', 'Abritel/Vrbo', 'Autre'] as const;
export type FeedLabel = (typeof FEED_LABELS)[number];

/** A day an apartment cannot be booked, blocked by hand or by an imported feed. */
export interface CalendarBlockedDay {
  appartementId: number;
  date: string;
  origine: 'manuel' | 'import';
  /** The feed's channel for an imported day. */
  source: string | null;
  note: string | null;
  /** An imported night that one of our active stays also holds. */
  enConflit: boolean;
}

/** An active stay that overlaps nights a channel has since blocked. */
export interface CalendarConflict {
  id: number;
  appartementId: number;
  appartement: string;
  reservationId: number;
  source: string;
  debut: string;
  fin: string;
  createdAt: string;
}

export interface CalendarStay {
  id: number;
  appartementId: number;
  startDate: string;
  endDate: string;
  status: string;
  client: string;
}

export interface CalendarData {
  du: string;
  au: string;
  appartements: Array<{ id: number; titre: string; slug: string }>;
  reservations: CalendarStay[];
  jours: CalendarBlockedDay[];
  conflits: CalendarConflict[];
}

/** Apartments of one page of the admin timeline as its client asks (the API takes 1 to 100); the bench asks the same. */
export const ADMIN_CALENDAR_PER_PAGE = 50;

/** A page of the calendar's apartments (issue 32 item 6): `parPage` apartments, the first page is 1. */
export interface CalendarPaging {
  page: number;
  parPage: number;
}

/**
 * Steps of an imported feed's sync (issue 26), in order: waiting for its turn, download, reading
 * (in a worker thread), writing its nights. A sync runs in the background; its feed reports it.
 */
export const FEED_SYNC_STEPS = ['attente', 'telechargement', 'lecture', 'enregistrement'] as const;
export type FeedSyncStep = (typeof FEED_SYNC_STEPS)[number];

export interface FeedSync {
  etape: FeedSyncStep;
  /** When the sync last reported (ISO). */
  depuis: string;
  /** Nights written so far and in all, while writing. */
  fait: number | null;
  total: number | null;
}

/** An imported iCal feed as the admin endpoints send it. */
export interface ImportedFeed {
  id: number;
  appartementId: number;
  libelle: FeedLabel;
  url: string;
  derniereSynchroLe: string | null;
  derniereTentativeLe: string | null;
  /** Why the last sync failed (the blocks of the sync before stay). */
  derniereErreur: string | null;
  /** The last sync succeeded but kept only part of the feed (too many nights). */
  avertissement: string | null;
  evenements: number;
  /** The sync running now, or null. */
  synchro: FeedSync | null;
}
