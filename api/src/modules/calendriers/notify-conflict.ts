/**
 * Tells admins by e-mail that a channel blocked nights already booked here. Kept to this one
 * function so the mail can later go through a queue without touching the sync.
 */
import { eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { appartements, blocagesImportes, fluxIcal, reservations, users } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import type { NewConflict } from './import-feed.js';

const frDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });

function formatDateFr(iso: string): string {
  return frDate.format(new Date(`${iso}T00:00:00Z`));
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export async function notifyConflict(db: AppDb, mailer: Mailer, siteOrigin: string, conflicts: NewConflict[]): Promise<void> {
  if (conflicts.length === 0) return;
  const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  if (admins.length === 0) return;
  const details = await db
    .select({ titre: appartements.titre, reservationId: reservations.id, startDate: reservations.startDate, endDate: reservations.endDate, source: fluxIcal.libelle })
    .from(blocagesImportes)
    .innerJoin(fluxIcal, eq(fluxIcal.id, blocagesImportes.fluxId))
    .innerJoin(appartements, eq(appartements.id, blocagesImportes.appartementId))
    .innerJoin(reservations, inArray(reservations.id, conflicts.map((c) => c.reservationId)))
    .where(inArray(blocagesImportes.id, conflicts.map((c) => c.blocageId)));
  const wanted = new Set(conflicts.map((c) => `${c.reservationId}:${c.blocageId}`));
  const lines = details
    .filter((d, i, all) => all.findIndex((o) => o.reservationId === d.reservationId && o.source === d.source && o.titre === d.titre) === i)
    .map((d) => `${d.titre} : le calendrier ${d.source} bloque des nuits de la réservation n° ${d.reservationId} (du ${formatDateFr(d.startDate)} au ${formatDateFr(d.endDate)}).`);
  if (lines.length === 0 || wanted.size === 0) return;
  const link = `${siteOrigin}/admin/reservations`;
  const text = [
    'Conflit de calendrier : un autre canal a bloqué des nuits déjà réservées sur le site.',
    '',
    ...lines,
    '',
    'Les deux sont conservés. Vérifiez auprès du canal concerné et du client, puis annulez l’une des deux réservations.',
    link,
  ].join('\n');
  const html = `<p><strong>Conflit de calendrier</strong> : un autre canal a bloqué des nuits déjà réservées sur le site.</p><ul>${lines
    .map((l) => `<li>${escapeHtml(l)}</li>`)
    .join('')}</ul><p>Les deux sont conservés. Vérifiez auprès du canal concerné et du client, puis annulez l’une des deux réservations.</p><p><a href="${escapeHtml(link)}">Voir les réservations</a></p>`;
  for (const admin of admins) await mailer.send({ to: admin.email, subject: 'Conflit de calendrier : nuits réservées deux fois', text, html });
}
