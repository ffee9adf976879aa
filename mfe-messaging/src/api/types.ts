/** Shapes of the messaging API (spec sections 3 and 7), as the server sends them. */
import type { Role } from 'shared-kernel';

export const MESSAGE_TYPES = ['general', 'support', 'appartement'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The longest text the server accepts (after trimming). */
export const MESSAGE_MAX_LENGTH = 2000;

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
export interface ApiContact {
  id: number;
  nom: string;
  role: Role;
  photo: string | null;
  /** Messages from this contact the caller has not read. */
  nonLus: number;
}

export interface NewMessage {
  receiverId: number;
  contenu: string;
  type?: MessageType;
  appartementId?: number | null;
}

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
