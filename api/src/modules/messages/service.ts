/**
 * Messages between clients and support. A client may write to admins only (support); an admin may
 * write to anyone. Each caller only ever reads their own conversations.
 */
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { sqlState, type AppDb } from '../../db/client.js';
import { MESSAGE_MAX_LENGTH, MESSAGE_TYPES, type Message, type MessageContact, type MessageType } from 'shared-kernel/domain';
import { messages, users } from '../../db/schema.js';
import { ApiError, badRequest, forbidden, notFound } from '../../http/errors.js';
import type { UserRow } from '../../auth/sessions.js';

/** A message to send as a client gives it, before `sendMessage` checks it (any `type` string). */
export interface NewMessage {
  receiverId: number;
  contenu: string;
  type?: string;
  appartementId?: number | null;
}

type Sender = Pick<UserRow, 'id' | 'role'>;

function toDto(row: typeof messages.$inferSelect): Message {
  return {
    id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    contenu: row.contenu,
    type: row.type,
    appartementId: row.appartementId,
    lu: row.lu,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The text once trimmed; empty or too long is refused. */
export function messageText(contenu: unknown): string {
  if (typeof contenu !== 'string' || contenu.trim() === '') throw badRequest('Le message ne peut pas être vide.');
  const text = contenu.trim();
  if (text.length > MESSAGE_MAX_LENGTH) throw badRequest(`Le message ne peut pas dépasser ${MESSAGE_MAX_LENGTH} caractères.`);
  return text;
}

function messageType(type: unknown): MessageType {
  if (type === undefined || type === null) return 'general';
  if (typeof type === 'string' && (MESSAGE_TYPES as readonly string[]).includes(type)) return type as MessageType;
  throw badRequest(`Type de message invalide. Valeurs acceptées : ${MESSAGE_TYPES.join(', ')}.`);
}

export async function sendMessage(db: AppDb, sender: Sender, input: NewMessage): Promise<Message> {
  const contenu = messageText(input.contenu);
  const type = messageType(input.type);
  if (!Number.isInteger(input.receiverId) || input.receiverId < 1) throw badRequest('Destinataire invalide.');
  if (input.receiverId === sender.id) throw badRequest('Vous ne pouvez pas vous écrire à vous-même.');
  const [receiver] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, input.receiverId)).limit(1);
  if (!receiver) throw notFound('Destinataire introuvable.');
  if (sender.role !== 'admin' && receiver.role !== 'admin') throw forbidden("Vous ne pouvez écrire qu'au support.");
  const appartementId = input.appartementId ?? null;
  if (appartementId !== null && (!Number.isInteger(appartementId) || appartementId < 1)) throw badRequest('Appartement invalide.');
  try {
    const [row] = await db
      .insert(messages)
      .values({ senderId: sender.id, receiverId: receiver.id, contenu, type, appartementId })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toDto(row);
  } catch (error) {
    if (sqlState(error) === '23503') throw notFound('Appartement introuvable.');
    throw error;
  }
}

/** The admin who answers a client: the one they last talked with, else the first admin. */
export async function supportAdminFor(db: AppDb, clientId: number): Promise<{ id: number; nom: string }> {
  const [recent] = await db
    .select({ id: users.id, nom: users.nom })
    .from(messages)
    .innerJoin(users, or(eq(users.id, messages.senderId), eq(users.id, messages.receiverId)))
    .where(and(or(eq(messages.senderId, clientId), eq(messages.receiverId, clientId)), eq(users.role, 'admin')))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  if (recent) return recent;
  const [first] = await db
    .select({ id: users.id, nom: users.nom })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .limit(1);
  if (!first) throw new ApiError(503, 'Le support est momentanément indisponible. Veuillez réessayer plus tard.');
  return first;
}

/** Everyone the caller has exchanged messages with (never the caller), with their unread count. */
export async function contactsOf(db: AppDb, callerId: number): Promise<MessageContact[]> {
  const other = sql<number>`case when ${messages.senderId} = ${callerId} then ${messages.receiverId} else ${messages.senderId} end`;
  const pairs = await db
    .select({ otherId: other.as('other_id'), last: sql<Date>`max(${messages.createdAt})`.as('last') })
    .from(messages)
    .where(or(eq(messages.senderId, callerId), eq(messages.receiverId, callerId)))
    // By the output column: the parameters of the CASE would make two "different" expressions.
    .groupBy(sql`other_id`);
  if (pairs.length === 0) return [];
  const ids = pairs.map((p) => Number(p.otherId));
  const [people, unread] = await Promise.all([
    db.select({ id: users.id, nom: users.nom, role: users.role, photo: users.photo }).from(users).where(inArray(users.id, ids)),
    db
      .select({ senderId: messages.senderId, n: count() })
      .from(messages)
      .where(and(eq(messages.receiverId, callerId), eq(messages.lu, false)))
      .groupBy(messages.senderId),
  ]);
  const lastBy = new Map(pairs.map((p) => [Number(p.otherId), new Date(p.last).getTime()]));
  const unreadBy = new Map(unread.map((u) => [u.senderId, Number(u.n)]));
  return people
    .filter((p) => p.id !== callerId)
    .map((p) => ({ ...p, nonLus: unreadBy.get(p.id) ?? 0 }))
    .sort((a, b) => (lastBy.get(b.id) ?? 0) - (lastBy.get(a.id) ?? 0));
}

/** Only the messages between the caller and that user, oldest first. */
export async function conversation(db: AppDb, callerId: number, otherId: number): Promise<Message[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(
      or(
        and(eq(messages.senderId, callerId), eq(messages.receiverId, otherId)),
        and(eq(messages.senderId, otherId), eq(messages.receiverId, callerId)),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map(toDto);
}

/** Marks read the given messages addressed to the caller (others' messages are left alone). */
export async function markRead(db: AppDb, callerId: number, ids: number[]): Promise<Array<{ id: number; senderId: number }>> {
  if (ids.length === 0) return [];
  return db
    .update(messages)
    .set({ lu: true })
    .where(and(inArray(messages.id, ids), eq(messages.receiverId, callerId), eq(messages.lu, false)))
    .returning({ id: messages.id, senderId: messages.senderId });
}

export async function unreadCount(db: AppDb, callerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.receiverId, callerId), eq(messages.lu, false)));
  return Number(row?.n ?? 0);
}
