/**
 * One sync of one imported feed, holding the feed's lease (`sync-lease.ts`): download
 * (conditionally), read in a worker thread (`parse-off-thread.ts`), then write the difference in
 * short transactions of at most `BATCH_NIGHTS` nights, so neither the parsing nor the writing holds
 * the event loop or the database for long (the embedded database runs on the event loop).
 *
 * The new blocks are written before the old ones are removed: while a sync runs, a night is never
 * free that the feed blocks before or after it; a sync that fails half-way leaves more nights
 * blocked, never fewer, and the next one puts them right. Each night of a block becomes an
 * occupancy row; a night already taken by a stay booked here is stored inactive and the conflict
 * recorded (both kept), never silently dropped.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { addDaysIso, lastDepartureDay, todayIn, type StayLimits } from 'shared-kernel/rules';
import type { IcalImportSettings } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import { blocagesImportes, fluxIcal } from '../../db/schema.js';
import { FeedError, fetchFeed } from './fetch-feed.js';
import { FeedParseError, PARIS, type FeedWindow, type ImportedRange, type ParsedFeed } from './parse-feed.js';
import { parseOffThread, ParseBudgetError } from './parse-off-thread.js';
import { LeaseLost, type SyncLease } from './sync-lease.js';

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
  warning: string | null;
  conflicts: NewConflict[];
}

export interface SyncDependencies {
  settings: IcalImportSettings;
  stayLimits: StayLimits;
  today?: string;
}

/** Nights written per transaction: each statement stays a few milliseconds long. */
export const BATCH_NIGHTS = 50;
/** Changes when the parser reads feeds differently: every feed is then read again. */
const PARSER_VERSION = '26.1';

const count = new Intl.NumberFormat('fr-FR');

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The nights an imported block may cover: from the night before today (still running until noon) to the last departure day. */
export function importWindow(stayLimits: StayLimits, today = todayIn(PARIS)): FeedWindow {
  return { from: addDaysIso(today, -1), to: lastDepartureDay(today, stayLimits) };
}

function nightsIn(ranges: Array<{ debut: string; fin: string }>): number {
  return ranges.reduce((sum, r) => sum + Math.round((Date.parse(r.fin) - Date.parse(r.debut)) / 86_400_000), 0);
}

/** Part of a range's nights, written in one batch. */
interface Piece<T> {
  range: T;
  debut: string;
  fin: string;
}

