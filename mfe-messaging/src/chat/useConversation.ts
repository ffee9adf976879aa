/**
 * One conversation: its messages (the kernel's query, kept live by socket events written into the
 * cache), read receipts both ways, and sending with a pending message shown at once (spec sections 4
 * and 8).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  messagesApi,
  messagesQueries,
  useQuery,
  useQueryClient,
  type Message,
  type NewMessage,
  type QueryClient,
  type SupportInfo,
} from 'shared-kernel';
import { clearOpenContact, noteRead, sendOverSocket, setOpenContact } from '../realtime/connection';
import { useRealtimeEvent } from '../realtime/hooks';
import { SUPPORT_ID, type ContactId } from '../contacts/contacts';
import { markFailed, markReadIds, mergeLoaded, receive, settle, type ChatMessage } from './conversationList';
import { SEND_ERROR_ALERT } from './text';

let lastTempId = 0;

export interface ConversationOptions {
  /** The virtual support contact got its real admin (after the first message). */
  onSupportContact?: (info: SupportInfo) => void;
}

export interface ConversationState {
  messages: ChatMessage[];
  loading: boolean;
  send: (text: string) => void;
  /** Sends a failed message again (it goes back to 'Envoi en cours...' at the end of the list). */
  retry: (tempId: number) => void;
}

function between(message: Message, me: number, contactId: number): boolean {
  return (message.senderId === me && message.receiverId === contactId) || (message.senderId === contactId && message.receiverId === me);
}

/** The conversation's query: only its own messages, merged with what the cache got meanwhile. */
function conversationQuery(me: number, contactId: number) {
  return messagesQueries.conversation<ChatMessage>(me, contactId, (answer, cached) =>
    mergeLoaded(
      answer.filter((m) => between(m, me, contactId)),
      cached ?? [],
    ),
  );
}

/** Applies `change` to the cached conversation with `contactId`, if it is cached. */
function updateConversation(client: QueryClient, me: number, contactId: number, change: (list: ChatMessage[]) => ChatMessage[]): void {
  client.setQueryData<ChatMessage[]>(conversationQuery(me, contactId).queryKey, (list) => (list ? change(list) : list));
}

/** Sends over the socket when it is connected, else over HTTP. */
function deliver(input: NewMessage): Promise<Message> {
  return sendOverSocket(input) ?? messagesApi.send(input);
}

const NO_MESSAGES: ChatMessage[] = [];

export function useConversation(contactId: ContactId, me: number, options: ConversationOptions = {}): ConversationState {
  const client = useQueryClient();
  const query = useQuery({ ...conversationQuery(me, contactId === SUPPORT_ID ? 0 : contactId), enabled: contactId !== SUPPORT_ID });
  // The virtual support contact has no conversation on the server yet: its messages are this screen's.
  const [supportMessages, setSupportMessages] = useState<ChatMessage[]>([]);
  const messages = contactId === SUPPORT_ID ? supportMessages : (query.data ?? NO_MESSAGES);
  const contactRef = useRef(contactId);
  const optionsRef = useRef(options);
  /** Incoming messages already asked to be marked read (once each). */
  const askedRead = useRef(new Set<number>());

  useEffect(() => {
    contactRef.current = contactId;
    optionsRef.current = options;
  });

  // The notifier stays quiet for the conversation on screen.
  useEffect(() => {
    if (typeof contactId !== 'number') return undefined;
    setOpenContact(contactId);
    return () => clearOpenContact(contactId);
  }, [contactId]);

  /** Changes the list of `contact`: the cache's, or the screen's own for the virtual support. */
  const update = useCallback(
    (contact: ContactId, change: (list: ChatMessage[]) => ChatMessage[]) => {
      if (contact === SUPPORT_ID) setSupportMessages(change);
      else updateConversation(client, me, contact, change);
    },
    [client, me],
  );

  // Spec section 4: incoming messages of the open conversation are marked read at once (loaded or live).
  useEffect(() => {
    if (typeof contactId !== 'number') return;
    const ids = messages
      .filter((m) => m.id > 0 && m.senderId === contactId && m.receiverId === me && !m.lu && !askedRead.current.has(m.id))
      .map((m) => m.id);
    if (ids.length === 0) return;
    ids.forEach((id) => askedRead.current.add(id));
    messagesApi.markRead(ids).then(
      (read) => {
        noteRead(read);
        updateConversation(client, me, contactId, (list) => markReadIds(list, read));
      },
      () => undefined,
    );
  }, [messages, contactId, me, client]);

  useRealtimeEvent('new_message', (message) => {
    const other = message.senderId === me ? message.receiverId : message.senderId;
    if (other === me || (message.senderId !== me && message.receiverId !== me)) return;
    updateConversation(client, me, other, (list) => receive(list, message, me));
  });

  useRealtimeEvent('messages_read', ({ receiverId, messageIds }) => {
    const contact = receiverId === me ? contactRef.current : receiverId;
    update(contact, (list) => markReadIds(list, messageIds));
  });

  useRealtimeEvent('resync', () => {
    const contact = contactRef.current;
    if (contact !== SUPPORT_ID) void client.invalidateQueries({ queryKey: conversationQuery(me, contact).queryKey });
  });

  const send = useCallback(
    (raw: string) => {
      const text = raw.trim();
      if (text === '') return;
      const contact = contactRef.current;
      lastTempId += 1;
      const temp: ChatMessage = {
        id: -lastTempId,
        senderId: me,
        receiverId: contact === SUPPORT_ID ? 0 : contact,
        contenu: text,
        type: contact === SUPPORT_ID ? 'support' : 'general',
        appartementId: null,
        lu: false,
        createdAt: new Date().toISOString(),
        isTemp: true,
      };
      if (contact === SUPPORT_ID) setSupportMessages((list) => [...list, temp]);
      else client.setQueryData<ChatMessage[]>(conversationQuery(me, contact).queryKey, (list = []) => [...list, temp]);

      if (contact === SUPPORT_ID) {
        messagesApi.contactSupport({ contenu: text }).then(
          ({ supportInfo, message }) => {
            // The message now belongs to the admin's conversation, which the screen shows next.
            client.setQueryData<ChatMessage[]>(conversationQuery(me, supportInfo.adminId).queryKey, (list = []) =>
              receive(list, message, me),
            );
            setSupportMessages((list) => list.filter((m) => m.id !== temp.id));
            optionsRef.current.onSupportContact?.(supportInfo);
          },
          () => {
            setSupportMessages((list) => markFailed(list, temp.id));
            window.alert(SEND_ERROR_ALERT);
          },
        );
        return;
      }
      deliver({ receiverId: contact, contenu: text, type: 'general' }).then(
        (message) => updateConversation(client, me, contact, (list) => settle(list, temp.id, message)),
        () => {
          updateConversation(client, me, contact, (list) => markFailed(list, temp.id));
          window.alert(SEND_ERROR_ALERT);
        },
      );
    },
    [me, client],
  );

  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const retry = useCallback(
    (tempId: number) => {
      const failed = messagesRef.current.find((m) => m.id === tempId && m.failed);
      if (!failed) return;
      update(contactRef.current, (list) => list.filter((m) => m.id !== tempId));
      send(failed.contenu);
    },
    [send, update],
  );

  return { messages, loading: contactId !== SUPPORT_ID && query.isPending, send, retry };
}
