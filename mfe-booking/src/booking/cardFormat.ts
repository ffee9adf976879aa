/**
 * Card form input formatting (spec section 5, "Checkout"). Only the display of what is typed: there
 * is no check of the card's validity or expiry, and none of it is ever sent (DECISIONS 9).
 */

/** Card number: 16 digits grouped in fours, separated by spaces. */
export const CARD_NUMBER_MAX_LENGTH = 19;
/** Expiry: MM/YY. */
export const EXPIRY_MAX_LENGTH = 5;
/** Security code: 3 characters, no digit-only check. */
export const CVC_MAX_LENGTH = 3;

function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** '4242424242424242' → '4242 4242 4242 4242'; non-digits are dropped; at most 19 characters. */
export function formatCardNumber(value: string): string {
  const digits = digitsOnly(value).slice(0, 16);
  return (digits.match(/.{1,4}/g) ?? []).join(' ').slice(0, CARD_NUMBER_MAX_LENGTH);
}

/** '1228' → '12/28', '12' → '12', '123' → '12/3'; non-digits are dropped; at most 5 characters. */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Security code: at most 3 characters, taken as typed. */
export function formatCvc(value: string): string {
  return value.slice(0, CVC_MAX_LENGTH);
}
