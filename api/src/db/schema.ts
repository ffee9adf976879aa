/** Database schema (Drizzle). SQL migrations in api/drizzle are generated from it, plus hand-written ones. */
import { sql } from 'drizzle-orm';
// The message types are the kernel's wire type, which the messaging remote reads too.
import { MESSAGE_TYPES } from 'shared-kernel/domain';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  FEED_LABELS,
  FEED_SYNC_STEPS,
  MOUVEMENT_AUTEURS,
  MOUVEMENT_MOYENS,
  MOUVEMENT_TYPES,
  REMBOURSEMENT_ETATS,
} from 'shared-kernel/domain';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    nom: text('nom').notNull(),
    email: text('email').notNull().unique(),
    /** scrypt hash; null for an account created through Google sign-in. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['admin', 'client'] })
      .notNull()
      .default('client'),
    photo: text('photo'),
    googleId: text('google_id').unique(),
    telephone: text('telephone'),
    adresse: text('adresse'),
    city: text('city'),
    postalCode: text('postal_code'),
    country: text('country'),
    bio: text('bio'),
    dateNaissance: date('date_naissance', { mode: 'string' }),
    methodePaiement: text('methode_paiement'),
    preferences: jsonb('preferences'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the person erased their account (GDPR): the row stays, anonymised, for what must be kept. */
    supprimeLe: timestamp('supprime_le', { withTimezone: true }),
    /** When the person proved they own the address (link followed, or Google said so); null until then (DECISIONS 38). */
    emailVerifieLe: timestamp('email_verifie_le', { withTimezone: true }),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('admin', 'client')`)],
);

/** One row per issued token (its jti): logout and password changes revoke them server-side. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const appartements = pgTable(
  'appartements',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    titre: text('titre').notNull(),
    description: text('description').notNull().default(''),
    localisation: text('localisation').notNull(),
    /** The town (issue 32): 'Metz' for every Metz quarter; search, landing pages and JSON-LD use it. */
    ville: text('ville').notNull().default(''),
    /** WGS 84, both or neither (issue 30): the map and the JSON-LD geo. Never a street address here. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    prixParNuit: numeric('prix_par_nuit', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    surface: integer('surface').notNull().default(0),
    smoobuId: integer('smoobu_id').unique(),
    politiqueAnnulation: text('politique_annulation').notNull().default('Flexible'),
    capacite: jsonb('capacite').notNull(),
    inclus: jsonb('inclus')
      .notNull()
      .default(sql`'[]'::jsonb`),
    nonInclus: jsonb('non_inclus')
      .notNull()
      .default(sql`'[]'::jsonb`),
    images: jsonb('images')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Issue 30: alternative text by image URL (required for uploaded photos); entries of removed images are dropped on write. */
    imagesAlt: jsonb('images_alt')
      .notNull()
      .default(sql`'{}'::jsonb`),
    hote: jsonb('hote')
      .notNull()
      .default(sql`'{}'::jsonb`),
    regles: jsonb('regles')
      .notNull()
      .default(sql`'{}'::jsonb`),
    equipements: jsonb('equipements')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Pricing rules (issue 12): weekend price, periods, single-date prices, fees, discounts, minimum stay. */
    tarifs: jsonb('tarifs')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** 0 = non classé, 1 to 5 = étoiles (taxe de séjour). */
    classement: integer('classement').notNull().default(0),
    /** Registration number issued by the commune; required to publish. */
    numeroEnregistrement: text('numero_enregistrement'),
    /** Drafts are visible to admins only. */
    publie: boolean('publie').notNull().default(true),
    /**
     * Issue 32: the count and the sum of the apartment's review marks, kept exact by triggers on
     * `avis` in the transaction of every review written, changed or deleted (migration 0026): the
     * catalogue reads its note without averaging every review.
     */
    avisNombre: integer('avis_nombre').notNull().default(0),
    avisSomme: integer('avis_somme').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('appartements_prix_check', sql`${t.prixParNuit} >= 0`),
    check('appartements_surface_check', sql`${t.surface} >= 0`),
    check('appartements_classement_check', sql`${t.classement} between 0 and 5`),
    check('appartements_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('appartements_longitude_check', sql`${t.longitude} between -180 and 180`),
    check('appartements_coordonnees_check', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
    check('appartements_avis_check', sql`${t.avisNombre} >= 0 and ${t.avisSomme} between ${t.avisNombre} and 5 * ${t.avisNombre}`),
    // Issue 32 (migration 0023): the town filter of the search, the admin list and the timeline.
    index('appartements_ville_idx').on(t.ville),
  ],
);

/** Days an apartment is blocked outside of reservations (owner use, maintenance). */
export const disponibilites = pgTable(
  'disponibilites',
  {
    id: serial('id').primaryKey(),
    appartementId: integer('appartement_id')
      .notNull()
      .references(() => appartements.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** Why an admin blocked the day (migration 0010). */
    note: text('note'),
  },
  (t) => [unique('disponibilites_appartement_date_key').on(t.appartementId, t.date)],
);

export const RESERVATION_STATUS_VALUES = ['en attente', 'confirmée', 'annulée', 'terminée'] as const;
export const PAYMENT_METHODS = ['card', 'paypal', 'applepay', 'virement'] as const;

/**
 * Stays are half-open ranges [start_date, end_date): the departure day can be the next arrival.
 * No double booking is enforced by the exclusion constraint of migration 0002 (hand-written).
 */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    // Issue 31: never deleted with their user or apartment (migration 0014): they are accounting records.
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    appartementId: integer('appartement_id')
      .notNull()
      .references(() => appartements.id, { onDelete: 'restrict' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    guestsCount: integer('guests_count').notNull(),
    /** Adults and children under 18 (exempt from the taxe de séjour); guestsCount stays their sum. */
    adultes: integer('adultes').notNull(),
    enfants: integer('enfants').notNull().default(0),
    /** The quote the stay was booked at (lines, total, deposit, remainder, tax detail). */
    devis: jsonb('devis'),
    totalPrice: numeric('total_price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    deposit: numeric('deposit', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    remainder: numeric('remainder', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    status: text('status', { enum: RESERVATION_STATUS_VALUES }).notNull().default('en attente'),
    /** Issue 13: while 'en attente', the end of the Stripe hold or the transfer deadline (then cancelled by the system). */
    paiementEcheance: timestamp('paiement_echeance', { withTimezone: true }),
    /** Issue 31: the day the balance becomes payable (N days before arrival), fixed at booking; null without a balance. */
    soldeExigibleLe: date('solde_exigible_le', { mode: 'string' }),
    /** Issue 31: where a refund by transfer goes, entered by the guest (IBAN checked, ISO 13616). */
    remboursementIban: text('remboursement_iban'),
    remboursementTitulaire: text('remboursement_titulaire'),
    /** Issue 31 item 7: optional company name and address on the invoices, editable until the first one (migration 0016). */
    facturationSociete: text('facturation_societe'),
    facturationAdresse: text('facturation_adresse'),
    /** Issue 15: the terms of sale the guest accepted, and when. */
    cgvVersion: text('cgv_version'),
    cgvAccepteeLe: timestamp('cgv_acceptee_le', { withTimezone: true }),
    /** Issue 30 item 3 (migration 0017): when the check-in instructions mail was queued, set in the same transaction. */
    accesEnvoyeLe: timestamp('acces_envoye_le', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reservations_status_check', sql`${t.status} in ('en attente', 'confirmée', 'annulée', 'terminée')`),
    check(
      'reservations_payment_method_check',
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('card', 'paypal', 'applepay', 'virement')`,
    ),
    check('reservations_dates_check', sql`${t.endDate} > ${t.startDate}`),
    check('reservations_guests_check', sql`${t.guestsCount} >= 1`),
    check('reservations_adultes_check', sql`${t.adultes} >= 1 and ${t.enfants} >= 0`),
    check('reservations_amounts_check', sql`${t.totalPrice} >= 0 and ${t.deposit} >= 0 and ${t.remainder} >= 0`),
    index('reservations_user_idx').on(t.userId),
    index('reservations_appartement_idx').on(t.appartementId, t.startDate),
    // Issue 32 (migration 0023): stays still running after a day (search, availability, timeline) read
    // only the apartment's current and future stays, never its years of past ones.
    index('reservations_appartement_fin_idx').on(t.appartementId, t.endDate),
    // The admin list: newest arrivals first, filtered by dates, a page at a time.
    index('reservations_arrivee_idx').on(t.startDate, t.id),
    // Issue 32 (migration 0028): the admin list by status, a page at a time, from the index alone.
    index('reservations_statut_arrivee_idx').on(t.status, t.startDate, t.id),
    // Issue 32 (migration 0026): the search by dates asks, over every apartment at once, for the stays
    // holding nights that overlap the stay: only pending and confirmed ones, by departure then arrival.
    index('reservations_actives_idx')
      .on(t.endDate, t.startDate)
      .where(sql`${t.status} = any(array['en attente', 'confirmée'])`),
    // Issue 32 (migration 0027): the admin calendar's month and the planning's days read the stays of
    // every status but cancelled over a period, over every apartment: by departure, then arrival.
    index('reservations_fin_idx').on(t.endDate, t.startDate),
    // The expiry job reads the holds and transfer deadlines of pending stays only.
    index('reservations_echeance_idx')
      .on(t.paiementEcheance)
      .where(sql`${t.status} = 'en attente'`),
  ],
);

