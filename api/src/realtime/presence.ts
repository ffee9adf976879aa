/**
 * When each user's sockets last connected or disconnected (`chat_presence`), for the chat digest:
 * someone offline for 10 minutes gets one mail for the messages that arrived meanwhile. Whether a
 * user has a socket *now* is asked of socket.io itself (across processes with the Redis adapter).
 */
import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.js';

export async function touchPresence(db: AppDb, userId: number): Promise<void> {
  await db.execute(sql`insert into chat_presence (user_id, last_seen_at) values (${userId}, now())
    on conflict (user_id) do update set last_seen_at = now()`);
}
