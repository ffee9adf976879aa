/**
 * The version of the terms of sale (CGV) in force. The /cgv page shows it, the checkout's consent
 * refers to it, and the API stores it with each reservation: change both the text and this together.
 */
export const CGV_VERSION = '1.1';
/** Date the version above took effect (ISO, shown fr-FR). 1.1: the balance is paid before arrival, refunds (issue 31). */
export const CGV_DATE = '2026-11-26';

/** A company or person named by the legal pages; every value comes from the server's configuration. */
export interface LegalParty {
  nom: string;
  adresse: string;
  contact: string;
}

/**
 * What the legal notice, the terms and the privacy policy name (GET /api/legal). `exemple` is true
 * while the server runs on its demonstration values, which the pages then mark as examples.
 */
export interface LegalInfo {
  exemple: boolean;
  editeur: LegalParty & {
    formeJuridique: string;
    capital: string;
    rcs: string;
    siret: string;
    tva: string;
    directeurPublication: string;
    telephone: string;
  };
  hebergeur: LegalParty;
  mediateur: { nom: string; site: string; adresse: string };
  /** Data controller and where to exercise GDPR rights. */
  responsableTraitement: LegalParty;
  /** Issue 31: the payment terms the server applies (the CGV state them); absent from older servers. */
  paiement?: { soldeJoursAvantArrivee: number; delaiVirementHeures: number };
}
