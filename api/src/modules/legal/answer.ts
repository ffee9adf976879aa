/**
 * The legal details the pages show, as GET /api/legal answers them and as the server writes them into
 * the legal pages' HTML (issue 27): the LEGAL_* settings, the payment terms applied, and which
 * processors this configuration uses (Stripe for online payment, Google for sign-in).
 */
import type { LegalInfo } from 'shared-kernel/domain';
import type { AppConfig } from '../../config.js';
import { legalExampleSettings } from './settings.js';

export const LEGAL_PATH = '/legal';

export function legalAnswer(config: Pick<AppConfig, 'legal' | 'payments' | 'googleClientId'>): LegalInfo {
  return {
    ...config.legal,
    paiement: { soldeJoursAvantArrivee: config.payments.soldeJours, delaiVirementHeures: config.payments.virement.delaiHeures },
    destinataires: { stripe: config.payments.stripe !== null, google: config.googleClientId !== null },
  };
}

/** In production, says at start-up which LEGAL_* settings still show a demonstration value. */
export function warnOfLegalExamples(config: Pick<AppConfig, 'legal' | 'production'>, warn: (message: string) => void): void {
  if (!config.production) return;
  const left = legalExampleSettings(config.legal);
  if (left.length === 0) return;
  warn(
    `Pages légales : valeurs d'exemple encore affichées (marquées « exemple ») faute de ${left.join(', ')}. Renseignez ces variables avant d'ouvrir le site au public.`,
  );
}