/**
 * Issue 32 (migration 0028): how many stays have each status, for the admin list's total without
 * counting the whole table. Written only by the statement triggers of `reservations` (each write
 * appends its differences) and folded by the reads (reservations/status-counts.ts): the sum of a
 * status's rows is its count(*).
 */
export const reservationsParStatut = pgTable('reservations_par_statut', {
  id: serial('id').primaryKey(),
  status: text('status').notNull(),
  nombre: integer('nombre').notNull(),
});

/**
 * Issue 32 (migration 0029): how many writes each cached table has had. Written only by the
 * statement triggers of `appartements` and `taxe_sejour_taux` (each write appends one row) and folded
 * by the reads (cache/table-versions.ts): the sum of a table's rows is its version, which changes
 * with every committed write, by any path or process.
 */
export const ecrituresComptees = pgTable('ecritures_comptees', {
  id: serial('id').primaryKey(),
  sujet: text('sujet').notNull(),
  nombre: integer('nombre').notNull(),
});

/** Reviews (DECISIONS 11): one per finished reservation, rating 1 to 5. */
export const avis = pgTable(
  'avis',
  {
    id: serial('id').primaryKey(),
    appartementId: integer('appartement_id')
      .notNull()
      .references(() => appartements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reservationId: integer('reservation_id')
      .notNull()
      .unique('avis_reservation_unique')
      .references(() => reservations.id, { onDelete: 'cascade' }),
    note: integer('note').notNull(),
    commentaire: text('commentaire').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The host's public reply (issue 30 item 6): one per review, editable. */
    reponse: text('reponse'),
    reponseLe: timestamp('reponse_le', { withTimezone: true }),
    reponsePar: integer('reponse_par').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('avis_note_check', sql`${t.note} between 1 and 5`),
    check('avis_reponse_check', sql`${t.reponse} is null or (${t.reponseLe} is not null and char_length(${t.reponse}) between 1 and 2000)`),
    index('avis_appartement_idx').on(t.appartementId),
  ],
);

/** Cleanings marked done on the planning (issue 30 item 2): one per apartment and departure day. */
export const menages = pgTable(
  'menages',
  {
    appartementId: integer('appartement_id')
      .notNull()
      .references(() => appartements.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    faitPar: integer('fait_par').references(() => users.id, { onDelete: 'set null' }),
    faitLe: timestamp('fait_le', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appartementId, t.date] })],
);

