/**
 * The private iCal feed of an apartment for the other channels: one all-day event per blocked
 * range (stays 'en attente' and 'confirmée', manual blocks, blocks imported from other channels),
 * with stable UIDs and no guest data. The body only changes when the ranges do, so ETag and
 * Last-Modified let the channels poll cheaply.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import ical from 'ical-generator';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { blocagesImportes, calendriersExport, disponibilites, occupations } from '../../db/schema.js';
import { PARIS } from '../appartements/service.js';

export interface ExportedRange {
  uid: string;
  debut: string;
  fin: string;
}

/** 32 random bytes, URL-safe: the only secret of the feed's address. */
export function newExportToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The apartment's token, created on first use. */
export async function exportTokenFor(db: AppDb, appartementId: number): Promise<string> {
  await db.insert(calendriersExport).values({ appartementId, token: newExportToken() }).onConflictDoNothing();
  const [row] = await db
    .select({ token: calendriersExport.token })
    .from(calendriersExport)
    .where(eq(calendriersExport.appartementId, appartementId))
    .limit(1);
  if (!row) throw new Error('export token missing');
  return row.token;
}

/** A new token: the old address answers 404 from now on. */
export async function regenerateExportToken(db: AppDb, appartementId: number): Promise<string> {
  const token = newExportToken();
  await db
    .insert(calendriersExport)
    .values({ appartementId, token })
    .onConflictDoUpdate({ target: calendriersExport.appartementId, set: { token, etag: null, modifieLe: new Date() } });
  return token;
}

/** Consecutive days as [debut, fin) ranges. */
function mergeDays(days: string[]): Array<{ debut: string; fin: string }> {
  const ranges: Array<{ debut: string; fin: string }> = [];
  for (const day of [...days].sort()) {
    const last = ranges[ranges.length - 1];
    if (last && last.fin === day) last.fin = addDaysIso(day, 1);
    else if (!last || last.fin < day) ranges.push({ debut: day, fin: addDaysIso(day, 1) });
  }
  return ranges;
}

export async function exportedRanges(db: AppDb, appartementId: number, host: string, today = todayIn(PARIS)): Promise<ExportedRange[]> {
  // A week of the past stays in the feed, so a channel polling late still sees yesterday's departure.
  const since = addDaysIso(today, -7);
  const [stays, manual, imported] = await Promise.all([
    db
      .select({ id: occupations.reservationId, debut: occupations.debut, fin: occupations.fin })
      .from(occupations)
      .where(
        and(
          eq(occupations.appartementId, appartementId),
          eq(occupations.genre, 'sejour'),
          eq(occupations.actif, true),
          gt(occupations.fin, since),
        ),
      ),
    db
      .select({ date: disponibilites.date })
      .from(disponibilites)
      .where(and(eq(disponibilites.appartementId, appartementId), gt(disponibilites.date, since))),
    db
      .select({ id: blocagesImportes.id, debut: blocagesImportes.debut, fin: blocagesImportes.fin })
      .from(blocagesImportes)
      .where(and(eq(blocagesImportes.appartementId, appartementId), gt(blocagesImportes.fin, since))),
  ]);
  const ranges: ExportedRange[] = [
    ...stays.map((s) => ({ uid: `sejour-${s.id}@${host}`, debut: s.debut, fin: s.fin })),
    ...mergeDays(manual.map((m) => m.date)).map((r) => ({ uid: `blocage-${appartementId}-${r.debut}@${host}`, ...r })),
    ...imported.map((b) => ({ uid: `import-${b.id}@${host}`, debut: b.debut, fin: b.fin })),
  ];
  return ranges.sort((a, b) => (a.debut === b.debut ? a.uid.localeCompare(b.uid) : a.debut < b.debut ? -1 : 1));
}

function utcMidnight(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

export function renderCalendar(ranges: ExportedRange[], name: string, stamp: Date): string {
  const calendar = ical({ name, prodId: { company: 'Séjours Messins', product: 'Calendrier', language: 'FR' } });
  for (const r of ranges) {
    calendar.createEvent({ id: r.uid, start: utcMidnight(r.debut), end: utcMidnight(r.fin), allDay: true, summary: 'Réservé', stamp });
  }
  return calendar.toString();
}

export interface ServedFeed {
  body: string;
  etag: string;
  lastModified: Date;
}

/**
 * The feed for a token, or null when no apartment has it. The ETag hashes the ranges; when it
 * differs from the one served last, the feed's Last-Modified moves to now.
 */
export async function feedForToken(
  db: AppDb,
  appartementId: number,
  token: string,
  host: string,
  name: string,
): Promise<ServedFeed | null> {
  const [row] = await db
    .select()
    .from(calendriersExport)
    .where(and(eq(calendriersExport.appartementId, appartementId), eq(calendriersExport.token, token)))
    .limit(1);
  if (!row) return null;
  const ranges = await exportedRanges(db, appartementId, host);
  const etag = `"${createHash('sha256').update(JSON.stringify(ranges)).digest('base64url').slice(0, 27)}"`;
  let lastModified = row.modifieLe;
  if (row.etag !== etag) {
    const [updated] = await db
      .update(calendriersExport)
      .set({ etag, modifieLe: sql`now()` })
      .where(eq(calendriersExport.appartementId, appartementId))
      .returning({ modifieLe: calendriersExport.modifieLe });
    lastModified = updated?.modifieLe ?? new Date();
  }
  // HTTP dates have whole seconds; DTSTAMP follows the same instant so the body is stable between changes.
  lastModified = new Date(Math.floor(lastModified.getTime() / 1000) * 1000);
  return { body: renderCalendar(ranges, name, lastModified), etag, lastModified };
}
