/**
 * Turns an iCal feed into blocked night ranges [debut, fin), clipped to the bookable window.
 *
 * - The file is read line by line first (`ics-lines.ts`): bare CR, a file cut short, a line that
 *   is not iCal are refused; names are case-insensitive.
 * - Each VEVENT is handed to node-ical on its own, so two events sharing a UID without a
 *   RECURRENCE-ID both block (node-ical merges them into the last one). node-ical reads the dates
 *   (TZID, VTIMEZONE, Windows zone names, DURATION), the RRULE and the EXDATEs.
 * - Floating times (no TZID, no Z) and TZIDs nobody can resolve are given the calendar's zone before
 *   node-ical reads them: `X-WR-TIMEZONE` when it names a real zone, else Europe/Paris — never the
 *   server's zone, which node-ical would use.
 * - Here: RDATE (node-ical keeps it as text), RECURRENCE-ID overrides (moved or cancelled
 *   occurrences, matched by their RECURRENCE-ID, which node-ical stores but does not apply),
 *   STATUS:CANCELLED of an event, a series or an occurrence.
 * - All-day dates are calendar dates; timed events are read in Europe/Paris and cover every night
 *   they touch, a night running from noon to noon (16:00 → 10:00 covers exactly its nights).
 * - Every range is clipped to the window; at most `maxNights` nights (summed over the ranges) are
 *   kept, the nearest first.
 */
import { createRequire } from 'node:module';
import ical from 'node-ical';
import { addDaysIso } from 'shared-kernel/rules';
import { componentLines, IcsSyntaxError, propertyLine, propertyParam, readComponents, type Component, type Property } from './ics-lines.js';

export interface ImportedRange {
  uid: string;
  debut: string;
  fin: string;
  resume: string | null;
}

/** Nights [from, to) an imported block may cover: from the day before today to the last departure day. */
export interface FeedWindow {
  from: string;
  to: string;
}

export interface ParsedFeed {
  ranges: ImportedRange[];
  /** Nights of every range, summed, before the cap. */
  nights: number;
  /** Nights kept (≤ the cap). */
  keptNights: number;
}

/**
 * Why a feed is refused: not a calendar at all, or a calendar that cannot be read safely; the
 * detail is French, without the calendar's name (the caller adds it).
 */
export class FeedParseError extends Error {
  constructor(
    readonly kind: 'pas-ical' | 'illisible',
    detail = '',
  ) {
    super(detail);
  }
}

export const PARIS = 'Europe/Paris';

const require = createRequire(import.meta.url);
/** node-ical's own TZID resolver (IANA names, Windows names, offsets), to know which TZIDs it can read. */
const tzUtil = require('node-ical/lib/tz-utils.js') as { resolveTZID(value: string): { iana?: string; offset?: string } };

type DateWithFlags = Date & { dateOnly?: boolean; tz?: string };

const formatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(zone, f);
  }
  return f;
}

