/**
 * The unread count: the number, or 9+ above 9; nothing at 0. The full count goes in the owner's label.
 * The figure is drawn by CSS (`::after` from `data-count`): as text it would join the owner's visible
 * name ('Messagerie3') and no longer match its accessible name (WCAG 2.5.3, axe
 * label-content-name-mismatch).
 */
import { badgeText, unreadSpoken } from '../chat/text';
import './badge.css';

export function UnreadBadge({ count, className = '' }: { count: number; className?: string }) {
  const text = badgeText(count);
  if (text === null) return null;
  return <span className={`msg-badge ${className}`.trim()} data-count={text} aria-hidden="true" />;
}

/** An accessible name with the unread count: "Messagerie, 3 messages non lus" (nothing added at 0). */
export function withUnread(label: string, count: number): string {
  return count > 0 ? `${label}, ${unreadSpoken(count)}` : label;
}
