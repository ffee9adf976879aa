/** The unread count: the number, or 9+ above 9; nothing at 0. The full count goes in the owner's label. */
import { badgeText, unreadSpoken } from '../chat/text';
import './badge.css';

export function UnreadBadge({ count, className = '' }: { count: number; className?: string }) {
  const text = badgeText(count);
  if (text === null) return null;
  return (
    <span className={`msg-badge ${className}`.trim()} aria-hidden="true">
      {text}
    </span>
  );
}

/** An accessible name with the unread count: "Messagerie, 3 messages non lus" (nothing added at 0). */
export function withUnread(label: string, count: number): string {
  return count > 0 ? `${label}, ${unreadSpoken(count)}` : label;
}
