/**
 * The chat digest: a user who has had no connected socket for `delayMs` (10 minutes) since a message
 * arrived gets ONE mail listing the unread messages that came meanwhile, not one per message.
 *
 * A message counts when it is unread, newer than the last digest (`digested_message_id`) and newer
 * than the user's last socket activity (a message that arrived while a tab was open was shown live).
 * The digest goes once the oldest such message is `delayMs` old and no socket of the user is open
 * on any process; then the cursor moves past them, so the next digest covers only newer messages.
 */
import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.js';
import { render } from './layout.js';
import { enqueueMail } from './queue.js';
import type { MailSite } from './reservation-mails.js';

interface Pending {
  receiver_id: number;
  email: string;
  nom: string;
  max_id: number;
}

interface Line {
  sender_id: number;
  nom: string;
  contenu: string;
}

const EXCERPT = 160;

export async function queueChatDigests(
  db: AppDb,
  site: MailSite,
  isOnline: (userId: number) => Promise<boolean>,
  delayMs: number,
): Promise<number> {
  const pending = (await db.execute(sql`
    select m.receiver_id, u.email, u.nom, max(m.id)::int as max_id
    from messages m
    join users u on u.id = m.receiver_id
    left join chat_presence p on p.user_id = m.receiver_id
    where m.lu = false
      and m.id > coalesce(p.digested_message_id, 0)
      and (p.last_seen_at is null or m.created_at > p.last_seen_at)
    group by m.receiver_id, u.email, u.nom
    having min(m.created_at) <= now() - ${delayMs} * interval '1 millisecond'`)) as unknown as { rows: Pending[] };
  let queued = 0;
  for (const user of pending.rows) {
    let online: boolean;
    try {
      online = await isOnline(user.receiver_id);
    } catch {
      online = true; // presence unknown (a process did not answer): try again at the next run
    }
    if (online) continue;
    const lines = (await db.execute(sql`
      select m.sender_id, s.nom, m.contenu from messages m join users s on s.id = m.sender_id
      left join chat_presence p on p.user_id = m.receiver_id
      where m.receiver_id = ${user.receiver_id} and m.lu = false and m.id <= ${user.max_id}
        and m.id > coalesce(p.digested_message_id, 0)
        and (p.last_seen_at is null or m.created_at > p.last_seen_at)
      order by m.id`)) as unknown as { rows: Line[] };
    if (lines.rows.length > 0) {
      const count = lines.rows.length;
      const shown = lines.rows.slice(0, 10);
      const content = render(
        site.siteName,
        count === 1 ? 'Vous avez un nouveau message' : `Vous avez ${count} nouveaux messages`,
        `Bonjour ${user.nom},`,
        [
          {
            p: count === 1 ? 'Un message vous attend dans votre messagerie :' : `${count} messages vous attendent dans votre messagerie :`,
          },
          {
            rows: shown.map((line): [string, string] => [
              line.nom,
              line.contenu.length > EXCERPT ? `${line.contenu.slice(0, EXCERPT)}…` : line.contenu,
            ]),
          },
          ...(count > 10 ? [{ p: `… et ${count - 10} autre${count - 10 > 1 ? 's' : ''}.` }] : []),
          { link: { href: `${site.siteOrigin}/messagerie`, label: 'Ouvrir la messagerie' } },
        ],
      );
      // The senders it quotes: erasing one of their accounts erases this mail (rgpd/deletion.ts).
      const aboutUsers = shown.map((line) => line.sender_id);
      if (
        await enqueueMail(db, {
          kind: 'resume-messages',
          to: user.email,
          userId: user.receiver_id,
          aboutUsers,
          dedupeKey: `resume-messages:${user.receiver_id}:${user.max_id}`,
          ...content,
        })
      )
        queued += 1;
    }
    await db.execute(sql`insert into chat_presence (user_id, last_seen_at, digested_message_id) values (${user.receiver_id}, '-infinity', ${user.max_id})
      on conflict (user_id) do update set digested_message_id = greatest(chat_presence.digested_message_id, excluded.digested_message_id)`);
  }
  return queued;
}
