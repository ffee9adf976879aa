/**
 * A stay whose departure has passed, written straight into a stopped private server's database:
 * the API refuses arrivals in the past, and only a past stay can be marked 'terminée'.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { PrivateServer } from './private-server';

export interface PastStay {
  id: number;
  startDate: string;
  endDate: string;
}

function isoDaysAgo(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** Inserts an 'en attente' stay of `email` at `slug`, ended `daysAgo` days ago, lasting `nights`. */
export async function insertPastStay(
  server: PrivateServer,
  email: string,
  slug: string,
  daysAgo: number,
  nights: number,
): Promise<PastStay> {
  const endDate = isoDaysAgo(daysAgo);
  const startDate = isoDaysAgo(daysAgo + nights);
  let id = 0;
  await server.restart(async (dataDir) => {
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { btree_gist } });
    try {
      const { rows } = await db.query<{ id: number }>(
        `insert into reservations (user_id, appartement_id, start_date, end_date, guests_count, adultes, total_price, deposit, remainder, status)
         select u.id, a.id, $3, $4, 1, 1, a.prix_par_nuit * $5, least(500, a.prix_par_nuit * $5), greatest(0, a.prix_par_nuit * $5 - 500), 'en attente'
         from users u, appartements a where u.email = $1 and a.slug = $2 returning id`,
        [email, slug, startDate, endDate, nights],
      );
      id = rows[0]?.id ?? 0;
    } finally {
      await db.close();
    }
  });
  if (!id) throw new Error(`Séjour passé non créé pour ${email} à ${slug}`);
  return { id, startDate, endDate };
}

/**
 * A stay to come that no money moved on (entered by hand, no payment asked): the only kind an admin
 * may delete (issue 31). `daysAhead`: its arrival from today.
 */
export function insertStayWithoutPayment(
  server: PrivateServer,
  email: string,
  slug: string,
  daysAhead: number,
  nights: number,
): Promise<PastStay> {
  return insertPastStay(server, email, slug, -(daysAhead + nights), nights);
}
