/**
 * The messaging API's calls (the messaging remote's), through the kernel's axios instance (API base,
 * bearer token and cookies). Answers are checked loosely: a malformed item is dropped rather than shown.
 */
import type { Message, MessageContact, NewMessage, SupportInfo } from '../domain/messages.js';
import { http } from './http.js';

const NO_CACHE = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isMessage(value: unknown): value is Message {
  return (
    isObject(value) &&
    typeof value.id === 'number' &&
    typeof value.senderId === 'number' &&
    typeof value.receiverId === 'number' &&
    typeof value.contenu === 'string'
  );
}

function toMessage(value: Message): Message {
  return {
    id: value.id,
    senderId: value.senderId,
    receiverId: value.receiverId,
    contenu: value.contenu,
    type: value.type ?? 'general',
    appartementId: value.appartementId ?? null,
    lu: value.lu === true,
    createdAt: typeof value.createdAt === 'string' ? value.createdAt : new Date().toISOString(),
  };
}

/** A message as the server sends it (HTTP or socket), or null when it is not one. */
export function decodeMessage(value: unknown): Message | null {
  return isMessage(value) ? toMessage(value) : null;
}

function toContact(value: unknown): MessageContact | null {
  if (!isObject(value) || typeof value.id !== 'number') return null;
  return {
    id: value.id,
    nom: typeof value.nom === 'string' && value.nom.trim() !== '' ? value.nom : 'Utilisateur',
    role: value.role === 'admin' ? 'admin' : 'client',
    photo: typeof value.photo === 'string' && value.photo !== '' ? value.photo : null,
    nonLus: typeof value.nonLus === 'number' && value.nonLus > 0 ? value.nonLus : 0,
  };
}

export const messagesApi = {
  /** The caller's contacts, most recent conversation first. */
  async conversations(): Promise<MessageContact[]> {
    const { data } = await http.get<unknown>('/messages/conversations', { headers: NO_CACHE });
    return Array.isArray(data) ? data.map(toContact).filter((c): c is MessageContact => c !== null) : [];
  },

  /** Messages addressed to the caller and not read yet. */
  async unreadCount(): Promise<number> {
    const { data } = await http.get<{ count?: unknown }>('/messages/non-lus', { headers: NO_CACHE });
    return typeof data?.count === 'number' && data.count > 0 ? data.count : 0;
  },

  /** The messages between the caller and `userId`, oldest first. */
  async conversation(userId: number): Promise<Message[]> {
    const { data } = await http.get<unknown>(`/messages/utilisateur/${userId}`, { headers: NO_CACHE });
    return Array.isArray(data) ? data.filter(isMessage).map(toMessage) : [];
  },

  /** Marks read the given messages addressed to the caller; returns those actually marked. */
  async markRead(messageIds: number[]): Promise<number[]> {
    const { data } = await http.post<{ messageIds?: unknown }>('/messages/marquer-lus', { messageIds });
    return Array.isArray(data?.messageIds) ? data.messageIds.filter((id): id is number => typeof id === 'number') : [];
  },

  async send(input: NewMessage): Promise<Message> {
    const { data } = await http.post<unknown>('/messages/envoyer', input);
    if (!isMessage(data)) throw new Error('Réponse inattendue du serveur.');
    return toMessage(data);
  },

  /** Writes to the support team: the server picks the admin and says who it is. */
  async contactSupport(input: { contenu: string; appartementId?: number | null }): Promise<{ supportInfo: SupportInfo; message: Message }> {
    const { data } = await http.post<{ supportInfo?: SupportInfo; message?: unknown }>('/messages/contacter-support', {
      ...input,
      type: 'support',
    });
    const info = data?.supportInfo;
    if (!info || typeof info.adminId !== 'number' || !isMessage(data.message)) throw new Error('Réponse inattendue du serveur.');
    return { supportInfo: { adminId: info.adminId, adminName: info.adminName || 'Équipe support' }, message: toMessage(data.message) };
  },
};
