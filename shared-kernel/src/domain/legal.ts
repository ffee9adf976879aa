/**
 * The version of the terms of sale (CGV) in force. The /cgv page shows it, the checkout's consent
 * refers to it, and the API stores it with each reservation: change both the text and this together.
 */
export const CGV_VERSION = '1.0';
/** Date the version above took effect (ISO, shown fr-FR). */
export const CGV_DATE = '2026-11-23';