/** Password reset links: only a hash of the token is kept; single use, valid one hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId), index('password_resets_expires_idx').on(t.expiresAt)],
);

/** Email verification links (DECISIONS 38): only a hash of the token is kept; single use, valid 48 hours. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was sent to: a link proves that address only, not one changed since. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId), index('email_verifications_expires_idx').on(t.expiresAt)],
);

/** Messages between a client and support (admins), or an admin and anyone. */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contenu: text('contenu').notNull(),
    type: text('type', { enum: MESSAGE_TYPES }).notNull().default('general'),
    appartementId: integer('appartement_id').references(() => appartements.id, { onDelete: 'set null' }),
    lu: boolean('lu').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('messages_type_check', sql`${t.type} in ('general', 'support', 'appartement')`),
    check('messages_contenu_check', sql`char_length(${t.contenu}) between 1 and 2000`),
    index('messages_pair_idx').on(t.senderId, t.receiverId, t.createdAt),
    index('messages_unread_idx').on(t.receiverId, t.lu),
  ],
);

/** Taxe de séjour rates per calendar year, entered by an admin (issue 12); `taux` is a TauxTaxeSejour without its year. */
export const taxeSejourTaux = pgTable('taxe_sejour_taux', {
  annee: integer('annee').primaryKey(),
  taux: jsonb('taux').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per periodic job: the process whose lease is current runs it, so several API processes on
 * one PostgreSQL run each job once per interval (api/src/jobs/scheduler.ts).
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/** Issue 13: every payment event of a reservation (deposit asked, paid, expired, refunded), amounts in cents. */
export const PAIEMENT_ETATS = ['en attente', 'payé', 'expiré', 'annulé', 'remboursé', 'à rembourser'] as const;
export const paiements = pgTable(
  'paiements',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'restrict' }),
    fournisseur: text('fournisseur', { enum: ['stripe', 'virement'] }).notNull(),
    /** Issue 31: a Checkout Session for the deposit or the balance ('remboursement': rows before the ledger). */
    type: text('type', { enum: ['acompte', 'solde', 'remboursement'] }).notNull(),
    montantCents: integer('montant_cents').notNull(),
    etat: text('etat', { enum: PAIEMENT_ETATS }).notNull(),
    stripeSessionId: text('stripe_session_id').unique(),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeRefundId: text('stripe_refund_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('paiements_fournisseur_check', sql`${t.fournisseur} in ('stripe', 'virement')`),
    check('paiements_type_check', sql`${t.type} in ('acompte', 'solde', 'remboursement')`),
    check('paiements_etat_check', sql`${t.etat} in ('en attente', 'payé', 'expiré', 'annulé', 'remboursé', 'à rembourser')`),
    check('paiements_montant_check', sql`${t.montantCents} >= 0`),
    index('paiements_reservation_idx').on(t.reservationId),
  ],
);

