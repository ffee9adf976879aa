/**
 * One sync of one imported feed: download (conditionally), parse, and replace the feed's blocks in
 * one transaction. Each night of a block becomes an occupancy row; a night already taken by a stay
 * booked here is stored inactive and the conflict is recorded (both kept), never silently dropped.
 */
import { and, eq, sql } from 'drizzle-orm';
import { lastDepartureDay, todayIn, type StayLimits } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { blocagesImportes, fluxIcal } from '../../db/schema.js';
import { PARIS } from '../appartements/service.js';
import { FeedError, fetchFeed, type FeedFetchSettings } from './fetch-feed.js';
import { parseFeed, type ImportedRange } from './parse-feed.js';

export interface NewConflict {
  id: number;
  appartementId: number;
  reservationId: number;
  blocageId: number;
  debut: string;
  fin: string;
}

export interface SyncOutcome {
  ok: boolean;
  unchanged: boolean;
  events: number;
  error: string | null;
  conflicts: NewConflict[];
}

export interface SyncDependencies {
  fetch: FeedFetchSettings;
  stayLimits: StayLimits;
  today?: string;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Dates from which imported events matter: from today to the last night a booking could cover. */
export function importHorizon(stayLimits: StayLimits, today = todayIn(PARIS)): { from: string; to: string } {
  return { from: today, to: lastDepartureDay(today, stayLimits) };
}

export async function syncFeed(db: AppDb, feedId: number, deps: SyncDependencies): Promise<SyncOutcome> {
  const [feed] = await db.select().from(fluxIcal).where(eq(fluxIcal.id, feedId)).limit(1);
  if (!feed) return { ok: false, unchanged: false, events: 0, error: 'Flux introuvable.', conflicts: [] };
  const attemptAt = new Date();
  let ranges: ImportedRange[];
  let validators: { etag: string | null; lastModified: string | null };
  try {
    const answer = await fetchFeed(feed.url, feed.libelle, { etag: feed.etag, lastModified: feed.lastModified }, deps.fetch);
    if (answer.kind === 'unchanged') {
      await db.update(fluxIcal).set({ derniereTentativeLe: attemptAt, derniereSynchroLe: attemptAt, derniereErreur: null }).where(eq(fluxIcal.id, feedId));
      return { ok: true, unchanged: true, events: feed.evenements, error: null, conflicts: [] };
    }
    ranges = dedupe(parseFeed(answer.body, feed.libelle, importHorizon(deps.stayLimits, deps.today)));
    validators = { etag: answer.etag, lastModified: answer.lastModified };
  } catch (error) {
    const message = error instanceof FeedError ? error.message : `Le calendrier ${feed.libelle} n'a pas pu être lu.`;
    await db.update(fluxIcal).set({ derniereTentativeLe: attemptAt, derniereErreur: message }).where(eq(fluxIcal.id, feedId));
    return { ok: false, unchanged: false, events: feed.evenements, error: message, conflicts: [] };
  }

  const conflicts = await db.transaction(async (tx) => {
    // One sync of a feed at a time ('Synchroniser maintenant' in one process, the job in another).
    await tx.execute(sql`select id from flux_ical where id = ${feedId} for update`);
    const existing = await tx.select({ id: blocagesImportes.id, uid: blocagesImportes.uid, debut: blocagesImportes.debut, fin: blocagesImportes.fin }).from(blocagesImportes).where(eq(blocagesImportes.fluxId, feedId));
    const wanted = new Map(ranges.map((r) => [`${r.uid}\u0000${r.debut}\u0000${r.fin}`, r]));
    const kept = new Set<string>();
    const released: number[] = [];
    for (const row of existing) {
      const key = `${row.uid}\u0000${row.debut}\u0000${row.fin}`;
      if (wanted.has(key)) kept.add(key);
      else released.push(row.id);
    }
    // Events gone from the feed (or moved) free their nights; their occupancy rows and conflicts go with them.
    for (let i = 0; i < released.length; i += 500) {
      const chunk = released.slice(i, i + 500);
      await tx.delete(blocagesImportes).where(and(eq(blocagesImportes.fluxId, feedId), sql`${blocagesImportes.id} in (${sql.join(chunk.map((id) => sql`${id}`), sql`, `)})`));
    }
    const added = [...wanted.entries()].filter(([key]) => !kept.has(key)).map(([, r]) => r);
    for (let i = 0; i < added.length; i += 500) {
      await tx.insert(blocagesImportes).values(added.slice(i, i + 500).map((r) => ({ fluxId: feedId, appartementId: feed.appartementId, uid: r.uid, debut: r.debut, fin: r.fin, resume: r.resume })));
    }
    // Nights free of any stay block the apartment; the exclusion constraint decides, so a booking
    // committed at the same instant either wins (the night is stored inactive) or is refused.
    await tx.execute(sql`
      insert into occupations (appartement_id, debut, fin, genre, actif, blocage_id)
      select b.appartement_id, n::date, (n + interval '1 day')::date, 'blocage', true, b.id
      from blocages_importes b, generate_series(b.debut::timestamp, (b.fin - 1)::timestamp, interval '1 day') n
      where b.flux_id = ${feedId} and not exists (select 1 from occupations o where o.blocage_id = b.id)
      on conflict do nothing`);
    await tx.execute(sql`
      insert into occupations (appartement_id, debut, fin, genre, actif, blocage_id)
      select b.appartement_id, n::date, (n + interval '1 day')::date, 'blocage', false, b.id
      from blocages_importes b, generate_series(b.debut::timestamp, (b.fin - 1)::timestamp, interval '1 day') n
      where b.flux_id = ${feedId}
        and not exists (select 1 from occupations o where o.blocage_id = b.id and o.debut = n::date)`);
    const fresh = rowsOf<{ id: number; appartement_id: number; reservation_id: number; blocage_id: number; debut: string; fin: string }>(
      await tx.execute(sql`
        insert into conflits_calendrier (appartement_id, reservation_id, blocage_id, debut, fin)
        select o.appartement_id, s.reservation_id, o.blocage_id, min(o.debut), max(o.fin)
        from occupations o
        join blocages_importes b on b.id = o.blocage_id
        join occupations s on s.appartement_id = o.appartement_id and s.genre = 'sejour' and s.actif
          and daterange(s.debut, s.fin, '[)') && daterange(o.debut, o.fin, '[)')
        where b.flux_id = ${feedId} and not o.actif
        group by o.appartement_id, s.reservation_id, o.blocage_id
        on conflict (reservation_id, blocage_id) do nothing
        returning id, appartement_id, reservation_id, blocage_id, debut::text as debut, fin::text as fin`),
    );
    await tx
      .update(fluxIcal)
      .set({ etag: validators.etag, lastModified: validators.lastModified, derniereTentativeLe: attemptAt, derniereSynchroLe: attemptAt, derniereErreur: null, evenements: ranges.length })
      .where(eq(fluxIcal.id, feedId));
    return fresh.map((c) => ({ id: c.id, appartementId: c.appartement_id, reservationId: c.reservation_id, blocageId: c.blocage_id, debut: c.debut, fin: c.fin }));
  });
  return { ok: true, unchanged: false, events: ranges.length, error: null, conflicts };
}

/** One block per (uid, first night): a feed repeating an event is read once. */
function dedupe(ranges: ImportedRange[]): ImportedRange[] {
  const seen = new Map<string, ImportedRange>();
  for (const r of ranges) {
    const key = `${r.uid}\u0000${r.debut}`;
    const prior = seen.get(key);
    if (!prior || r.fin > prior.fin) seen.set(key, r);
  }
  return [...seen.values()];
}
