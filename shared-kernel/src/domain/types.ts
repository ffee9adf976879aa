/** Domain types of the product spec, section 3. Field names stay French where the API uses them. */
import type { Comptes, Mouvement } from './ledger.js';
import type { ReglesTarifaires } from '../rules/pricing.js';
import type { Classement } from '../rules/taxe-sejour.js';

export interface Capacite {
  voyageurs: number;
  chambres: number;
  lits: number;
  sallesDeBain: number;
}

export interface Hote {
  nom: string;
  experience: string;
  tauxReponse: string;
  delaiReponse: string;
  /** Issue 30: the host's photo (an image URL), absent when none was given. */
  photo?: string;
}

export interface Regles {
  arrivee: string;
  depart: string;
  voyageursMax: number;
}

export interface Equipements {
  salleDeBain: string[];
  internetEtBureau: string[];
}

export type PolitiqueAnnulation = 'Flexible' | 'Modérée' | 'Stricte';

export interface Appartement {
  id: number;
  slug: string;
  titre: string;
  description: string;
  localisation: string;
  /**
   * Issues 30, 32, optional for older payloads and fixtures (the decoder always fills them): the town
   * ('Metz' for any Metz quarter; from `localisation` when a payload has none) and the WGS 84
   * coordinates, both or neither (null when unknown).
   */
  ville?: string;
  latitude?: number | null;
  longitude?: number | null;
  prixParNuit: number;
  surface: number;
  note: number;
  nombreAvis: number;
  smoobuId: number | null;
  politiqueAnnulation: string;
  capacite: Capacite;
  inclus: string[];
  nonInclus: string[];
  images: string[];
  /** Issue 30: the alternative text of a photo, by its URL (uploaded photos have one); absent when none has. */
  imagesAlt?: Record<string, string>;
  hote: Hote;
  regles: Regles;
  equipements: Equipements;
  /** Issue 12 fields, optional for older payloads and fixtures (the decoder always fills them). Pricing rules: */
  tarifs?: ReglesTarifaires;
  /** The lowest nightly price the rules give, and whether prices vary ('à partir de X € / nuit'). */
  prixMin?: number;
  prixVarie?: boolean;
  /** 0 = non classé, 1 to 5 étoiles (taxe de séjour). */
  classement?: Classement;
  numeroEnregistrement?: string | null;
  /** Drafts are visible to admins only. */
  publie?: boolean;
}

/** The price of the searched stay, from the server's quote (GET /api/appartements with dates). */
export interface SejourPrix {
  nuits: number;
  totalCents: number;
  /** Euros, as the quote's total. */
  total: number;
}

export type AppartementTrouve = Appartement & { sejour?: SejourPrix };

/** A line of GET /api/admin/appartements: an apartment (drafts included) as the admin's selects name it. */
export interface AppartementIndex {
  id: number;
  titre: string;
  slug: string;
  ville: string;
  smoobuId: number | null;
  publie: boolean;
}

/** A page of GET /api/appartements (issue 32): the bare call is the first page, a search any page. */
export interface PageAppartements {
  appartements: AppartementTrouve[];
  total: number;
  page: number;
  parPage: number;
  /** The catalogue's price range, places and towns, for the filters and the town select. */
  facettes: { prixMin: number; prixMax: number; localisations: string[]; villes: VilleFacette[] };
}

/** A town of the published catalogue (GET /api/villes): its name, the slug of its page `/location/:slug`, its apartments. */
export interface VilleFacette {
  ville: string;
  slug: string;
  nombre: number;
}

export type Role = 'admin' | 'client';

/** The user as the server sends it (`nom`). */
export interface ApiUser {
  id: number;
  nom: string;
  email: string;
  role: Role;
  photo: string | null;
  googleId: string | null;
  /** Whether the address is proven (DECISIONS 38); absent from older servers. */
  emailVerifie?: boolean;
}

/** The user as the session holds it (`name`), spec section 3. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  photo: string | null;
  googleId: string | null;
  /** False while the address is not verified: the shell shows its reminder; absent means nothing to remind. */
  emailVerifie?: boolean;
}

