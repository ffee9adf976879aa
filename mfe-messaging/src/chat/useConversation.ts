/**
 * One conversation: its messages (loaded, then kept live), read receipts both ways, and sending
 * with a pending message shown at once (spec sections 4 and 8).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { messagesApi } from '../api/messages';
import type { Message, NewMessage, SupportInfo } from 'shared-kernel';
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

/** Sends over the socket when it is connected, else over HTTP. */
function deliver(input: NewMessage): Promise<Message> {
  return sendOverSocket(input) ?? messagesApi.send(input);
}

export function useConversation(contactId: ContactId, me: number, options: ConversationOptions = {}): ConversationState {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loading, setLoading] = useState(contactId !== SUPPORT_ID);
  const [reloads, setReloads] = useState(0);
  const contactRef = useRef(contactId);
  const optionsRef = useRef(options);
  /** A contact whose list is kept while it reloads (support became this admin; reconnection). */
  const keepFor = useRef<ContactId | null>(null);

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

  const markIncomingRead = useCallback((ids: number[]) => {
    if (ids.length === 0) return;
    messagesApi.markRead(ids).then(
      (read) => {
        noteRead(read);
        setMessages((list) => markReadIds(list, read));
      },
      () => undefined,
    );
  }, []);

  useEffect(() => {
    const keep = keepFor.current === contactId;
    keepFor.current = null;
    if (contactId === SUPPORT_ID) {
      setMessages([]);
      setLoading(false);
      return undefined;
    }
    let active = true;
    if (!keep) {
      setMessages([]);
      setLoading(true);
    }
    messagesApi.conversation(contactId).then(
      (list) => {
        if (!active) return;
        const own = list.filter((m) => between(m, me, contactId));
        setMessages((current) => mergeLoaded(own, current));
        setLoading(false);
        // Spec section 4: incoming messages of the open conversation are marked read at once.
        markIncomingRead(own.filter((m) => m.receiverId === me && !m.lu).map((m) => m.id));
      },
      () => {
        // Spec section 8: a load failure shows an empty conversation.
        if (!active) return;
        setLoading(false);
      },
    );
    return () => {
      active = false;
    };
  }, [contactId, me, reloads, markIncomingRead]);

  useRealtimeEvent('new_message', (message) => {
    const contact = contactRef.current;
    if (contact === SUPPORT_ID || !between(message, me, contact)) return;
    setMessages((list) => receive(list, message, me));
    if (message.senderId === contact && !message.lu) markIncomingRead([message.id]);
  });

  useRealtimeEvent('messages_read', ({ receiverId, messageIds }) => {
    const contact = contactRef.current;
    if (receiverId === contact || receiverId === me) setMessages((list) => markReadIds(list, messageIds));
  });

  useRealtimeEvent('resync', () => {
    if (contactRef.current === SUPPORT_ID) return;
    keepFor.current = contactRef.current;
    setReloads((n) => n + 1);
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
      setMessages((list) => [...list, temp]);

      const sent: Promise<Message> =
        contact === SUPPORT_ID
          ? messagesApi.contactSupport({ contenu: text }).then(({ supportInfo, message }) => {
              keepFor.current = supportInfo.adminId;
              optionsRef.current.onSupportContact?.(supportInfo);
              return message;
            })
          : deliver({ receiverId: contact, contenu: text, type: 'general' });

      sent.then(
        (message) => setMessages((list) => settle(list, temp.id, message)),
        () => {
          setMessages((list) => markFailed(list, temp.id));
          window.alert(SEND_ERROR_ALERT);
        },
      );
    },
    [me],
  );

  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const retry = useCallback(
    (tempId: number) => {
      const failed = messagesRef.current.find((m) => m.id === tempId && m.failed);
      if (!failed) return;
      setMessages((list) => list.filter((m) => m.id !== tempId));
      send(failed.contenu);
    },
    [send],
  );

  return { messages, loading, send, retry };
}
