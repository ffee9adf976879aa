/** The contact list's rules (spec sections 3, 6 and 8): the virtual support contact and its replacement. */
import type { Role } from 'shared-kernel';
import type { MessageContact, SupportInfo } from 'shared-kernel';

export const SUPPORT_ID = 'support';
export type ContactId = number | typeof SUPPORT_ID;

export interface Contact {
  id: ContactId;
  nom: string;
  role: Role;
  photo: string | null;
  nonLus: number;
  /** The virtual support contact, until the server names the admin. */
  isDefault?: boolean;
}

export const SUPPORT_CONTACT: Contact = { id: SUPPORT_ID, nom: 'Équipe support', role: 'admin', photo: null, nonLus: 0, isDefault: true };

/**
 * What a user sees: the server's contacts (never themselves); a client with no admin among them gets
 * the virtual support contact first. `null` means the list could not be loaded: a client then sees
 * only the support contact.
 */
export function visibleContacts(list: readonly MessageContact[] | null, me: { id: number; role: Role }): Contact[] {
  const own = (list ?? []).filter((contact) => contact.id !== me.id);
  if (me.role === 'admin') return own;
  return own.some((contact) => contact.role === 'admin') ? own : [SUPPORT_CONTACT, ...own];
}

/** The virtual support contact becomes the admin the server chose (kept in place, or added first). */
export function replaceSupport(list: readonly Contact[], info: SupportInfo): Contact[] {
  const admin: Contact = { id: info.adminId, nom: info.adminName, role: 'admin', photo: null, nonLus: 0 };
  const others = list.filter((contact) => contact.id !== info.adminId);
  const index = others.findIndex((contact) => contact.id === SUPPORT_ID);
  if (index === -1) return [admin, ...others];
  return [...others.slice(0, index), admin, ...others.slice(index + 1)];
}

/** A conversation just had a message: its contact moves to the top, with one more unread if asked. */
export function bumpContact(list: readonly Contact[], id: number, addUnread: boolean): Contact[] {
  const contact = list.find((c) => c.id === id);
  if (!contact) return [...list];
  const updated = addUnread ? { ...contact, nonLus: contact.nonLus + 1 } : contact;
  return [updated, ...list.filter((c) => c.id !== id)];
}

export function clearUnread(list: readonly Contact[], id: ContactId): Contact[] {
  return list.map((contact) => (contact.id === id && contact.nonLus !== 0 ? { ...contact, nonLus: 0 } : contact));
}
