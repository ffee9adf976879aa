/**
 * Mails to administrators that other features raise: a calendar conflict found by the channel sync
 * (DECISIONS 29) and a new owner lead (DECISIONS 28). One mail per admin, per their preferences.
 */
import type { AppDb } from '../db/client.js';
import { longDate, render } from './layout.js';
import { queueForAdmins, type MailSite } from './reservation-mails.js';

/** The admins' notice of an owner lead: it names the visitor, so it follows the lead (DECISIONS 38). */
export const LEAD_NOTICE_KIND = 'admin-demande-proprietaire';

export interface CalendarConflict {
  appartement: { id: number; titre: string };
  /** First and last blocked day of the other channel's event, ISO dates (end exclusive, as iCal). */
  debut: string;
  fin: string;
  /** The other channel (its feed's name, e.g. 'Airbnb'). */
  source: string;
  /** The direct reservation it overlaps, if any (otherwise a manual block). */
  reservationId: number | null;
  detail?: string;
}

/** Queues the conflict mail for every admin; the same conflict (apartment, dates, source) is mailed once. */
export async function queueAdminCalendarConflict(db: AppDb, site: MailSite, conflict: CalendarConflict): Promise<void> {
  const rows: Array<[string, string]> = [
    ['Logement', conflict.appartement.titre],
    ['Canal', conflict.source],
    ['Du', longDate(conflict.debut)],
    ['Au', longDate(conflict.fin)],
    ['En conflit avec', conflict.reservationId === null ? 'un blocage manuel' : `la réservation n° ${conflict.reservationId}`],
  ];
  const content = render(site.siteName, `Conflit de calendrier : ${conflict.appartement.titre}`, 'Bonjour,', [
    {
      p: `Le calendrier « ${conflict.source} » bloque des dates déjà occupées sur le site pour « ${conflict.appartement.titre} ». Vérifiez les deux calendriers pour éviter une double réservation.`,
    },
    { rows },
    ...(conflict.detail ? [{ p: conflict.detail }] : []),
    { link: { href: `${site.siteOrigin}/admin/reservations`, label: 'Gérer les réservations' } },
  ]);
  const key = `admin-conflit-calendrier:${conflict.appartement.id}:${conflict.source}:${conflict.debut}:${conflict.fin}:${conflict.reservationId ?? 'blocage'}`;
  await queueForAdmins(db, 'admin-conflit-calendrier', key, content);
}

export interface LeadNotice {
  id: number;
  nom: string;
  prenom: string | null;
  email: string;
  message: string | null;
}

export async function queueAdminLeadNotice(db: AppDb, site: MailSite, lead: LeadNotice): Promise<void> {
  const content = render(
    site.siteName,
    `Nouvelle demande de propriétaire : ${[lead.prenom, lead.nom].filter(Boolean).join(' ')}`,
    'Bonjour,',
    [
      { p: 'Un propriétaire demande une estimation de loyer garanti.' },
      {
        rows: [
          ['Nom', lead.nom],
          ['Prénom', lead.prenom ?? 'Non renseigné'],
          ['Email', lead.email],
          ['Message', lead.message ?? 'Aucun message'],
        ],
      },
      { p: 'Nous nous engageons à répondre sous 24h.' },
      { link: { href: `${site.siteOrigin}/admin/demandes-proprietaires`, label: 'Voir les demandes propriétaires' } },
    ],
  );
  await queueForAdmins(db, LEAD_NOTICE_KIND, `${LEAD_NOTICE_KIND}:${lead.id}`, content, { about: lead.email });
}
