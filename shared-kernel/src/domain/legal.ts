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
 * while the server runs on its demonstration publisher, which the pages then say; `exemples` lists the
 * fields (`editeur.contact`, `mediateur.site`...) still on a demonstration value, each marked « exemple ».
 */
export interface LegalInfo {
  exemple: boolean;
  /** Absent from older servers. */
  exemples?: string[];
  editeur: LegalParty & {
    formeJuridique: string;
    capital: string;
    rcs: string;
    siret: string;
    tva: string;
    directeurPublication: string;
    telephone: string;
  };
  /** The host (LCEN art. 6: name, address, phone). */
  hebergeur: LegalParty & { telephone?: string };
  /** The consumer mediator (Code de la consommation L616-1). */
  mediateur: { nom: string; site: string; adresse: string };
  /** Data controller and where to exercise GDPR rights. */
  responsableTraitement: LegalParty;
  /** Issue 31: the payment terms the server applies (the CGV state them); absent from older servers. */
  paiement?: { soldeJoursAvantArrivee: number; delaiVirementHeures: number };
  /** Issue 27: the processors this server's configuration uses (RGPD 13.1.e); absent from older servers. */
  destinataires?: { stripe: boolean; google: boolean };
}
