/**
 * Who issues the invoices and which VAT they state, frozen into each document when it is issued.
 * Documents are issued by the books' one writer (`recordMovement`), deep inside transactions that
 * carry no configuration, so the process's settings are kept here: set from the configuration at
 * start-up (`prepareDatabase`, `buildApp`), read from the environment until then.
 */
import type { LegalInfo } from 'shared-kernel/domain';
import { invoiceTaxSettings, type InvoiceTaxSettings } from '../../config.js';
import { legalSettings } from '../legal/settings.js';

export interface InvoiceIssuer {
  legal: LegalInfo;
  tva: InvoiceTaxSettings;
}

let current: InvoiceIssuer | null = null;

export function useInvoiceIssuer(issuer: InvoiceIssuer): void {
  current = issuer;
}

export function invoiceIssuer(): InvoiceIssuer {
  current ??= { legal: legalSettings(process.env), tva: invoiceTaxSettings(process.env) };
  return current;
}
