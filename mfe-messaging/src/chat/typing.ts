/**
 * Typing notices (spec sections 4 and 9): typing_start when the input goes from empty to non-empty
 * (or typing resumes after a pause), typing_stop after 1 s without a keystroke or when the input is
 * emptied; and the contact's own notices, shown as "{nom} est en train d'écrire…".
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { emitTyping } from '../realtime/connection';
import { useRealtimeEvent } from '../realtime/hooks';
import type { ContactId } from '../contacts/contacts';

export const TYPING_STOP_MS = 1000;
/** A contact whose typing_stop never comes (tab closed) stops "typing" after this. */
export const TYPING_FORGET_MS = 10_000;

export function useTypingNotices(contactId: ContactId): { onDraftChange: (value: string) => void; stopTyping: () => void } {
  const typing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stopTyping = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (typing.current && typeof contactId === 'number') emitTyping('typing_stop', contactId);
    typing.current = false;
  }, [contactId]);

  // Another contact, or the panel goes away: the previous contact hears that I stopped.
  useEffect(() => stopTyping, [stopTyping]);

  const onDraftChange = useCallback(
    (value: string) => {
      if (typeof contactId !== 'number') return;
      if (value === '') {
        stopTyping();
        return;
      }
      if (!typing.current) {
        typing.current = true;
        emitTyping('typing_start', contactId);
      }
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(stopTyping, TYPING_STOP_MS);
    },
    [contactId, stopTyping],
  );

  return { onDraftChange, stopTyping };
}

/** Whether the contact is typing to me right now. */
export function useContactTyping(contactId: ContactId): boolean {
  const [typing, setTyping] = useState(false);
  const forget = useRef<ReturnType<typeof setTimeout> | null>(null);

  const set = useCallback((value: boolean) => {
    if (forget.current !== null) clearTimeout(forget.current);
    forget.current = value ? setTimeout(() => setTyping(false), TYPING_FORGET_MS) : null;
    setTyping(value);
  }, []);

  useEffect(() => {
    set(false);
    return () => {
      if (forget.current !== null) clearTimeout(forget.current);
    };
  }, [contactId, set]);

  useRealtimeEvent('typing_start', ({ senderId }) => {
    if (senderId === contactId) set(true);
  });
  useRealtimeEvent('typing_stop', ({ senderId }) => {
    if (senderId === contactId) set(false);
  });
  useRealtimeEvent('new_message', ({ senderId }) => {
    if (senderId === contactId) set(false);
  });

  return typing;
}
