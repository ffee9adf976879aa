/**
 * Turns an iCal feed into blocked night ranges [debut, fin). All-day dates are calendar dates
 * (never moved by a time zone); timed events are read in Europe/Paris and cover every night they
 * touch (a night runs from noon to noon); recurring events are expanded over the bookable horizon.
 */
import ical from 'node-ical';
import { addDaysIso } from 'shared-kernel/rules';
import { FeedError } from './fetch-feed.js';

export interface ImportedRange {
  uid: string;
  debut: string;
  fin: string;
  resume: string | null;
}

const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Paris calendar date of an instant. */
export function parisDate(instant: Date): string {
  return parisDay.format(instant);
}

type DateWithFlags = Date & { dateOnly?: boolean; tz?: string };

/**
 * node-ical builds an all-day DTSTART as midnight in the process's zone (or UTC with a `tz` of
 * 'Etc/UTC'); reading the same zone back gives the written calendar date whatever TZ the server runs in.
 */
function calendarDate(value: DateWithFlags): string {
  if (value.tz === 'Etc/UTC' || value.tz === 'UTC') return value.toISOString().slice(0, 10);
  const y = value.getFullYear();
  const m = String(value.getMonth() + 1).padStart(2, '0');
  const d = String(value.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function notICalendar(label: string): FeedError {
  return new FeedError(`Le fichier reçu n'est pas un calendrier iCal (calendrier ${label}).`);
}

interface ParsedEvent {
  type?: string;
  uid?: string;
  start?: DateWithFlags;
  end?: DateWithFlags;
  duration?: unknown;
  datetype?: string;
  summary?: unknown;
  status?: string;
  rrule?: { between(after: Date, before: Date, inclusive?: boolean): Date[] };
  exdate?: Record<string, Date>;
  recurrences?: Record<string, ParsedEvent>;
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.slice(0, 200);
  if (value && typeof value === 'object' && 'val' in value && typeof (value as { val: unknown }).val === 'string') return (value as { val: string }).val.slice(0, 200);
  return null;
}

const parisHour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', hourCycle: 'h23' });

/**
 * The night an instant falls in, read in Paris: the night of day D runs from D at noon to D+1 at
 * noon (check-in afternoon, check-out morning), so a stay from 16:00 to 10:00 covers exactly its nights.
 */
export function nightOf(instant: Date): string {
  const day = parisDate(instant);
  return Number(parisHour.format(instant)) < 12 ? addDaysIso(day, -1) : day;
}

/** Nights of one occurrence; null when the event blocks nothing. */
function rangeOf(start: DateWithFlags, end: DateWithFlags | undefined, allDay: boolean): { debut: string; fin: string } | null {
  if (allDay) {
    const debut = calendarDate(start);
    // RFC 5545: an all-day event without DTEND lasts one day; DTEND is exclusive.
    const fin = end ? calendarDate(end) : addDaysIso(debut, 1);
    return fin > debut ? { debut, fin } : { debut, fin: addDaysIso(debut, 1) };
  }
  const endInstant = end ?? start;
  const lastInstant = new Date(Math.max(start.getTime(), endInstant.getTime() - 1));
  return { debut: nightOf(start), fin: addDaysIso(nightOf(lastInstant), 1) };
}

/**
 * @param horizon  recurring events are expanded between these two dates (YYYY-MM-DD)
 */
export function parseFeed(body: string, label: string, horizon: { from: string; to: string }): ImportedRange[] {
  if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(body)) throw notICalendar(label);
  let data: Record<string, ParsedEvent>;
  try {
    data = ical.sync.parseICS(body) as unknown as Record<string, ParsedEvent>;
  } catch {
    throw notICalendar(label);
  }
  const ranges: ImportedRange[] = [];
  const from = new Date(`${horizon.from}T00:00:00Z`);
  const to = new Date(`${horizon.to}T00:00:00Z`);
  for (const [key, event] of Object.entries(data)) {
    if (!event || event.type !== 'VEVENT' || !event.start) continue;
    if (typeof event.status === 'string' && event.status.toUpperCase() === 'CANCELLED') continue;
    const uid = (event.uid ?? key).slice(0, 500);
    const allDay = event.datetype === 'date' || event.start.dateOnly === true;
    const resume = text(event.summary);
    if (!event.rrule) {
      const range = rangeOf(event.start, event.end, allDay);
      if (range && range.fin > horizon.from) ranges.push({ uid, ...range, resume });
      continue;
    }
    const lengthMs = (event.end ?? event.start).getTime() - event.start.getTime();
    const excluded = new Set(Object.values(event.exdate ?? {}).map((d) => (allDay ? calendarDate(d as DateWithFlags) : (d as Date).toISOString())));
    for (const occurrence of event.rrule.between(new Date(from.getTime() - 86_400_000 * 60), to, true)) {
      const start = occurrence as DateWithFlags;
      if (allDay) start.dateOnly = true;
      const startKey = allDay ? calendarDate(start) : start.toISOString();
      if (excluded.has(startKey)) continue;
      const override = event.recurrences ? Object.values(event.recurrences).find((r) => r.start && (allDay ? calendarDate(r.start) : r.start.toISOString()) === startKey) : undefined;
      const range = override?.start
        ? rangeOf(override.start, override.end, allDay)
        : rangeOf(start, new Date(start.getTime() + lengthMs) as DateWithFlags, allDay);
      if (range && range.fin > horizon.from && range.debut < horizon.to) ranges.push({ uid, ...range, resume });
    }
  }
  return ranges;
}
