/** Users, contacts and messages of the messaging tests. */
import type { SessionUser } from 'shared-kernel';
import type { MessageContact, Message } from 'shared-kernel';

export const client: SessionUser = { id: 7, name: 'Marie Dupont', email: 'marie@example.fr', role: 'client', photo: null, googleId: null };
export const admin: SessionUser = { id: 1, name: 'Alice Admin', email: 'alice@example.fr', role: 'admin', photo: null, googleId: null };

export const supportAlice: MessageContact = { id: 1, nom: 'Alice Admin', role: 'admin', photo: null, nonLus: 0 };
export const clientMarie: MessageContact = { id: 7, nom: 'Marie Dupont', role: 'client', photo: null, nonLus: 0 };
export const clientHugo: MessageContact = { id: 12, nom: 'Hugo Bernard', role: 'client', photo: null, nonLus: 0 };
export const clientLea: MessageContact = { id: 15, nom: 'Léa Martin', role: 'client', photo: null, nonLus: 0 };

let nextId = 100;

export function message(fields: Partial<Message> & Pick<Message, 'senderId' | 'receiverId'>): Message {
  nextId += 1;
  return {
    id: nextId,
    contenu: 'Bonjour',
    type: 'general',
    appartementId: null,
    lu: false,
    createdAt: '2026-03-02T10:15:00.000Z',
    ...fields,
  };
}

/** An error shaped like axios's. */
export function httpError(status: number, text?: string): Error {
  const error = new Error('Request failed') as Error & Record<string, unknown>;
  error.isAxiosError = true;
  error.config = {};
  error.request = {};
  error.response = { status, data: text === undefined ? {} : { message: text }, headers: {}, config: {} };
  return error;
}
