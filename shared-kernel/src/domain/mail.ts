/**
 * The e-mails the site sends (issue 15, DECISIONS 27) and the owner lead form's consent. Shared by
 * the API (which refuses to turn off a transactional kind) and the profile's 'E-mails' section.
 */

/** Mails about a booking the guest made: always sent, they cannot be turned off. */
export const TRANSACTIONAL_MAIL_KINDS = [
  'reservation-recue',
  'reservation-confirmee',
  'reservation-annulee',
  // Issue 31: the balance to pay (and its reminders), a payment received or given back, a refund made.
  'solde-a-regler',
  'paiement',
  'remboursement',
  // Issue 30: the check-in instructions before arrival (the guest cannot get in without them).
  'acces-arrivee',
] as const;

/** Mails a user may turn off in the profile; `admin` ones are offered to administrators only. */
export const OPTIONAL_MAIL_KINDS = [
  { kind: 'rappel-arrivee', label: 'Rappel 3 jours avant mon arrivée', admin: false },
  { kind: 'invitation-avis', label: 'Invitation à donner mon avis après un séjour', admin: false },
  { kind: 'resume-messages', label: 'Résumé des nouveaux messages reçus pendant mon absence', admin: false },
  { kind: 'admin-nouvelle-reservation', label: 'Nouvelle réservation', admin: true },
  { kind: 'admin-annulation', label: 'Réservation annulée', admin: true },
  { kind: 'admin-conflit-calendrier', label: 'Conflit de calendrier avec un autre canal', admin: true },
  { kind: 'admin-demande-proprietaire', label: 'Nouvelle demande de propriétaire', admin: true },
  { kind: 'admin-paiement', label: 'Paiement non appliqué à un séjour ou remboursement à effectuer', admin: true },
] as const;

export type TransactionalMailKind = (typeof TRANSACTIONAL_MAIL_KINDS)[number];
export type OptionalMailKind = (typeof OPTIONAL_MAIL_KINDS)[number]['kind'];
export type MailKind = TransactionalMailKind | OptionalMailKind;

export interface MailPreference {
  kind: OptionalMailKind;
  label: string;
  enabled: boolean;
}

/** The text next to the owner form's consent checkbox; the API stores it with each lead. */
export const OWNER_LEAD_CONSENT =
  'J’accepte que Séjours Messins utilise ces informations pour me recontacter au sujet de mon estimation. Elles ne sont transmises à aucun tiers.';

export const OWNER_LEAD_STATUSES = ['nouveau', 'contacté', 'clos'] as const;
export type OwnerLeadStatus = (typeof OWNER_LEAD_STATUSES)[number];

export interface OwnerLead {
  id: number;
  nom: string;
  prenom: string | null;
  email: string;
  message: string | null;
  consentement: string;
  statut: OwnerLeadStatus;
  notes: string;
  createdAt: string;
  updatedAt: string;
}

/** What the visitor reads (an alert, as the spec's form did) once the lead is stored. */
export const OWNER_LEAD_THANKS =
  'Merci pour votre demande ! Notre équipe vous recontacte sous 24h avec une estimation de votre loyer garanti.';