/** The ranges cut into batches of at most `max` nights (a longer range spans several batches). */
function batches<T extends { debut: string; fin: string }>(ranges: T[], max: number): Array<Array<Piece<T>>> {
  const out: Array<Array<Piece<T>>> = [];
  let current: Array<Piece<T>> = [];
  let room = max;
  for (const range of ranges) {
    for (let debut = range.debut; debut < range.fin;) {
      const take = Math.min(room, nightsIn([{ debut, fin: range.fin }]));
      const fin = addDaysIso(debut, take);
      current.push({ range, debut, fin });
      room -= take;
      debut = fin;
      if (room === 0) {
        out.push(current);
        current = [];
        room = max;
      }
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Lets the requests waiting on the event loop (and on the embedded database) through between two batches. */
function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function failureMessage(error: unknown, label: string, settings: IcalImportSettings): string {
  if (error instanceof FeedError) return error.message;
  if (error instanceof FeedParseError) {
    return error.kind === 'pas-ical'
      ? `Le fichier reçu n'est pas un calendrier iCal (calendrier ${label}).`
      : `Le calendrier ${label} est illisible : ${error.message}.`;
  }
  if (error instanceof ParseBudgetError && error.reason === 'temps') {
    return `Le calendrier ${label} demande trop de calcul : sa lecture a été arrêtée après ${settings.parseTimeoutMs / 1000} s.`;
  }
  if (error instanceof ParseBudgetError && error.reason === 'memoire') {
    return `Le calendrier ${label} demande trop de mémoire : sa lecture a été arrêtée au-delà de ${settings.parseMemoryMb} Mo.`;
  }
  return `Le calendrier ${label} n'a pas pu être lu.`;
}

function capWarning(label: string, parsed: ParsedFeed, max: number): string | null {
  if (parsed.nights <= parsed.keptNights) return null;
  return `Le calendrier ${label} bloque ${count.format(parsed.nights)} nuits : seules les ${count.format(parsed.keptNights)} plus proches sont importées (${count.format(max)} au plus par calendrier).`;
}

/**
 * Syncs the feed the lease is for. Never throws for a feed's fault: the French reason is stored
 * as the feed's last error and the last good blocks stay.
 */
export async function syncFeed(db: AppDb, lease: SyncLease, deps: SyncDependencies): Promise<SyncOutcome> {
  const failed = (error: string | null, events = 0): SyncOutcome => ({
    ok: false,
    unchanged: false,
    events,
    error,
    warning: null,
    conflicts: [],
  });
  const [feed] = await db.select().from(fluxIcal).where(eq(fluxIcal.id, lease.feedId)).limit(1);
  if (!feed) return failed('Flux introuvable.');
  const { settings } = deps;
  const window = importWindow(deps.stayLimits, deps.today);
  const windowKey = `${window.from}/${window.to}/${settings.maxNightsPerFeed}`;
  const attemptAt = new Date();
  lease.keepAlive();
  try {
    await lease.report('telechargement');
    // Blocks clipped to another window (yesterday's) need the whole feed again, even if it did not change.
    const conditional =
      feed.fenetre === windowKey ? { etag: feed.etag, lastModified: feed.lastModified } : { etag: null, lastModified: null };
    let parsed: ParsedFeed;
    let answer: Awaited<ReturnType<typeof fetchFeed>>;
    let empreinte: string;
    try {
      answer = await fetchFeed(feed.url, feed.libelle, conditional, settings);
      if (answer.kind === 'unchanged') {
        await lease.finish({ derniereTentativeLe: attemptAt, derniereSynchroLe: attemptAt, derniereErreur: null });
        return { ok: true, unchanged: true, events: feed.evenements, error: null, warning: feed.avertissement, conflicts: [] };
      }
      empreinte = createHash('sha256').update(`${PARSER_VERSION}\u0000${windowKey}\u0000`).update(answer.body).digest('base64url');
      if (empreinte === feed.empreinte && feed.derniereErreur === null) {
        // The same body over the same window: the blocks already are what it says (the periodic job, for channels without ETag).
        await lease.finish({
          etag: answer.etag,
          lastModified: answer.lastModified,
          derniereTentativeLe: attemptAt,
          derniereSynchroLe: attemptAt,
        });
        return { ok: true, unchanged: true, events: feed.evenements, error: null, warning: feed.avertissement, conflicts: [] };
      }
      await lease.report('attente');
      parsed = await parseOffThread(
        { body: answer.body, window, maxNights: settings.maxNightsPerFeed },
        { timeoutMs: settings.parseTimeoutMs, memoryMb: settings.parseMemoryMb },
        () => {
          void lease.report('lecture').catch(() => undefined);
        },
      );
    } catch (error) {
      if (error instanceof LeaseLost) throw error;
      const message = failureMessage(error, feed.libelle, settings);
      await lease.finish({ derniereTentativeLe: attemptAt, derniereErreur: message });
      return failed(message, feed.evenements);
    }

    let conflicts: NewConflict[];
    try {
      conflicts = await writeBlocks(db, feed, parsed.ranges, lease);
    } catch (error) {
      if (error instanceof LeaseLost) throw error;
      const message = `L'enregistrement du calendrier ${feed.libelle} a été interrompu : il sera repris à la prochaine synchronisation.`;
      // Half-written: the next sync must read the whole feed again, even if it has not changed.
      await lease.finish({ derniereTentativeLe: attemptAt, derniereErreur: message, etag: null, lastModified: null, empreinte: null });
      return failed(message, feed.evenements);
    }
    const warning = capWarning(feed.libelle, parsed, settings.maxNightsPerFeed);
    await lease.finish({
      etag: answer.etag,
      lastModified: answer.lastModified,
      derniereTentativeLe: attemptAt,
      derniereSynchroLe: attemptAt,
      derniereErreur: null,
      avertissement: warning,
      evenements: parsed.ranges.length,
      empreinte,
      fenetre: windowKey,
    });
    return { ok: true, unchanged: false, events: parsed.ranges.length, error: null, warning, conflicts };
  } catch (error) {
    if (error instanceof LeaseLost) return failed(null, feed.evenements);
    await lease
      .finish({ derniereTentativeLe: attemptAt, derniereErreur: `La synchronisation du calendrier ${feed.libelle} a échoué.` })
      .catch(() => undefined);
    throw error;
  } finally {
    lease.stop();
  }
}

type FeedRow = typeof fluxIcal.$inferSelect;

/** Adds the blocks the feed has and the table lacks, then removes the ones it no longer has, batch by batch. */
async function writeBlocks(db: AppDb, feed: FeedRow, ranges: ImportedRange[], lease: SyncLease): Promise<NewConflict[]> {
  const key = (r: { uid: string; debut: string; fin: string }) => `${r.uid}\u0000${r.debut}\u0000${r.fin}`;
  const existing = await db
    .select({ id: blocagesImportes.id, uid: blocagesImportes.uid, debut: blocagesImportes.debut, fin: blocagesImportes.fin })
    .from(blocagesImportes)
    .where(eq(blocagesImportes.fluxId, feed.id));
  const wanted = new Set(ranges.map(key));
  const present = new Set(existing.map(key));
  const added = ranges.filter((r) => !present.has(key(r)));
  const released = existing.filter((r) => !wanted.has(key(r)));
  const total = nightsIn(added) + nightsIn(released);
  let done = 0;
  let reportedAt = 0;
  /** The nights written so far, a few times a second (each report is a write too). */
  const progress = async (nights: number) => {
    done += nights;
    if (Date.now() - reportedAt < 250 && done < total) return;
    reportedAt = Date.now();
    await lease.report('enregistrement', done, total);
  };
  await lease.report('enregistrement', done, total);
  const ids = new Map<ImportedRange, number>();
  for (const batch of batches(added, BATCH_NIGHTS)) {
    await db.transaction((tx) => addNights(tx, feed, batch, ids));
    await progress(nightsIn(batch));
    await yieldToRequests();
  }
  const conflicts: NewConflict[] = [];
  const blockIds = [...ids.values()];
  for (let i = 0; i < blockIds.length; i += 200) conflicts.push(...(await recordConflicts(db, blockIds.slice(i, i + 200))));
  for (const batch of batches(released, BATCH_NIGHTS)) {
    await releaseNights(db, batch);
    await progress(nightsIn(batch));
    await yieldToRequests();
  }
  await releaseBlocks(
    db,
    feed.id,
    released.map((r) => r.id),
  );
  return conflicts;
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * One batch of new nights: the blocks they belong to (created with their first piece), then one
 * occupancy row per night. Nights free of any stay block the apartment; the exclusion constraint
 * decides, so a booking committed at the same instant either wins (the night is stored inactive,
 * with a conflict) or is refused.
 */
async function addNights(tx: AppDb, feed: FeedRow, batch: Array<Piece<ImportedRange>>, ids: Map<ImportedRange, number>): Promise<void> {
  const fresh = batch.filter((p) => !ids.has(p.range)).map((p) => p.range);
  if (fresh.length > 0) {
    const inserted = await tx
      .insert(blocagesImportes)
      .values(
        fresh.map((r) => ({
          fluxId: feed.id,
          appartementId: feed.appartementId,
          uid: r.uid,
          debut: r.debut,
          fin: r.fin,
          resume: r.resume,
        })),
      )
      .returning({ id: blocagesImportes.id, uid: blocagesImportes.uid, debut: blocagesImportes.debut, fin: blocagesImportes.fin });
    const byKey = new Map(inserted.map((row) => [`${row.uid}\u0000${row.debut}\u0000${row.fin}`, row.id]));
    for (const r of fresh) ids.set(r, byKey.get(`${r.uid}\u0000${r.debut}\u0000${r.fin}`)!);
  }
  const pieces = sql.join(
    batch.map((p) => sql`(${ids.get(p.range)!}::int, ${p.debut}::date, ${p.fin}::date)`),
    sql`, `,
  );
  const active = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into occupations (appartement_id, debut, fin, genre, actif, blocage_id)
      select ${feed.appartementId}, n::date, (n + interval '1 day')::date, 'blocage', true, p.id
      from (values ${pieces}) as p(id, debut, fin), generate_series(p.debut::timestamp, (p.fin - 1)::timestamp, interval '1 day') n
      on conflict do nothing
      returning id`),
  );
  // Every night taken: none is held back by a stay (the usual case).
  if (active.length === nightsIn(batch)) return;
  await tx.execute(sql`
    insert into occupations (appartement_id, debut, fin, genre, actif, blocage_id)
    select ${feed.appartementId}, n::date, (n + interval '1 day')::date, 'blocage', false, p.id
    from (values ${pieces}) as p(id, debut, fin), generate_series(p.debut::timestamp, (p.fin - 1)::timestamp, interval '1 day') n
    where not exists (select 1 from occupations o where o.blocage_id = p.id and o.debut = n::date)`);
}

/** The conflicts of new blocks: their nights held back by a stay, one row per (stay, block). */
async function recordConflicts(db: AppDb, blockIds: number[]): Promise<NewConflict[]> {
  if (blockIds.length === 0) return [];
  const fresh = rowsOf<{ id: number; appartement_id: number; reservation_id: number; blocage_id: number; debut: string; fin: string }>(
    await db.execute(sql`
      insert into conflits_calendrier (appartement_id, reservation_id, blocage_id, debut, fin)
      select o.appartement_id, s.reservation_id, o.blocage_id, min(o.debut), max(o.fin)
      from occupations o
      join occupations s on s.appartement_id = o.appartement_id and s.genre = 'sejour' and s.actif
        and daterange(s.debut, s.fin, '[)') && daterange(o.debut, o.fin, '[)')
      where o.blocage_id in (${idList(blockIds)}) and not o.actif
      group by o.appartement_id, s.reservation_id, o.blocage_id
      on conflict (reservation_id, blocage_id) do nothing
      returning id, appartement_id, reservation_id, blocage_id, debut::text as debut, fin::text as fin`),
  );
  return fresh.map((c) => ({
    id: c.id,
    appartementId: c.appartement_id,
    reservationId: c.reservation_id,
    blocageId: c.blocage_id,
    debut: c.debut,
    fin: c.fin,
  }));
}

/** Nights of blocks gone from the feed (or moved), a batch at a time: a block written before issue 26 may hold thousands. */
async function releaseNights(db: AppDb, batch: Array<Piece<{ id: number; debut: string; fin: string }>>): Promise<void> {
  const pieces = batch.map((p) => sql`(o.blocage_id = ${p.range.id} and o.debut >= ${p.debut}::date and o.debut < ${p.fin}::date)`);
  await db.execute(sql`delete from occupations o where ${sql.join(pieces, sql` or `)}`);
}

/** Then the blocks themselves (their conflicts go with them). */
async function releaseBlocks(db: AppDb, feedId: number, blockIds: number[]): Promise<void> {
  for (let i = 0; i < blockIds.length; i += 500) {
    await db
      .delete(blocagesImportes)
      .where(and(eq(blocagesImportes.fluxId, feedId), sql`${blocagesImportes.id} in (${idList(blockIds.slice(i, i + 500))})`));
    await yieldToRequests();
  }
}
