/**
 * Years of an apartment's life for the scale catalogue (issue 32 item 5): stays back to back with
 * gaps drawn so that about 65 % of the nights are taken in season (summer, the Christmas market)
 * and about 40 % off-season, fewer in the months ahead (not booked yet); some gaps carry a block
 * imported from another channel, some stays were cancelled before their deposit arrived.
 */
import { addDaysIso } from 'shared-kernel/rules';
import type { Random } from './random.js';

export interface PlannedStay {
  start: string;
  end: string;
  /** Booked that many days before arrival (never after today). */
  leadDays: number;
  cancelled: boolean;
}

export interface PlannedBlock {
  debut: string;
  fin: string;
}

export interface ApartmentPlan {
  stays: PlannedStay[];
  blocks: PlannedBlock[];
}

const LENGTHS = [1, 2, 3, 4, 5, 7, 10];
const LENGTH_WEIGHTS = [10, 25, 25, 15, 10, 10, 5];
const MEAN_LENGTH = LENGTHS.reduce((sum, l, i) => sum + l * LENGTH_WEIGHTS[i]!, 0) / LENGTH_WEIGHTS.reduce((a, b) => a + b, 0);

export function inSeason(day: string): boolean {
  const month = Number(day.slice(5, 7));
  return month === 7 || month === 8 || month === 12 || (month === 11 && Number(day.slice(8, 10)) >= 21);
}

/** The share of nights taken on that day: in season, off-season, and lower the further ahead. */
function occupancy(day: string, today: string, horizonDays: number): number {
  const base = inSeason(day) ? 0.65 : 0.4;
  if (day < today) return base;
  const ahead = (Date.parse(day) - Date.parse(today)) / 86_400_000;
  return base * Math.max(0.1, 1 - ahead / horizonDays);
}

export function planApartment(first: string, last: string, today: string, hasFeed: boolean, random: Random): ApartmentPlan {
  const horizon = (Date.parse(last) - Date.parse(today)) / 86_400_000;
  const stays: PlannedStay[] = [];
  const blocks: PlannedBlock[] = [];
  let day = addDaysIso(first, random.int(0, 5));
  while (day < last) {
    const p = occupancy(day, today, horizon);
    // Exponential gap whose mean makes stays / (stays + gaps) ≈ p.
    const gap = Math.round(-Math.log(1 - random.next()) * ((MEAN_LENGTH * (1 - p)) / p));
    if (gap >= 2 && hasFeed && random.next() < 0.25) {
      const length = Math.min(gap - 1, random.int(2, 5));
      const debut = addDaysIso(day, 1);
      if (debut < last) blocks.push({ debut, fin: addDaysIso(debut, length) });
    } else if (gap >= 2 && random.next() < 0.12) {
      // A stay whose deposit never came: cancelled by the system, its nights free again.
      stays.push({ start: day, end: addDaysIso(day, Math.min(gap, 3)), leadDays: random.int(3, 40), cancelled: true });
    }
    day = addDaysIso(day, gap);
    if (day >= last) break;
    let length = LENGTHS[random.weighted(LENGTH_WEIGHTS)]!;
    // The seasons' two-night minimum (catalogue.ts) is respected by history too.
    if (length < 2 && inSeason(day)) length = 2;
    const end = addDaysIso(day, length);
    if (end > last) break;
    stays.push({ start: day, end, leadDays: Math.round(-Math.log(1 - random.next()) * 30), cancelled: false });
    day = end;
  }
  return { stays, blocks };
}