/**
 * Issue 31, DECISIONS 32: the books. Every amount due, received, refunded or written off, in cents,
 * append-only (a trigger refuses UPDATE, DELETE and TRUNCATE: migration 0013). `cle` makes a movement
 * that an event may cause twice (a webhook, a job) recorded once.
 */
export const mouvements = pgTable(
  'mouvements',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    type: text('type', { enum: MOUVEMENT_TYPES }).notNull(),
    montantCents: integer('montant_cents').notNull(),
    moyen: text('moyen', { enum: MOUVEMENT_MOYENS }),
    reference: text('reference'),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    auteur: text('auteur', { enum: MOUVEMENT_AUTEURS }).notNull(),
    auteurId: integer('auteur_id').references(() => users.id),
    note: text('note'),
    /** The `remboursement_du` a `remboursement_effectue` settles. */
    lienId: integer('lien_id').references((): AnyPgColumn => mouvements.id),
    cle: text('cle').unique('mouvements_cle_key'),
    creeLe: timestamp('cree_le', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'mouvements_type_check',
      sql`${t.type} in ('acompte_du', 'acompte_recu', 'solde_du', 'solde_recu', 'remboursement_du', 'remboursement_effectue', 'annulation_du')`,
    ),
    check('mouvements_moyen_check', sql`${t.moyen} is null or ${t.moyen} in ('stripe', 'virement', 'especes', 'autre')`),
    check('mouvements_auteur_check', sql`${t.auteur} in ('client', 'admin', 'système', 'stripe')`),
    check('mouvements_montant_check', sql`${t.montantCents} >= 0`),
    check('mouvements_lien_check', sql`(${t.type} = 'remboursement_effectue') = (${t.lienId} is not null)`),
    index('mouvements_reservation_idx').on(t.reservationId, t.id),
    uniqueIndex('mouvements_remboursement_effectue_unique')
      .on(t.lienId)
      .where(sql`${t.type} = 'remboursement_effectue'`),
  ],
);

/**
 * Issue 31 item 7, DECISIONS 36: the last number given per year and kind. Updated in the transaction
 * of the movement a document is for, so the row is locked until it commits and a rollback gives the
 * number back: no gap (a SEQUENCE's nextval() is never rolled back). Migration 0016.
 */
