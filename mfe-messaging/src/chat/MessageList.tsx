/**
 * The scrolling list of a conversation. It stays at the bottom when a message arrives, unless the
 * reader scrolled up to read older ones (then it stays put; my own new message still brings it down).
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Spinner } from 'shared-kernel';
import type { ChatMessage } from './conversationList';
import { MessageItem } from './MessageItem';

/** Within this many pixels of the end counts as "at the bottom". */
const STICK_PX = 48;

export interface MessageListProps {
  messages: ChatMessage[];
  me: number;
  contactName: string;
  loading: boolean;
  emptyText: string;
  /** Shown after the messages ("… est en train d'écrire…"). */
  footer?: ReactNode;
  /** Sends a failed message again ('Réessayer' on it). */
  onRetry?: (id: number) => void;
}

export function MessageList({ messages, me, contactName, loading, emptyText, footer, onRetry }: MessageListProps) {
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const last = messages[messages.length - 1];
  const hasFooter = Boolean(footer);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    if (atBottom.current || last?.senderId === me) element.scrollTop = element.scrollHeight;
  }, [messages.length, last?.id, last?.senderId, me, hasFooter, loading]);

  const onScroll = () => {
    const element = box.current;
    if (element) atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= STICK_PX;
  };

  return (
    <div ref={box} className="msg-chat__messages" onScroll={onScroll} tabIndex={0} role="log" aria-label="Messages">
      {loading ? (
        <Spinner label="Chargement des messages…" />
      ) : messages.length === 0 ? (
        <p className="msg-chat__empty">{emptyText}</p>
      ) : null}
      {!loading && messages.length > 0 ? (
        <ol className="sk-list sk-stack msg-chat__list">
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              mine={message.senderId === me}
              contactName={contactName}
              {...(onRetry ? { onRetry } : {})}
            />
          ))}
        </ol>
      ) : null}
      {footer}
    </div>
  );
}
