/** One message: own messages on the right with their state (pending, failed, read or not). */
import type { ChatMessage } from './conversationList';
import { messageTime, STATUS_FAILED, STATUS_READ, STATUS_SENDING, STATUS_UNREAD } from './text';

function statusOf(message: ChatMessage): string {
  if (message.isTemp) return STATUS_SENDING;
  if (message.failed) return STATUS_FAILED;
  return message.lu ? STATUS_READ : STATUS_UNREAD;
}

export const RETRY_TEXT = 'Réessayer';

export function MessageItem({
  message,
  mine,
  contactName,
  onRetry,
}: {
  message: ChatMessage;
  mine: boolean;
  contactName: string;
  onRetry?: (id: number) => void;
}) {
  const status = mine ? statusOf(message) : null;
  return (
    <li className={`msg-message ${mine ? 'msg-message--mine' : 'msg-message--theirs'}${message.failed ? ' msg-message--failed' : ''}`}>
      <div className="msg-message__bubble">
        <span className="sk-visually-hidden">{mine ? 'Vous : ' : `${contactName} : `}</span>
        <p className="sk-text-block sk-text-block--exact msg-message__text">{message.contenu}</p>
        <p className="msg-message__meta">
          <time dateTime={message.createdAt}>{messageTime(message.createdAt)}</time>
          {status !== null ? (
            <span className={`msg-message__status${message.failed ? ' msg-message__status--failed' : ''}`}>{status}</span>
          ) : null}
          {mine && message.failed && onRetry ? (
            <button type="button" className="sk-button sk-button--link msg-message__retry" onClick={() => onRetry(message.id)}>
              {RETRY_TEXT}
            </button>
          ) : null}
        </p>
      </div>
    </li>
  );
}