export const compteursFactures = pgTable(
  'compteurs_factures',
  {
    annee: integer('annee').notNull(),
    type: text('type', { enum: ['facture', 'avoir'] }).notNull(),
    dernier: integer('dernier').notNull(),
  },
  (t) => [
    primaryKey({ name: 'compteurs_factures_pk', columns: [t.annee, t.type] }),
    check('compteurs_factures_type_check', sql`${t.type} in ('facture', 'avoir')`),
    check('compteurs_factures_dernier_check', sql`${t.dernier} >= 1`),
  ],
);

/** A facture (amount received) or avoir (refund owed), frozen at issue in `contenu`; append-only (trigger, migration 0016). */
export const factures = pgTable(
  'factures',
  {
    id: serial('id').primaryKey(),
    numero: text('numero').notNull().unique('factures_numero_key'),
    type: text('type', { enum: ['facture', 'avoir'] }).notNull(),
    annee: integer('annee').notNull(),
    rang: integer('rang').notNull(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'restrict' }),
    mouvementId: integer('mouvement_id')
      .notNull()
      .unique('factures_mouvement_key')
      .references(() => mouvements.id, { onDelete: 'restrict' }),
    montantCents: integer('montant_cents').notNull(),
    emiseLe: timestamp('emise_le', { withTimezone: true }).notNull().defaultNow(),
    contenu: jsonb('contenu').notNull(),
  },
  (t) => [
    unique('factures_rang_key').on(t.type, t.annee, t.rang),
    check('factures_type_check', sql`${t.type} in ('facture', 'avoir')`),
    check('factures_montant_check', sql`${t.montantCents} > 0`),
    index('factures_reservation_idx').on(t.reservationId, t.id),
  ],
);

/**
 * Issue 31, DECISIONS 35: each refund the site owes (its `remboursement_du` movement) until it is
 * done. Stripe: 'à effectuer' (to ask the Refunds API) → 'demandé' → 'effectué' (webhook) or 'échec';
 * transfer: 'à effectuer' → 'effectué' when an admin marks it made (date and bank reference).
 */
export const remboursements = pgTable(
  'remboursements',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    mouvementId: integer('mouvement_id')
      .notNull()
      .unique('remboursements_mouvement_key')
      .references(() => mouvements.id),
    moyen: text('moyen', { enum: ['stripe', 'virement'] }).notNull(),
    montantCents: integer('montant_cents').notNull(),
    etat: text('etat', { enum: REMBOURSEMENT_ETATS }).notNull(),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeRefundId: text('stripe_refund_id').unique('remboursements_stripe_refund_key'),
    effectueLe: date('effectue_le', { mode: 'string' }),
    reference: text('reference'),
    derniereErreur: text('derniere_erreur'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('remboursements_moyen_check', sql`${t.moyen} in ('stripe', 'virement')`),
    check('remboursements_etat_check', sql`${t.etat} in ('à effectuer', 'demandé', 'effectué', 'échec')`),
    check('remboursements_montant_check', sql`${t.montantCents} > 0`),
    index('remboursements_reservation_idx').on(t.reservationId),
    index('remboursements_a_faire_idx')
      .on(t.etat)
      .where(sql`${t.etat} <> 'effectué'`),
  ],
);

/** Stripe webhook events already handled: a replayed event finds its id here and changes nothing. */
export const stripeEvenements = pgTable('stripe_evenements', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  recuLe: timestamp('recu_le', { withTimezone: true }).notNull().defaultNow(),
});
// ---- Issue 15: mail (queue, opt-outs, chat digest) and owner leads ----

export const MAIL_QUEUE_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/**
 * Mails waiting for (or done with) the sending job (api/src/mail/queue.ts). A worker claims a row
 * before sending it, so two processes never send the same row; `dedupe_key` makes "once per
 * reservation" mails (reminder, review invitation) idempotent however often their job runs.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    dedupeKey: text('dedupe_key').unique('mail_queue_dedupe_key_unique'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** [{ filename, contentType, content }] with text content (the .ics). */
    attachments: jsonb('attachments')
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: MAIL_QUEUE_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Lower-cased address of the person an admin notice is about (erased with that person's account; migration 0011). */
    aboutEmail: text('about_email'),
    /** Users whose names and messages a mail to someone else quotes (an admin's chat digest); erased with any of their accounts (migration 0012). */
    aboutUserIds: integer('about_user_ids').array(),
  },
  (t) => [
    check('mail_queue_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    index('mail_queue_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_queue_about_email_idx')
      .on(t.aboutEmail)
      .where(sql`${t.aboutEmail} is not null`),
    index('mail_queue_about_user_ids_idx')
      .using('gin', t.aboutUserIds)
      .where(sql`${t.aboutUserIds} is not null`),
  ],
);