export function isTimeZone(zone: string): boolean {
  try {
    dayFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The Paris calendar date of an instant. */
export function parisDate(instant: Date): string {
  return dayFormatter(PARIS).format(instant);
}

const parisHour = new Intl.DateTimeFormat('en-GB', { timeZone: PARIS, hour: '2-digit', hourCycle: 'h23' });

/**
 * The night an instant falls in, read in Paris: the night of day D runs from D at noon to D+1 at
 * noon (check-in afternoon, check-out morning), so a stay from 16:00 to 10:00 covers exactly its nights.
 */
export function nightOf(instant: Date): string {
  const day = parisDate(instant);
  return Number(parisHour.format(instant)) < 12 ? addDaysIso(day, -1) : day;
}

/**
 * The calendar date a value stands for: node-ical builds a DATE as midnight in the process's zone
 * (read back in that zone, it is the written date whatever TZ the server runs in); a DATE-TIME
 * gives its date in its own zone (Paris when it has none we can name).
 */
function calendarDate(value: DateWithFlags): string {
  if (value.dateOnly) {
    return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
  }
  const zone = value.tz && isTimeZone(value.tz) ? value.tz : PARIS;
  return dayFormatter(zone).format(value);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function unescapeText(value: string): string {
  return value.replace(/\\([nN,;\\])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

const DATE_PROPS = new Set(['DTSTART', 'DTEND', 'RECURRENCE-ID', 'EXDATE', 'RDATE']);
/** What node-ical needs of an event; the rest (descriptions, attendees, alarms) is not its business. */
const FOR_NODE_ICAL = new Set(['DTSTART', 'DTEND', 'DURATION', 'RRULE', 'EXDATE']);
const MICROSOFT_CUSTOM = /^(tzone:\/\/Microsoft\/|Customized Time Zone|\(no TZ description\))/;

interface ZoneContext {
  /** For floating times and unreadable TZIDs. */
  floating: string;
  timezones: Map<string, Component>;
}

/** Whether node-ical reads this TZID without falling back to the server's zone. */
function readableTzid(tzid: string, zones: ZoneContext): boolean {
  if (MICROSOFT_CUSTOM.test(tzid)) return zones.timezones.has(tzid);
  const resolved = tzUtil.resolveTZID(tzid);
  return Boolean(resolved.iana || resolved.offset);
}

/** A date property as node-ical must see it: floating times and unknown zones in the calendar's zone. */
function withZone(prop: Property, zones: ZoneContext): Property {
  if (!DATE_PROPS.has(prop.name)) return prop;
  const value = propertyParam(prop, 'VALUE');
  const first = prop.value.split(',')[0]!.split('/')[0]!.trim();
  if (value === 'DATE' || /^\d{8}$/.test(first) || first.endsWith('Z')) return prop;
  const tzid = propertyParam(prop, 'TZID');
  if (tzid !== undefined && readableTzid(tzid, zones)) return prop;
  return { ...prop, params: [...prop.params.filter((p) => p.name !== 'TZID'), { name: 'TZID', values: [zones.floating] }] };
}

interface Occurrence {
  start: DateWithFlags;
  end: DateWithFlags;
}

interface VEvent {
  uid: string;
  line: number;
  allDay: boolean;
  start: DateWithFlags;
  end: DateWithFlags;
  rrule?: { between(after: Date, before: Date, inclusive?: boolean): Date[] };
  exdates: DateWithFlags[];
  rdates: Array<{ start: DateWithFlags; end: DateWithFlags | null }>;
  recurrenceId: DateWithFlags | null;
  /** DTEND or DURATION given (an override without one lasts as long as its series). */
  hasEnd: boolean;
  /** Upper-cased STATUS, null when absent. */
  status: string | null;
  resume: string | null;
}

interface NodeIcalEvent {
  start?: unknown;
  end?: unknown;
  datetype?: string;
  rrule?: VEvent['rrule'];
  exdate?: Record<string, DateWithFlags>;
}

function isDate(value: unknown): value is DateWithFlags {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** A VEVENT as node-ical will read it: under UIDs of our own, so no two events merge. */
interface PreparedEvent {
  component: Component;
  key: string;
  uid: string;
  status: string | null;
  resume: string | null;
  hasEnd: boolean;
  hasRecurrenceId: boolean;
  /** Whether each RDATE value (in order) is a PERIOD with its own end. */
  rdateEnds: boolean[];
  lines: string[];
  timezones: Set<string>;
}

function prepareEvent(component: Component, index: number, zones: ZoneContext): PreparedEvent | null {
  const props = component.props.map((p) => withZone(p, zones));
  const first = (name: string) => props.find((p) => p.name === name);
  const status = first('STATUS')?.value.trim() || null;
  if (!first('DTSTART')) {
    if (status === 'CANCELLED') return null;
    throw new IcsSyntaxError(`l'événement de la ligne ${component.line} n'a pas de date de début (DTSTART)`);
  }
  const key = `sm-${index}`;
  const summary = first('SUMMARY');
  const lines = ['BEGIN:VEVENT', `UID:${key}`, ...props.filter((p) => FOR_NODE_ICAL.has(p.name)).map(propertyLine), 'END:VEVENT'];
  // RECURRENCE-ID and each RDATE value become events of their own, so node-ical reads them as it
  // reads a DTSTART (it drops the RECURRENCE-ID of an event that also has an RRULE).
  const recurrenceId = first('RECURRENCE-ID');
  if (recurrenceId) lines.push('BEGIN:VEVENT', `UID:${key}-rid`, propertyLine({ ...recurrenceId, name: 'DTSTART' }), 'END:VEVENT');
  const rdateEnds: boolean[] = [];
  for (const rdate of props.filter((p) => p.name === 'RDATE')) {
    const params = rdate.params.filter((p) => p.name !== 'VALUE' || p.values[0] !== 'PERIOD');
    for (const period of rdate.value.split(',')) {
      const [start, end] = period.trim().split('/');
      if (!start) continue;
      lines.push('BEGIN:VEVENT', `UID:${key}-rdate-${rdateEnds.length}`, propertyLine({ ...rdate, name: 'DTSTART', params, value: start }));
      if (end) lines.push(/^[+-]?P/.test(end) ? `DURATION:${end}` : propertyLine({ ...rdate, name: 'DTEND', params, value: end }));
      lines.push('END:VEVENT');
      rdateEnds.push(Boolean(end));
    }
  }
  return {
    component,
    key,
    uid: (first('UID')?.value.trim() || `sans-uid-ligne-${component.line}`).slice(0, 500),
    status,
    resume: summary ? unescapeText(summary.value).slice(0, 200) : null,
    hasEnd: Boolean(first('DTEND') || first('DURATION')),
    hasRecurrenceId: recurrenceId !== undefined,
    rdateEnds,
    lines,
    timezones: new Set(props.map((p) => propertyParam(p, 'TZID')).filter((z): z is string => z !== undefined && zones.timezones.has(z))),
  };
}

function finishEvent(prepared: PreparedEvent, parsed: Record<string, NodeIcalEvent>): VEvent {
  const line = prepared.component.line;
  const event = parsed[prepared.key];
  if (!event || !isDate(event.start) || !isDate(event.end))
    throw new IcsSyntaxError(`les dates de l'événement de la ligne ${line} sont illisibles`);
  const rdates = prepared.rdateEnds.map((hasEnd, i) => {
    const r = parsed[`${prepared.key}-rdate-${i}`];
    if (!r || !isDate(r.start)) throw new IcsSyntaxError(`une date RDATE de l'événement de la ligne ${line} est illisible`);
    // A plain RDATE lasts as long as the series; a PERIOD has its own end.
    return { start: r.start, end: hasEnd && isDate(r.end) ? r.end : null };
  });
  const recurrence = prepared.hasRecurrenceId ? parsed[`${prepared.key}-rid`]?.start : null;
  if (prepared.hasRecurrenceId && !isDate(recurrence))
    throw new IcsSyntaxError(`la date RECURRENCE-ID de l'événement de la ligne ${line} est illisible`);
  return {
    uid: prepared.uid,
    line,
    allDay: event.datetype === 'date' || event.start.dateOnly === true,
    start: event.start,
    end: event.end,
    ...(event.rrule ? { rrule: event.rrule } : {}),
    exdates: Object.values(event.exdate ?? {}).filter(isDate),
    rdates,
    recurrenceId: isDate(recurrence) ? recurrence : null,
    hasEnd: prepared.hasEnd,
    status: prepared.status,
    resume: prepared.resume,
  };
}

function nodeIcal(events: PreparedEvent[], zones: ZoneContext): Record<string, NodeIcalEvent> {
  const timezones = new Set(events.flatMap((e) => [...e.timezones]));
  const lines = [
    'BEGIN:VCALENDAR',
    ...[...timezones].flatMap((z) => componentLines(zones.timezones.get(z)!)),
    ...events.flatMap((e) => e.lines),
    'END:VCALENDAR',
  ];
  return ical.sync.parseICS(lines.join('\r\n')) as unknown as Record<string, NodeIcalEvent>;
}

/** The VEVENTs of a calendar read by node-ical, a few hundred at a time (one at a time to name the one it cannot read). */
function readEvents(components: Component[], zones: ZoneContext): VEvent[] {
  const prepared = components.map((c, i) => prepareEvent(c, i, zones)).filter((e): e is PreparedEvent => e !== null);
  const events: VEvent[] = [];
  for (let i = 0; i < prepared.length; i += 500) {
    const chunk = prepared.slice(i, i + 500);
    let parsed: Record<string, NodeIcalEvent>;
    try {
      parsed = nodeIcal(chunk, zones);
    } catch {
      for (const one of chunk) {
        try {
          nodeIcal([one], zones);
        } catch {
          throw new IcsSyntaxError(`l'événement de la ligne ${one.component.line} est illisible`);
        }
      }
      throw new IcsSyntaxError('un événement est illisible');
    }
    for (const one of chunk) events.push(finishEvent(one, parsed));
  }
  return events;
}

/** Nights of one occurrence; an all-day occurrence lasts at least one night. */
function nightsOf(occurrence: Occurrence, allDay: boolean): { debut: string; fin: string } {
  if (allDay) {
    const debut = calendarDate(occurrence.start);
    const fin = calendarDate(occurrence.end);
    return { debut, fin: fin > debut ? fin : addDaysIso(debut, 1) };
  }
  const lastInstant = new Date(Math.max(occurrence.start.getTime(), occurrence.end.getTime() - 1));
  return { debut: nightOf(occurrence.start), fin: addDaysIso(nightOf(lastInstant), 1) };
}

/** Collects ranges clipped to the window, one per (uid, first night), the longest kept. */
class RangeSet {
  private readonly byKey = new Map<string, ImportedRange>();
  constructor(private readonly window: FeedWindow) {}

  add(uid: string, nights: { debut: string; fin: string }, resume: string | null): void {
    const debut = nights.debut < this.window.from ? this.window.from : nights.debut;
    const fin = nights.fin > this.window.to ? this.window.to : nights.fin;
    if (fin <= debut) return;
    const key = `${uid}\u0000${debut}`;
    const prior = this.byKey.get(key);
    if (!prior || fin > prior.fin) this.byKey.set(key, { uid, debut, fin, resume });
  }

  values(): ImportedRange[] {
    return [...this.byKey.values()];
  }
}

/** The end of an occurrence starting at `start` that lasts as long as `series` (in days when all-day: DST changes nothing). */
function endAfter(start: DateWithFlags, series: VEvent): DateWithFlags {
  if (!series.allDay || !start.dateOnly) return new Date(start.getTime() + (series.end.getTime() - series.start.getTime()));
  const end = new Date(start.getTime()) as DateWithFlags;
  end.setDate(end.getDate() + Math.max(1, daysBetween(calendarDate(series.start), calendarDate(series.end))));
  end.dateOnly = true;
  return end;
}

/**
 * The occurrences of one series (or single event) inside the window, with its overrides:
 * DTSTART, the RRULE's and the RDATEs', less the EXDATEs and the occurrences an override
 * (RECURRENCE-ID) replaces.
 */
function expand(master: VEvent, overridden: { instants: Set<number>; days: Set<string> }, window: FeedWindow): Occurrence[] {
  const lengthMs = master.end.getTime() - master.start.getTime();
  const lengthDays = master.allDay ? Math.max(1, daysBetween(calendarDate(master.start), calendarDate(master.end))) : 0;
  const endOf = (start: DateWithFlags) => endAfter(start, master);
  const candidates: Array<{ start: DateWithFlags; end: DateWithFlags | null }> = [
    { start: master.start, end: master.end },
    ...master.rdates,
  ];
  if (master.rrule) {
    const after = new Date(Date.parse(`${window.from}T00:00:00Z`) - Math.max(lengthMs, lengthDays * 86_400_000) - 2 * 86_400_000);
    const before = new Date(Date.parse(`${window.to}T00:00:00Z`) + 2 * 86_400_000);
    let starts: DateWithFlags[];
    try {
      starts = master.rrule.between(after, before, true);
    } catch {
      throw new IcsSyntaxError(`la règle de répétition (RRULE) de l'événement de la ligne ${master.line} ne peut pas être développée`);
    }
    for (const start of starts) {
      if (master.allDay) start.dateOnly = true;
      candidates.push({ start, end: null });
    }
  }
  const exInstants = new Set(master.exdates.filter((d) => !d.dateOnly).map((d) => d.getTime()));
  const exDays = new Set(master.exdates.filter((d) => d.dateOnly || master.allDay).map(calendarDate));
  const seen = new Set<string>();
  const out: Occurrence[] = [];
  for (const candidate of candidates) {
    const day = calendarDate(candidate.start);
    const key = master.allDay ? day : String(candidate.start.getTime());
    if (seen.has(key)) continue;
    seen.add(key);
    if (exDays.has(day) || exInstants.has(candidate.start.getTime())) continue;
    if (overridden.days.has(day) || overridden.instants.has(candidate.start.getTime())) continue;
    out.push({ start: candidate.start, end: candidate.end ?? endOf(candidate.start) });
  }
  return out;
}

/**
 * @param window  nights [from, to) kept; recurring events are expanded over it
 * @param maxNights  nights kept at most, summed over the ranges, the nearest first
 * @throws FeedParseError with the French reason the file is refused
 */
export function parseFeed(body: string, window: FeedWindow, maxNights: number): ParsedFeed {
  if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(body)) throw new FeedParseError('pas-ical');
  try {
    return parseCalendars(readComponents(body), window, maxNights);
  } catch (error) {
    if (error instanceof IcsSyntaxError) throw new FeedParseError('illisible', error.message);
    throw error;
  }
}

function parseCalendars(calendars: Component[], window: FeedWindow, maxNights: number): ParsedFeed {
  const ranges = new RangeSet(window);
  for (const calendar of calendars) {
    const declared = calendar.props.find((p) => p.name === 'X-WR-TIMEZONE')?.value.trim();
    const zones: ZoneContext = {
      floating: declared && isTimeZone(declared) ? declared : PARIS,
      timezones: new Map(
        calendar.children
          .filter((c) => c.name === 'VTIMEZONE')
          .map((c) => [c.props.find((p) => p.name === 'TZID')?.value.trim() ?? '', c] as const),
      ),
    };
    const events = readEvents(
      calendar.children.filter((c) => c.name === 'VEVENT'),
      zones,
    );
    const byUid = new Map<string, { masters: VEvent[]; overrides: VEvent[] }>();
    for (const event of events) {
      const group = byUid.get(event.uid) ?? { masters: [], overrides: [] };
      (event.recurrenceId ? group.overrides : group.masters).push(event);
      byUid.set(event.uid, group);
    }
    for (const [uid, { masters, overrides }] of byUid) {
      // A cancelled series cancels its occurrences, and the overrides that do not state otherwise.
      const seriesCancelled = masters.length > 0 && masters.every((m) => m.status === 'CANCELLED');
      const overridden = {
        instants: new Set(overrides.filter((o) => !o.recurrenceId!.dateOnly).map((o) => o.recurrenceId!.getTime())),
        days: new Set(overrides.map((o) => calendarDate(o.recurrenceId!))),
      };
      for (const master of masters) {
        if (master.status === 'CANCELLED') continue;
        // Several events with this UID and no RECURRENCE-ID: each one blocks its own nights.
        const days = master.allDay
          ? overridden.days
          : new Set(overrides.filter((o) => o.recurrenceId!.dateOnly).map((o) => calendarDate(o.recurrenceId!)));
        for (const occurrence of expand(master, { instants: overridden.instants, days }, window))
          ranges.add(uid, nightsOf(occurrence, master.allDay), master.resume);
      }
      for (const override of overrides) {
        const cancelled = override.status === 'CANCELLED' || (override.status === null && seriesCancelled);
        if (cancelled) continue;
        const series = masters[0];
        const end = override.hasEnd || !series ? override.end : endAfter(override.start, series);
        ranges.add(uid, nightsOf({ start: override.start, end }, override.allDay), override.resume ?? series?.resume ?? null);
      }
    }
  }
  return capNights(ranges.values(), maxNights);
}

/** The nearest nights first, up to `maxNights` summed over the ranges (the last one kept may be cut short). */
function capNights(all: ImportedRange[], maxNights: number): ParsedFeed {
  all.sort((a, b) => (a.debut === b.debut ? (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0) : a.debut < b.debut ? -1 : 1));
  const ranges: ImportedRange[] = [];
  let nights = 0;
  let kept = 0;
  for (const range of all) {
    const length = daysBetween(range.debut, range.fin);
    nights += length;
    const room = maxNights - kept;
    if (room <= 0) continue;
    if (length <= room) {
      ranges.push(range);
      kept += length;
    } else {
      ranges.push({ ...range, fin: addDaysIso(range.debut, room) });
      kept += room;
    }
  }
  return { ranges, nights, keptNights: kept };
}
