/**
 * Who is who: the contacts of the signed-in user, cached for the tab so the notifier and the
 * conversation fragment can name a sender. The page feeds it with every list it loads; a sender not
 * known yet (a first message) makes it ask the server once more.
 */
import { messagesApi } from '../api/messages';
import type { MessageContact } from 'shared-kernel';

let known = new Map<number, MessageContact>();
let pending: Promise<void> | null = null;
let epoch = 0;

export function rememberContacts(contacts: readonly MessageContact[]): void {
  for (const contact of contacts) known.set(contact.id, contact);
}

export function knownContact(id: number): MessageContact | undefined {
  return known.get(id);
}

/** Reloads the list from the server (one request at a time). */
export function reloadContacts(): Promise<void> {
  if (pending) return pending;
  const asked = epoch;
  pending = messagesApi
    .conversations()
    .then((list) => {
      if (asked === epoch) rememberContacts(list);
    })
    .catch(() => undefined)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** The contact with this id, asking the server when it is not known yet; undefined if it cannot tell. */
export async function resolveContact(id: number): Promise<MessageContact | undefined> {
  const cached = known.get(id);
  if (cached) return cached;
  await reloadContacts();
  return known.get(id);
}

/** On sign-out or a change of user. */
export function forgetContacts(): void {
  known = new Map();
  pending = null;
  epoch += 1;
}
