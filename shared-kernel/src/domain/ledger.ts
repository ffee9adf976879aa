/**
 * The books of a reservation (issue 31, DECISIONS 32): every amount due, received, refunded or written
 * off is an append-only movement; balances are computed from movements only, by the API.
 */

/**
 * - `acompte_du`, `solde_du`: what the guest owes (the deposit, the balance);
 * - `acompte_recu`, `solde_recu`: money received for them;
 * - `annulation_du`: what a cancellation writes off of what was due;
 * - `remboursement_du`: a refund the site owes (announced), `remboursement_effectue`: that refund done.
 */
export const MOUVEMENT_TYPES = [
  'acompte_du',
  'acompte_recu',
  'solde_du',
  'solde_recu',
  'remboursement_du',
  'remboursement_effectue',
  'annulation_du',
] as const;
export type MouvementType = (typeof MOUVEMENT_TYPES)[number];

export const MOUVEMENT_MOYENS = ['stripe', 'virement', 'especes', 'autre'] as const;
export type MouvementMoyen = (typeof MOUVEMENT_MOYENS)[number];

/** Who wrote the movement: the guest, an admin, the site itself (jobs, migration) or Stripe (webhook). */
export const MOUVEMENT_AUTEURS = ['client', 'admin', 'système', 'stripe'] as const;
export type MouvementAuteur = (typeof MOUVEMENT_AUTEURS)[number];

export interface Mouvement {
  id: number;
  reservationId: number;
  type: MouvementType;
  /** Always positive: the type says which way the money goes. */
  montantCents: number;
  moyen: MouvementMoyen | null;
  /** Stripe ids, the transfer reference (SM-<id>), the bank reference of a refund. */
  reference: string | null;
  /** ISO instant the movement took effect (the day a transfer was received, a refund made). */
  date: string;
  auteur: MouvementAuteur;
  /** Why: e.g. the reason an admin confirmed a stay without its deposit. */
  note: string | null;
  /** A `remboursement_effectue` names the `remboursement_du` it settles. */
  lienId: number | null;
}

/**
 * The balance of a reservation, from its movements: `duCents` = due − written off, `recuCents` =
 * received, `rembourseCents` = refunds done, `aRembourserCents` = refunds announced and not yet
 * done, `resteDuCents` = what the guest still owes: due − (received − refunds done or announced).
 */
export interface Comptes {
  duCents: number;
  recuCents: number;
  rembourseCents: number;
  resteDuCents: number;
  aRembourserCents: number;
}

export const MOUVEMENT_LABELS: Readonly<Record<MouvementType, string>> = {
  acompte_du: 'Acompte dû',
  acompte_recu: 'Acompte reçu',
  solde_du: 'Solde dû',
  solde_recu: 'Solde reçu',
  remboursement_du: 'Remboursement à effectuer',
  remboursement_effectue: 'Remboursement effectué',
  annulation_du: 'Annulation du montant dû',
};

export const MOYEN_LABELS: Readonly<Record<MouvementMoyen, string>> = {
  stripe: 'Stripe',
  virement: 'Virement',
  especes: 'Espèces',
  autre: 'Autre',
};

/** Where a refund owed stands: Stripe 'à effectuer' → 'demandé' → 'effectué' (or 'échec'); transfer 'à effectuer' → 'effectué'. */
export const REMBOURSEMENT_ETATS = ['à effectuer', 'demandé', 'effectué', 'échec'] as const;
export type RemboursementEtat = (typeof REMBOURSEMENT_ETATS)[number];

/** GET /api/admin/remboursements: one refund the site owes, with where to send it. */
export interface Remboursement {
  id: number;
  reservationId: number;
  montantCents: number;
  moyen: 'stripe' | 'virement';
  etat: RemboursementEtat;
  /** The guest's IBAN (a transfer refund), null until given. */
  iban: string | null;
  titulaire: string | null;
  client: { id: number; nom: string; email: string };
  creeLe: string;
  /** YYYY-MM-DD, once done. */
  effectueLe: string | null;
  reference: string | null;
  /** Stripe's last error or refusal. */
  erreur: string | null;
}

/** GET /api/admin/comptabilite?mois=YYYY-MM: the month's money, from the books (issue 31). */
export interface ComptabiliteMois {
  mois: string;
  /** Received (deposits and balances), by transfer, Stripe or otherwise. */
  recuCents: number;
  /** Refunds made. */
  rembourseCents: number;
  /** recu − rembourse. */
  netCents: number;
  /** Refunds announced and not yet made, at the end of the month. */
  aRembourserCents: number;
  /** Taxe de séjour of the stays that ended in the month (what the declaration says for it). */
  taxeSejourCents: number;
  /** Received per means of payment. */
  recuParMoyen: Record<MouvementMoyen, number>;
  /** Movements dated in the month. */
  mouvements: number;
}
