/**
 * The success message the checkout hands over in navigation state, `{ message, reservationId }`
 * (spec section 4). Navigation state is only ever set by the site's own code.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reservationNumber(value: unknown): string | null {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return String(value);
  if (typeof value === 'string' && /^[1-9]\d*$/.test(value.trim())) return value.trim();
  return null;
}

/** 'Votre réservation a été effectuée avec succès ! (réservation n° 12)', or null without a message. */
export function bookingMessageFrom(state: unknown): string | null {
  if (!isRecord(state) || typeof state.message !== 'string') return null;
  const message = state.message.trim();
  if (!message) return null;
  const number = reservationNumber(state.reservationId);
  return number ? `${message} (réservation n° ${number})` : message;
}
