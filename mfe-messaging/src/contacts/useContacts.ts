/**
 * The contacts of the messaging page: the kernel's query, kept live in the cache by socket events: a
 * message moves its contact to the top (with one more unread when it is addressed to me and not on
 * screen), a message from someone new reloads the list, and so does a reconnection.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { messagesQueries, useQuery, useQueryClient, type MessageContact, type SessionUser, type SupportInfo } from 'shared-kernel';
import { useRealtimeEvent } from '../realtime/hooks';
import { bumpContact, clearUnread, replaceSupport, SUPPORT_ID, visibleContacts, type Contact, type ContactId } from './contacts';

export interface ContactsState {
  contacts: Contact[];
  loading: boolean;
  /** The conversation with `id` is being read: its badge goes to 0. */
  markSeen: (id: ContactId) => void;
  /** The virtual support contact became the admin the server chose. */
  supportIs: (info: SupportInfo) => void;
  /** Asks the server again; the list keeps showing meanwhile. */
  reload: () => void;
}

export function useContacts(me: SessionUser, selectedId: ContactId | null): ContactsState {
  const client = useQueryClient();
  const query = useQuery(messagesQueries.contacts(me.id));
  const { data: loaded, dataUpdatedAt, errorUpdatedAt } = query;
  const selected = useRef(selectedId);

  useEffect(() => {
    selected.current = selectedId;
  });

  // The server's list holds real users only (the virtual support is added on display), so the rules
  // on Contact keep it a MessageContact list.
  const update = useCallback(
    (change: (list: Contact[]) => Contact[], orCreate = false) =>
      client.setQueryData<MessageContact[]>(messagesQueries.contacts(me.id).queryKey, (list) =>
        list || orCreate ? (change(list ?? []) as MessageContact[]) : list,
      ),
    [client, me.id],
  );
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: messagesQueries.contacts(me.id).queryKey }), [client, me.id]);
  const markSeen = useCallback((id: ContactId) => update((list) => clearUnread(list, id)), [update]);
  // Also after a failed first load: the admin then joins the list.
  const supportIs = useCallback((info: SupportInfo) => update((list) => replaceSupport(list, info), true), [update]);

  // The open conversation is being read: its badge stays at 0, also in what a load brings.
  useEffect(() => {
    if (selectedId !== null && loaded?.some((contact) => contact.id === selectedId && contact.nonLus !== 0)) markSeen(selectedId);
  }, [loaded, selectedId, markSeen]);

  // Spec section 8: a failed first load shows only the support contact; a failed reload keeps the
  // list. Each answer (or failure) makes a new list even when equal: the page's wanted contact waits for it.
  const visible = useMemo(
    () => {
      const list = visibleContacts(loaded ?? null, me);
      return selectedId === null ? list : clearUnread(list, selectedId);
    },
    // The viewer's id and role are what matter, not the session object (a new photo changes it).
    [loaded, dataUpdatedAt, errorUpdatedAt, selectedId, me.id, me.role],
  );

  useRealtimeEvent('new_message', (message) => {
    const incoming = message.receiverId === me.id;
    const otherId = incoming ? message.senderId : message.receiverId;
    if (otherId === me.id) return;
    const list = client.getQueryData<MessageContact[]>(messagesQueries.contacts(me.id).queryKey);
    if (!list?.some((contact) => contact.id === otherId)) {
      // My own first message to the support: the page replaces the virtual contact itself.
      if (!incoming && selected.current === SUPPORT_ID) return;
      reload();
      return;
    }
    update((current) => bumpContact(current, otherId, incoming && !message.lu && selected.current !== otherId));
  });

  useRealtimeEvent('resync', reload);

  return {
    contacts: visible,
    loading: query.isPending,
    markSeen,
    supportIs,
    reload,
  };
}
