/**
 * What an invoice or credit note states, computed once when it is issued and stored as it is
 * (`factures.contenu`): a document never changes after issue, whatever happens later to the
 * settings, the guest's account (erasure) or the apartment.
 */
import { TAXE_SEJOUR_LIBELLE, type Devis } from 'shared-kernel/rules';
import type { DocumentKind } from './numbering.js';

export interface DocumentLine {
  libelle: string;
  /** Cents, tax included (what the quote says); negative for a discount. */
  ttcCents: number;
  htCents: number;
  tvaCents: number;
  /** The taxe de séjour: outside the scope of VAT. */
  horsTva: boolean;
}

export interface DocumentContent {
  type: DocumentKind;
  numero: string;
  /** ISO instant of issue. */
  emiseLe: string;
  vendeur: {
    nom: string;
    formeJuridique: string;
    capital: string;
    adresse: string;
    rcs: string;
    siret: string;
    tva: string;
    contact: string;
    exemple: boolean;
  };
  client: { nom: string; societe: string | null; adresse: string | null };
  sejour: {
    reservationId: number;
    reference: string;
    logement: string;
    localisation: string;
    arrivee: string;
    depart: string;
    nuits: number;
    adultes: number;
    enfants: number;
  };
  lignes: DocumentLine[];
  tva: { taux: number; mention: string | null };
  /** The whole stay, from the lines. */
  totalSejour: { htCents: number; tvaCents: number; taxeCents: number; ttcCents: number };
  /** What this document is for: "Acompte reçu le … par virement (référence …)". */
  objet: string;
  /** This document's amount and its share of HT, VAT and taxe de séjour (in proportion to the stay). */
  montant: { ttcCents: number; htCents: number; tvaCents: number; taxeCents: number };
  /** The factures of the stay issued before this document (an avoir refers to them). */
  facturesPrecedentes: string[];
}

/** Splits an amount tax included into HT and VAT at `taux` percent (HT rounded to the cent, VAT the rest). */
export function splitVat(ttcCents: number, taux: number): { htCents: number; tvaCents: number } {
  if (taux === 0) return { htCents: ttcCents, tvaCents: 0 };
  const htCents = Math.round((ttcCents * 100) / (100 + taux));
  return { htCents, tvaCents: ttcCents - htCents };
}

/** The stay's lines as the document states them; a stay without a stored quote is one line at its total. */
export function documentLines(devis: Devis | null, fallback: { libelle: string; totalCents: number }, taux: number): DocumentLine[] {
  const source = devis?.lignes?.length
    ? devis.lignes.map((l) => ({ libelle: l.libelle, cents: Math.round(l.montant * 100) }))
    : [{ libelle: fallback.libelle, cents: fallback.totalCents }];
  return source.map(({ libelle, cents }) => {
    const horsTva = libelle === TAXE_SEJOUR_LIBELLE;
    const { htCents, tvaCents } = horsTva ? { htCents: cents, tvaCents: 0 } : splitVat(cents, taux);
    return { libelle, ttcCents: cents, htCents, tvaCents, horsTva };
  });
}

export function totals(lines: readonly DocumentLine[]): DocumentContent['totalSejour'] {
  let htCents = 0;
  let tvaCents = 0;
  let taxeCents = 0;
  for (const line of lines) {
    if (line.horsTva) taxeCents += line.ttcCents;
    else {
      htCents += line.htCents;
      tvaCents += line.tvaCents;
    }
  }
  return { htCents, tvaCents, taxeCents, ttcCents: htCents + tvaCents + taxeCents };
}

/** This document's amount split like the stay: its share of the taxe and of the VAT, the rest HT. */
export function shareOf(amountCents: number, stay: DocumentContent['totalSejour']): DocumentContent['montant'] {
  if (stay.ttcCents <= 0) return { ttcCents: amountCents, htCents: amountCents, tvaCents: 0, taxeCents: 0 };
  const taxeCents = Math.round((amountCents * stay.taxeCents) / stay.ttcCents);
  const tvaCents = Math.round((amountCents * stay.tvaCents) / stay.ttcCents);
  return { ttcCents: amountCents, htCents: amountCents - taxeCents - tvaCents, tvaCents, taxeCents };
}