/** Optional mail kinds a user turned off in the profile (transactional kinds cannot be). */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
  },
  (t) => [primaryKey({ name: 'mail_opt_outs_pk', columns: [t.userId, t.kind] })],
);

/**
 * When a user's last socket connected or disconnected, and the last message already covered by a
 * chat digest (api/src/mail/chat-digest.ts).
 */
export const chatPresence = pgTable('chat_presence', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  digestedMessageId: integer('digested_message_id').notNull().default(0),
});

export const OWNER_LEAD_STATUSES = ['nouveau', 'contacté', 'clos'] as const;

/** Owner estimate requests (DECISIONS 28), with the consent text the visitor ticked. */
export const ownerLeads = pgTable(
  'owner_leads',
  {
    id: serial('id').primaryKey(),
    nom: text('nom').notNull(),
    prenom: text('prenom'),
    email: text('email').notNull(),
    message: text('message'),
    consentement: text('consentement').notNull(),
    statut: text('statut', { enum: OWNER_LEAD_STATUSES }).notNull().default('nouveau'),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('owner_leads_statut_check', sql`${t.statut} in ('nouveau', 'contacté', 'clos')`),
    index('owner_leads_created_idx').on(t.createdAt),
  ],
);
// ---- Channel sync (issue 14, migration 0010_channel_sync) ----

/** The channels a feed comes from: the kernel's list, shared with the admin remote. */
export const FLUX_LIBELLES = FEED_LABELS;

/** An iCal feed of another channel imported for an apartment, with the outcome of its last sync. */
export const fluxIcal = pgTable(
  'flux_ical',
  {
    id: serial('id').primaryKey(),
    appartementId: integer('appartement_id')
      .notNull()
      .references(() => appartements.id, { onDelete: 'cascade' }),
    libelle: text('libelle', { enum: FLUX_LIBELLES }).notNull(),
    url: text('url').notNull(),
    etag: text('etag'),
    lastModified: text('last_modified'),
    derniereSynchroLe: timestamp('derniere_synchro_le', { withTimezone: true }),
    derniereTentativeLe: timestamp('derniere_tentative_le', { withTimezone: true }),
    derniereErreur: text('derniere_erreur'),
    evenements: integer('evenements').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 26 (migration 0017): the last sync kept only the nearest nights (too many for one feed). */
    avertissement: text('avertissement'),
    /** Hash of the body last applied and of its window: an unchanged feed is not parsed again. */
    empreinte: text('empreinte'),
    /** The window (first night, end, cap) the blocks were clipped to; another window asks for the whole feed again. */
    fenetre: text('fenetre'),
    /** The running sync (also its lease): step, run token, heartbeat, nights written of the total. */
    synchroEtape: text('synchro_etape', { enum: FEED_SYNC_STEPS }),
    synchroJeton: text('synchro_jeton'),
    synchroMajLe: timestamp('synchro_maj_le', { withTimezone: true }),
    synchroFait: integer('synchro_fait'),
    synchroTotal: integer('synchro_total'),
  },
  (t) => [
    unique('flux_ical_appartement_url_key').on(t.appartementId, t.url),
    check('flux_ical_libelle_check', sql`${t.libelle} in ('Airbnb', 'Booking.com', 'Abritel/Vrbo', 'Autre')`),
    check('flux_ical_synchro_etape_check', sql`${t.synchroEtape} in ('attente', 'telechargement', 'lecture', 'enregistrement')`),
  ],
);

