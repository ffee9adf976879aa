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
