/** Texts and small formatting rules of the messaging screens (spec sections 2, 8 and 9). */
import type { Role } from 'shared-kernel';

/** Spec section 9: the badge shows the count, or 9+ above 9. */
export const BADGE_CAP = 9;
/** Spec section 9: a toast previews the first 30 characters. */
export const PREVIEW_LENGTH = 30;

export const SEND_ERROR_ALERT = "Erreur lors de l'envoi du message. Veuillez réessayer.";
export const STATUS_SENDING = 'Envoi en cours...';
export const STATUS_FAILED = "Échec de l'envoi";
export const STATUS_READ = 'Lu';
export const STATUS_UNREAD = 'Non lu';

/** The badge text, or null when there is nothing unread. */
export function badgeText(count: number): string | null {
  if (!(count > 0)) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

/** "1 message non lu", "12 messages non lus". */
export function unreadSpoken(count: number): string {
  return count > 1 ? `${count} messages non lus` : `${count} message non lu`;
}

/** Spec section 2: 'Support' for the admin role, 'Client' otherwise. */
export function roleLabel(role: Role): string {
  return role === 'admin' ? 'Support' : 'Client';
}

/** The first 30 characters, followed by '…' when the text is longer. */
export function previewText(text: string, length: number = PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : flat;
}

export function typingText(nom: string): string {
  return `${nom} est en train d'écrire…`;
}

const timeFr = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });
const dayFr = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** "14:05" for today, "03/11/2026 14:05" otherwise (local time, fr-FR). */
export function messageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const time = timeFr.format(date);
  return sameDay(date, now) ? time : `${dayFr.format(date)} ${time}`;
}
