/** Pure updates of a conversation's message list: server answers, live events, pending messages. */
import type { Message } from 'shared-kernel';

/** A message on screen; a pending one has a negative id until the server answers. */
export interface ChatMessage extends Message {
  /** Sent, waiting for the server ('Envoi en cours...'). */
  isTemp?: boolean;
  /** The server refused it or could not be reached ("Échec de l'envoi"). */
  failed?: boolean;
}

export function isLocal(message: ChatMessage): boolean {
  return message.id < 0;
}

function byTime(a: Message, b: Message): number {
  const ta = Date.parse(a.createdAt);
  const tb = Date.parse(b.createdAt);
  if (ta !== tb && !Number.isNaN(ta) && !Number.isNaN(tb)) return ta - tb;
  return a.id - b.id;
}

/**
 * The server's list, plus what the screen already has that the answer may not include (a message
 * that arrived meanwhile), then the pending and failed messages at the end.
 */
export function mergeLoaded(server: readonly Message[], current: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>(server.map((m) => [m.id, m]));
  for (const message of current) {
    if (isLocal(message)) continue;
    const loaded = byId.get(message.id);
    // A read receipt seen live is newer than an answer that may have been computed before it.
    if (!loaded) byId.set(message.id, message);
    else if (message.lu && !loaded.lu) byId.set(message.id, { ...loaded, lu: true });
  }
  return [...[...byId.values()].sort(byTime), ...current.filter(isLocal)];
}

/**
 * A message of this conversation arrived live. Already there: nothing changes. My own message (sent
 * from here, whose answer has not come yet, or from another tab): it takes the place of the oldest
 * pending message with the same text, if any.
 */
export function receive(list: readonly ChatMessage[], message: Message, me: number): ChatMessage[] {
  if (list.some((m) => m.id === message.id)) return [...list];
  if (message.senderId === me) {
    const index = list.findIndex(
      (m) => m.isTemp === true && m.contenu === message.contenu && (m.receiverId === message.receiverId || m.receiverId === 0),
    );
    if (index !== -1) return [...list.slice(0, index), message, ...list.slice(index + 1)];
  }
  const locals = list.filter(isLocal);
  return [...list.filter((m) => !isLocal(m)), message, ...locals];
}

/** The server answered a pending message: the answer takes its place (once). */
export function settle(list: readonly ChatMessage[], tempId: number, message: Message): ChatMessage[] {
  if (list.some((m) => m.id === message.id)) return list.filter((m) => m.id !== tempId);
  return list.map((m) => (m.id === tempId ? message : m));
}

export function markFailed(list: readonly ChatMessage[], tempId: number): ChatMessage[] {
  return list.map((m) => (m.id === tempId ? { ...m, isTemp: false, failed: true } : m));
}

export function markReadIds(list: readonly ChatMessage[], ids: readonly number[]): ChatMessage[] {
  if (ids.length === 0) return [...list];
  const set = new Set(ids);
  return list.map((m) => (set.has(m.id) && !m.lu ? { ...m, lu: true } : m));
}
