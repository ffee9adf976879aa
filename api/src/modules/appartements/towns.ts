/**
 * The catalogue's towns (issue 32): each town of the apartments a visitor may see, named by its
 * slug (the kernel's `slugify`, the same rule as an apartment's), which is the address of its page
 * `/location/:slug` and the value of the search's `ville` filter.
 */
import { and, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { VilleFacette } from 'shared-kernel/domain';
import { slugify, villeDeLocalisation } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { appartements } from '../../db/schema.js';
import type { Visibility } from './service.js';
import { stampedCache } from '../../cache/stamped.js';
import { tableVersions } from '../../cache/table-versions.js';

/** A town and the stored values that name it: the `ville` column, or for a row without one, its `localisation`. */
export interface Town extends VilleFacette {
  villes: string[];
  localisations: string[];
}

/** The towns of the apartments `visibility` shows, in French alphabetical order. */
export async function townsOf(db: AppDb, visibility: Visibility): Promise<Town[]> {
  const rows = await db
    .select({ ville: appartements.ville, localisation: appartements.localisation, nombre: count() })
    .from(appartements)
    .where(visibility.drafts ? undefined : eq(appartements.publie, true))
    .groupBy(appartements.ville, appartements.localisation);
  const bySlug = new Map<string, Town & { names: Map<string, number> }>();
  for (const row of rows) {
    // Rows written without a town still name one, as the API shows them (toApiAppartement).
    const name = row.ville || villeDeLocalisation(row.localisation);
    const slug = slugify(name);
    if (!slug) continue;
    const town = bySlug.get(slug) ?? { ville: name, slug, nombre: 0, villes: [], localisations: [], names: new Map<string, number>() };
    town.nombre += row.nombre;
    town.names.set(name, (town.names.get(name) ?? 0) + row.nombre);
    if (row.ville) {
      if (!town.villes.includes(row.ville)) town.villes.push(row.ville);
    } else town.localisations.push(row.localisation);
    bySlug.set(slug, town);
  }
  return [...bySlug.values()]
    .map(({ names, ...town }) => ({
      ...town,
      // Two spellings of one town ('Metz', 'metz'): the one most apartments use.
      ville: [...names.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'fr'))[0]![0],
    }))
    .sort((a, b) => a.ville.localeCompare(b.ville, 'fr'));
}

const townsCache = stampedCache<boolean, Town[]>();

/**
 * `townsOf`, read again only after a write to `appartements` (issue 32: the admin lists and calendar
 * give the towns with every page, and grouping 500 apartments cost 10 ms of the embedded database's
 * single thread, a third of the reservations page). Read after the table's version, so never older.
 */
export async function currentTowns(db: AppDb, visibility: Visibility): Promise<Town[]> {
  const { appartements: version } = await tableVersions(db);
  return townsCache.get(db, visibility.drafts, version, () => townsOf(db, visibility));
}

/** What the API lists of a town. */
export const publicTown = ({ ville, slug, nombre }: Town): VilleFacette => ({ ville, slug, nombre });

/** The apartments of a town: a false condition for a town no apartment names. */
export function inTown(town: Town | undefined): SQL {
  if (!town) return eq(appartements.id, -1);
  const conditions: SQL[] = [];
  if (town.villes.length > 0) conditions.push(inArray(appartements.ville, town.villes));
  if (town.localisations.length > 0)
    conditions.push(and(eq(appartements.ville, ''), inArray(appartements.localisation, town.localisations))!);
  return or(...conditions)!;
}
