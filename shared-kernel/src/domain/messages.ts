/**
 * The messaging API's wire shapes (HTTP and socket), declared once for the API that sends them and the
 * messaging remote that reads them.
 */
import type { Role } from './types.js';

export const MESSAGE_TYPES = ['general', 'support', 'appartement'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The longest text the server accepts (after trimming). */
export const MESSAGE_MAX_LENGTH = 2000;

/** A stored message, as GET /messages/utilisateur/:id, POST /messages/envoyer and the socket send it. */
export interface Message {
  id: number;
  senderId: number;
  receiverId: number;
  contenu: string;
  type: MessageType;
  appartementId: number | null;
  lu: boolean;
  /** ISO timestamp. */
  createdAt: string;
}

/** Someone the caller exchanged messages with (GET /messages/conversations). */
export interface MessageContact {
  id: number;
  nom: string;
  role: Role;
  photo: string | null;
  /** Messages from this contact the caller has not read. */
  nonLus: number;
}

/** A message to send (POST /messages/envoyer, socket 'send_message'). */
export interface NewMessage {
  receiverId: number;
  contenu: string;
  type?: MessageType;
  appartementId?: number | null;
}

/** The admin the server chose to answer a client (POST /messages/contacter-support). */
export interface SupportInfo {
  adminId: number;
  adminName: string;
}

/** Realtime 'messages_read': `receiverId` read the messages `messageIds`. */
export interface MessagesRead {
  receiverId: number;
  messageIds: number[];
}

/** Realtime 'typing_start' / 'typing_stop' as received. */
export interface TypingEvent {
  senderId: number;
}