/** One event (or one occurrence of a recurring event) of an imported feed: nights [debut, fin). */
export const blocagesImportes = pgTable(
  'blocages_importes',
  {
    id: serial('id').primaryKey(),
    fluxId: integer('flux_id')
      .notNull()
      .references(() => fluxIcal.id, { onDelete: 'cascade' }),
    appartementId: integer('appartement_id')
      .notNull()
      .references(() => appartements.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    debut: date('debut', { mode: 'string' }).notNull(),
    fin: date('fin', { mode: 'string' }).notNull(),
    resume: text('resume'),
  },
  (t) => [
    unique('blocages_importes_flux_uid_nuits_key').on(t.fluxId, t.uid, t.debut, t.fin),
    check('blocages_importes_dates_check', sql`${t.fin} > ${t.debut}`),
    index('blocages_importes_appartement_idx').on(t.appartementId, t.debut),
  ],
);

/**
 * Every night taken: one row per stay ('sejour', written by a trigger on reservations) and one per
 * blocked night ('blocage': manual through a trigger on disponibilites, or imported). The exclusion
 * constraint `occupations_sejour_blocage_exclu` (hand-written in 0010) forbids an active stay and an
 * active block to overlap; an imported night over a stay is stored inactive, with a conflict.
 */
export const occupations = pgTable(
  'occupations',
  {
    id: serial('id').primaryKey(),
    appartementId: integer('appartement_id')
      .notNull()
      .references(() => appartements.id, { onDelete: 'cascade' }),
    debut: date('debut', { mode: 'string' }).notNull(),
    fin: date('fin', { mode: 'string' }).notNull(),
    genre: text('genre', { enum: ['sejour', 'blocage'] }).notNull(),
    actif: boolean('actif').notNull().default(true),
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'cascade' }),
    disponibiliteId: integer('disponibilite_id').references(() => disponibilites.id, { onDelete: 'cascade' }),
    blocageId: integer('blocage_id').references(() => blocagesImportes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check('occupations_dates_check', sql`${t.fin} > ${t.debut}`),
    check(
      'occupations_genre_check',
      sql`(${t.genre} = 'sejour' and ${t.reservationId} is not null and ${t.disponibiliteId} is null and ${t.blocageId} is null) or (${t.genre} = 'blocage' and ${t.reservationId} is null and ((${t.disponibiliteId} is null) <> (${t.blocageId} is null)) and ${t.fin} = ${t.debut} + 1)`,
    ),
    unique('occupations_reservation_key').on(t.reservationId),
    unique('occupations_disponibilite_key').on(t.disponibiliteId),
    unique('occupations_blocage_nuit_key').on(t.blocageId, t.debut),
    index('occupations_appartement_debut_idx').on(t.appartementId, t.debut),
    // Issue 32 (migration 0023): the blocked nights alone, a small share of the rows once history has years of stays.
    index('occupations_blocage_idx')
      .on(t.appartementId, t.debut)
      .where(sql`${t.genre} = 'blocage'`),
  ],
);

/** An imported block over a stay booked here: both are kept, admins are told. */
export const conflitsCalendrier = pgTable(
  'conflits_calendrier',
  {
    id: serial('id').primaryKey(),
    appartementId: integer('appartement_id')
      .notNull()
      .references(() => appartements.id, { onDelete: 'cascade' }),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    blocageId: integer('blocage_id')
      .notNull()
      .references(() => blocagesImportes.id, { onDelete: 'cascade' }),
    debut: date('debut', { mode: 'string' }).notNull(),
    fin: date('fin', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('conflits_calendrier_reservation_blocage_key').on(t.reservationId, t.blocageId)],
);

/** The secret token of an apartment's exported feed, and what was last served (ETag, Last-Modified). */
export const calendriersExport = pgTable('calendriers_export', {
  appartementId: integer('appartement_id')
    .primaryKey()
    .references(() => appartements.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique('calendriers_export_token_key'),
  etag: text('etag'),
  modifieLe: timestamp('modifie_le', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 30 item 3 (migration 0017): an apartment's private check-in instructions. A table of its own,
 * so that no query of the public catalogue (which reads `appartements`) can ever select them: they
 * are read only by the admin editor, the guest's confirmed reservation and the mail before arrival.
 */
export const accesAppartements = pgTable('acces_appartements', {
  appartementId: integer('appartement_id')
    .primaryKey()
    .references(() => appartements.id, { onDelete: 'cascade' }),
  adresse: text('adresse').notNull(),
  codeAcces: text('code_acces').notNull().default(''),
  instructions: text('instructions').notNull().default(''),
  wifiNom: text('wifi_nom').notNull().default(''),
  wifiMotDePasse: text('wifi_mot_de_passe').notNull().default(''),
  livret: text('livret').notNull().default(''),
  parking: text('parking').notNull().default(''),
  modifieLe: timestamp('modifie_le', { withTimezone: true }).notNull().defaultNow(),
});
