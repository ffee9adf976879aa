/**
 * The `ville` filter of the admin reads (reservations list, calendar): a town named by its slug or
 * its name, as the search's `ville` (issue 32), over every apartment, drafts included. A value no
 * apartment's town answers to is a French 400, not an empty page that hides a typo.
 */
import { slugify } from 'shared-kernel/rules';
import type { SQL } from 'drizzle-orm';
import type { VilleFacette } from 'shared-kernel/domain';
import type { AppDb } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import { WITH_DRAFTS } from '../appartements/service.js';
import { currentTowns, inTown, publicTown } from '../appartements/towns.js';

export const TOWN_UNKNOWN = 'Aucun appartement dans cette ville : choisissez une ville de la liste.';

export interface TownFilter {
  /** Every town of the catalogue (drafts included), for the page's list. */
  villes: VilleFacette[];
  /** The apartments of the asked town; undefined without `ville`. */
  where: SQL | undefined;
}

/** The towns, and the condition of `ville` (slug or name; empty: every town); 400 for a town no apartment has. */
export async function townFilter(db: AppDb, ville: string | undefined): Promise<TownFilter> {
  const towns = await currentTowns(db, WITH_DRAFTS);
  const text = (ville ?? '').trim();
  if (text === '') return { villes: towns.map(publicTown), where: undefined };
  const slug = slugify(text) || text;
  const town = towns.find((t) => t.slug === slug);
  if (!town) throw badRequest(TOWN_UNKNOWN);
  return { villes: towns.map(publicTown), where: inTown(town) };
}
