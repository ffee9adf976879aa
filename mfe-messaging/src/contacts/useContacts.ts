/**
 * The contacts of the messaging page, loaded once and then kept live: a message moves its contact to
 * the top (with one more unread when it is addressed to me and not on screen), a message from someone
 * new reloads the list, and so does a reconnection.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { SessionUser } from 'shared-kernel';
import { messagesApi } from '../api/messages';
import { rememberContacts } from '../realtime/contacts';
import { useRealtimeEvent } from '../realtime/hooks';
import { bumpContact, clearUnread, SUPPORT_ID, visibleContacts, type Contact, type ContactId } from './contacts';

export interface ContactsState {
  contacts: Contact[];
  loading: boolean;
  setContacts: Dispatch<SetStateAction<Contact[]>>;
  /** Asks the server again; the list keeps showing meanwhile. */
  reload: () => void;
}

export function useContacts(me: SessionUser, selectedId: ContactId | null): ContactsState {
  const [contacts, setContacts] = useState<Contact[]>([]);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const selected = useRef(selectedId);
  const list = useRef(contacts);

  useEffect(() => {
    selected.current = selectedId;
    list.current = contacts;
  });

  useEffect(() => {
    let active = true;
    messagesApi.conversations().then(
      (loaded) => {
        if (!active) return;
        rememberContacts(loaded);
        // The open conversation is being read: its badge stays at 0.
        const open = selected.current;
        setContacts(open === null ? visibleContacts(loaded, me) : clearUnread(visibleContacts(loaded, me), open));
        setLoading(false);
      },
      () => {
        if (!active) return;
        // Spec section 8: a load failure shows only the support contact (a first load), or keeps the list.
        setContacts((current) => (reloads === 0 ? visibleContacts(null, me) : [...current]));
        setLoading(false);
      },
    );
    return () => {
      active = false;
    };
    // The viewer's id and role are what matter, not the session object (a new photo changes it).
  }, [me.id, me.role, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  useRealtimeEvent('new_message', (message) => {
    const incoming = message.receiverId === me.id;
    const otherId = incoming ? message.senderId : message.receiverId;
    if (otherId === me.id) return;
    if (!list.current.some((contact) => contact.id === otherId)) {
      // My own first message to the support: the page replaces the virtual contact itself.
      if (!incoming && selected.current === SUPPORT_ID) return;
      reload();
      return;
    }
    setContacts((current) => bumpContact(current, otherId, incoming && !message.lu && selected.current !== otherId));
  });

  useRealtimeEvent('resync', reload);

  return { contacts, loading, setContacts, reload };
}