export const RESERVATION_STATUSES = ['en attente', 'confirmée', 'annulée', 'terminée'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

export interface Disponibilite {
  /** An unavailable day, YYYY-MM-DD. */
  date: string;
}

/** A review as the reviews endpoint sends it (DECISIONS 11: real reviews, written after a finished stay). */
export interface Avis {
  id: number;
  /** The author's first name. */
  auteur: string;
  /** When it was written (ISO timestamp). */
  date: string;
  note: number;
  commentaire: string;
  /** The host's public reply, when there is one (issue 30 item 6). */
  reponse?: ReponseAvis;
}

/** The host's reply under a review: its text and when it was last written (ISO timestamp). */
export interface ReponseAvis {
  texte: string;
  date: string;
}

/** GET /api/admin/avis: one review as the admin's list shows it, with its apartment and any reply. */
export interface AdminAvis extends Avis {
  appartementId: number;
  appartementSlug: string;
  appartementTitre: string;
}

/** GET /api/admin/avis: a page of reviews, newest first. */
export interface AdminAvisPage {
  avis: AdminAvis[];
  total: number;
  sansReponse: number;
  page: number;
  parPage: number;
}

export type StarCount = 1 | 2 | 3 | 4 | 5;

/** GET /api/appartements/:id/avis: the list, newest first, the average and the count per star. */
export interface AvisResume {
  avis: Avis[];
  /** Average rating (5 when there is none, the spec's default). */
  moyenne: number;
  nombreAvis: number;
  repartition: Record<StarCount, number>;
}

/** Card, PayPal and Apple Pay go through Stripe's hosted checkout; 'virement' is a bank transfer (DECISIONS 21). */
export const PAYMENT_METHODS = ['card', 'paypal', 'applepay', 'virement'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const STRIPE_METHODS = ['card', 'paypal', 'applepay'] as const;
export type StripeMethod = (typeof STRIPE_METHODS)[number];

/** GET /api/paiements/options: the methods that really work with the server's configuration. */
export interface PaymentOptions {
  methodes: PaymentMethod[];
  /** Hours the guest has to pay by transfer; minutes an unpaid Stripe hold lasts. */
  delaiVirementHeures: number;
  delaiStripeMinutes: number;
  /** Issue 31: the balance is payable this many days before arrival; a stay booked later is paid in full at booking. */
  soldeJoursAvantArrivee: number;
}

/**
 * Where the payment stands, from the books (issue 31): 'aucun' (nothing asked: an admin-made or older
 * booking), 'en attente' (until `echeance`), 'payé' (the deposit, or the whole stay, received),
 * 'non payé' (expired, cancelled unpaid, or confirmed by an admin without it), 'remboursement en cours'
 * (a refund announced and not yet made), 'remboursé' (done, on `rembourseLe`).
 */
export type PaiementEtat = 'aucun' | 'en attente' | 'payé' | 'non payé' | 'remboursement en cours' | 'remboursé';

export interface PaiementResume {
  etat: PaiementEtat;
  /** ISO instant: end of the Stripe hold or the transfer deadline, while 'en attente'. */
  echeance: string | null;
  /** Refunds done, in cents (0 when a cancellation kept what was paid); null when nothing was refunded nor kept. */
  rembourseCents: number | null;
  /** Refunds announced and not yet made, in cents. */
  aRembourserCents?: number;
  /** ISO instant of the last refund made. */
  rembourseLe?: string | null;
}

/**
 * The balance (DECISIONS 34): payable from `exigibleLe` (N days before arrival), to be received before
 * arrival; 'en retard' once the arrival day has come without it (shown in red to admins).
 */
export interface SoldeResume {
  montantCents: number;
  /** YYYY-MM-DD. */
  exigibleLe: string;
  /** What is still owed now, in cents. */
  resteCents: number;
  etat: 'à venir' | 'à régler' | 'en retard' | 'payé';
}

/** What the guest writes on a bank transfer (null when the reservation is not awaiting one). */
export interface InstructionsVirement {
  /** Issue 31: what the transfer pays: the deposit, the whole stay (booked inside the balance window) or the balance. */
  objet?: 'acompte' | 'séjour' | 'solde';
  montantCents: number;
  titulaire: string;
  iban: string;
  bic: string;
  reference: string;
  /** ISO instant. */
  echeance: string;
  /** Demo account details: shown with 'exemple'. */
  exemple: boolean;
}

/** One payment event of a reservation (Checkout Sessions and, before the books, refunds), as admins see it. */
export interface Paiement {
  id: number;
  reservationId: number;
  fournisseur: 'stripe' | 'virement';
  type: 'acompte' | 'solde' | 'remboursement';
  montantCents: number;
  etat: 'en attente' | 'payé' | 'expiré' | 'annulé' | 'remboursé' | 'à rembourser';
  stripeSessionId: string | null;
  stripePaymentIntentId: string | null;
  stripeRefundId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** POST /api/reservations answers the reservation and what the browser does next. */
export interface BookingResult {
  reservation: Reservation;
  /** Stripe: the hosted checkout page to go to. */
  redirectUrl?: string;
  /** Bank transfer: what to pay, to whom, with which reference. */
  instructionsVirement?: InstructionsVirement;
}

/** A reservation as the API sends it (spec section 3, plus what the server priced and recorded). */
export interface Reservation {
  id: number;
  userId: number;
  appartementId: number;
  startDate: string;
  endDate: string;
  guestsCount: number;
  /** Issue 12 (optional for older payloads): adults, children under 18, and the quote the stay was booked at. */
  adultes?: number;
  enfants?: number;
  devis?: { lignes: { libelle: string; montant: number }[]; total: number; acompte: number; reste: number } | null;
  nights: number;
  totalPrice: number;
  /** Paid at booking: 500 €, or the total when lower. */
  deposit: number;
  /** The balance, paid before arrival (0 when the whole stay was paid at booking). */
  remainder: number;
  paymentMethod: PaymentMethod | null;
  /** The deposit (or the whole stay) was received: computed from the books. */
  paymentCompleted: boolean;
  /** Issue 13 (optional for older payloads). */
  paiement?: PaiementResume;
  /** Issue 31: the balance before arrival, null without one (optional for older payloads). */
  solde?: SoldeResume | null;
  /** Issue 31: the balance of the books (optional for older payloads). */
  comptes?: Comptes;
  /** Issue 31: an admin may delete it (no money moved, stay not begun); else it is cancelled. */
  supprimable?: boolean;
  /** GET /api/reservations/:id only (the guest and admins): every movement of the books. */
  mouvements?: Mouvement[];
  /** GET /api/reservations/:id only: the balance is paid online (a Stripe link), else by transfer. */
  soldeEnLigne?: boolean;
  /** GET /api/reservations/:id only: a refund by transfer waits for the guest's IBAN (or may take a new one). */
  attenteIban?: boolean;
  /** GET /api/reservations/:id only: where a transfer refund goes, the IBAN masked. */
  ibanRemboursement?: { titulaire: string; iban: string } | null;
  cgvVersion?: string | null;
  cgvAccepteeLe?: string | null;
  /** Owner or admin, while the transfer is awaited. */
  instructionsVirement?: InstructionsVirement | null;
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- names the known statuses; others may come
  status: ReservationStatus | string;
  createdAt: string;
  user: { id: number; nom: string; email: string } | null;
  appartement: {
    id: number;
    slug: string;
    titre: string;
    localisation: string;
    prixParNuit: number;
    images: string[];
    /** GET /api/reservations/:id only (issue 27): the apartment's own times as its rules word them ('16:00 - 21:00', 'avant 11:00'). */
    arrivee?: string;
    depart?: string;
    politiqueAnnulation?: string;
  } | null;
  /** GET /api/reservations/:id only: this stay already has its review. */
  avisLaisse?: boolean;
  /** GET /api/reservations/:id only (issue 27): the cancellation policy as dated windows, computed by the rule the cancellation applies. */
  annulation?: AnnulationFenetres | null;
  /** GET /api/reservations/:id only (issue 30): the check-in instructions, for the guest of a confirmed stay only. */
  acces?: AccesLogement;
}

/** Until `jusquau` (an instant, inclusive; null: until arrival), this share of the deposit is refunded on cancellation. */
export interface AnnulationFenetre {
  jusquau: string | null;
  remboursementAcomptePourcent: number;
}

export interface AnnulationFenetres {
  politique: string;
  fenetres: AnnulationFenetre[];
}

/** An apartment's private check-in instructions (PUT /api/admin/appartements/:id/acces). */
export interface AccesLogement {
  adresse: string;
  codeAcces: string;
  instructions: string;
  wifiNom: string;
  wifiMotDePasse: string;
  livret: string;
  parking: string;
}

/** POST /api/reservations. The server prices the stay itself: a total sent here is ignored. */
export interface NewReservation {
  appartementId: number;
  startDate: string;
  endDate: string;
  guestsCount: number;
  adultes?: number;
  enfants?: number;
  totalPrice?: number;
  paymentMethod?: PaymentMethod;
  /** The guest ticked 'J'ai lu et j'accepte les conditions générales de vente' (refused without). */
  accepteCgv: boolean;
}

/** The caller's own profile (GET /api/users/profile, PUT /api/users/update). */
export interface Profile {
  id: number;
  nom: string;
  email: string;
  role: Role;
  photo: string | null;
  googleId: string | null;
  /** Whether the account has a password (a Google-only account confirms sensitive actions with Google). */
  aUnMotDePasse: boolean;
  phone: string | null;
  billingAddress: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  bio: string | null;
  dateNaissance: string | null;
  methodePaiement: string | null;
  preferences: unknown;
  createdAt: string;
}

/** PUT /api/users/update (the spec's payload; the email cannot change). */
export interface ProfileUpdate {
  name?: string;
  phone?: string | null;
  bio?: string | null;
  billingAddress?: string | null;
  city?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

/** One line of the taxe de séjour declaration: a month and an apartment, stays that ended in it (issue 12). */
export interface LigneDeclaration {
  mois: string;
  appartementId: number;
  titre: string;
  numeroEnregistrement: string | null;
  nuits: number;
  nuitsAdultes: number;
  nuitsExonerees: number;
  /** Euros. */
  taxe: number;
}

/** GET /api/admin/planning (issue 30 item 2): an arrival or a departure of the day. */
export interface PlanningMouvement {
  /** Our reservation; null for a stay booked on another channel (imported calendar). */
  reservationId: number | null;
  /** The guest's name, or the other channel's name ('Airbnb'…) for an imported stay. */
  voyageur: string;
  appartementId: number;
  appartementTitre: string;
  debut: string;
  fin: string;
  /** Adults and children; null for an imported stay. */
  voyageurs: number | null;
  /** What the guest still owes on our books (0 when paid); null for an imported stay. */
  resteDuCents: number | null;
  /** The apartment's check-in or check-out time as its rules say ('15:00 - 00:00', 'avant 11:00'). */
  heure: string;
}

/** A cleaning to do after a departure, before the next arrival (a turnover when it is the same day). */
export interface PlanningMenage {
  appartementId: number;
  appartementTitre: string;
  /** The next arrival is the same day: the cleaning must fit between check-out and check-in. */
  rotation: boolean;
  departHeure: string;
  /** The next arrival's day and check-in time; null when nothing is booked after. */
  prochaineArrivee: { date: string; heure: string } | null;
  fait: { le: string; par: string | null } | null;
}

export interface PlanningJour {
  date: string;
  arrivees: PlanningMouvement[];
  departs: PlanningMouvement[];
  menages: PlanningMenage[];
}

export interface Planning {
  jours: PlanningJour[];
}

/** Figures of GET /api/admin/statistiques (issue 30 item 1) for a month, an apartment or the whole period. */
export interface StatistiquesChiffres {
  /** Nights of our stays 'en attente', 'confirmée' or 'terminée' inside the period. */
  nuitsVendues: number;
  /** Published apartments × days, minus the nights blocked by hand. */
  nuitsOuvertes: number;
  /** nuitsVendues / nuitsOuvertes (0 to 1, 4 decimals); null without an open night. */
  tauxOccupation: number | null;
  /** The accommodation part of the quotes (nights, supplements, discounts), spread over the stay's nights. */
  chiffreAffairesCents: number;
}

export interface StatistiquesMois extends StatistiquesChiffres {
  /** YYYY-MM. */
  mois: string;
}

export interface StatistiquesTotaux extends StatistiquesChiffres {
  /** Revenue per night sold; null without a night sold. */
  prixMoyenNuitCents: number | null;
  /** Revenue per open night; null without an open night. */
  revparCents: number | null;
  /** Cancelled stays with a night in the period. */
  annulations: number;
  /** Nights booked on other channels (imported calendars), not counted as sold. */
  nuitsAutresCanaux: number;
}

export interface StatistiquesAppartement extends StatistiquesTotaux {
  appartementId: number;
  titre: string;
}

export interface StatistiquesPeriode extends StatistiquesTotaux {
  du: string;
  au: string;
  parMois: StatistiquesMois[];
  parAppartement: StatistiquesAppartement[];
}

/** The period asked for, and the same days a year before (for the comparison charts). */
export interface Statistiques extends StatistiquesPeriode {
  anneePrecedente: StatistiquesPeriode;
}
