/**
 * Issues the facture of an amount received and the avoir of a refund owed (DECISIONS 36), in the
 * transaction that records the movement: both commit together, or neither, and the number is taken
 * from the year's counter in that same transaction (no gap, no duplicate).
 */
import { and, asc, eq } from 'drizzle-orm';
import { MOYEN_LABELS } from 'shared-kernel/domain';
import type { Devis } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { appartements, factures, mouvements, reservations, users } from '../../db/schema.js';
import { documentLines, shareOf, totals, type DocumentContent } from './document.js';
import { allocateNumber, type DocumentKind } from './numbering.js';
import { invoiceIssuer } from './settings.js';

type MouvementRow = typeof mouvements.$inferSelect;

/** Which movements get a document: money received → facture; money owed back → avoir. */
export function documentKindOf(type: MouvementRow['type']): DocumentKind | null {
  if (type === 'acompte_recu' || type === 'solde_recu') return 'facture';
  if (type === 'remboursement_du') return 'avoir';
  return null;
}

// Built once: a formatter costs far more to make than to use (the scale seed issues tens of thousands of documents).
const YEAR = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' });
const DAY = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });
export const parisYear = (at: Date) => Number(YEAR.format(at));
const parisDay = (at: Date) => DAY.format(at);

function objectOf(movement: MouvementRow): string {
  const moyen = movement.moyen ? ` par ${MOYEN_LABELS[movement.moyen].toLowerCase()}` : '';
  const reference = movement.reference ? ` (référence ${movement.reference})` : '';
  const day = parisDay(movement.date);
  switch (movement.type) {
    case 'acompte_recu':
      return `Acompte reçu le ${day}${moyen}${reference}`;
    case 'solde_recu':
      return `Solde reçu le ${day}${moyen}${reference}`;
    default:
      return `Remboursement dû le ${day}${moyen ? `, ${moyen.trim()}` : ''}${movement.note ? ` : ${movement.note}` : ''}`;
  }
}

export interface DocumentFacts {
  kind: DocumentKind;
  numero: string;
  now: Date;
  movement: MouvementRow;
  stay: typeof reservations.$inferSelect;
  apartment: { titre: string; localisation: string };
  guest: { nom: string };
  /** Numbers of the stay's factures issued before this one. */
  earlier: string[];
}

/** The frozen content of a document; the scale seed (api/src/seed/scale) issues history's documents with it in batches. */
export function documentContent({ kind, numero, now, movement, stay, apartment, guest, earlier }: DocumentFacts): DocumentContent {
  const issuer = invoiceIssuer();
  const devis = (stay.devis ?? null) as Devis | null;
  const lignes = documentLines(
    devis,
    { libelle: `Séjour du ${stay.startDate} au ${stay.endDate}`, totalCents: Math.round(stay.totalPrice * 100) },
    issuer.tva.tvaTaux,
  );
  const totalSejour = totals(lignes);
  const e = issuer.legal.editeur;
  return {
    type: kind,
    numero,
    emiseLe: now.toISOString(),
    vendeur: {
      nom: e.nom,
      formeJuridique: e.formeJuridique,
      capital: e.capital,
      adresse: e.adresse,
      rcs: e.rcs,
      siret: e.siret,
      tva: e.tva,
      contact: e.contact,
      exemple: issuer.legal.exemple,
    },
    client: { nom: guest.nom, societe: stay.facturationSociete, adresse: stay.facturationAdresse },
    sejour: {
      reservationId: stay.id,
      reference: `SM-${stay.id}`,
      logement: apartment.titre,
      localisation: apartment.localisation,
      arrivee: stay.startDate,
      depart: stay.endDate,
      nuits: devis?.nuits ?? Math.round((Date.parse(stay.endDate) - Date.parse(stay.startDate)) / 86_400_000),
      adultes: stay.adultes,
      enfants: stay.enfants,
    },
    lignes,
    tva: { taux: issuer.tva.tvaTaux, mention: issuer.tva.tvaMention },
    totalSejour,
    objet: objectOf(movement),
    montant: shareOf(movement.montantCents, totalSejour),
    facturesPrecedentes: earlier,
  };
}

/** Issues the document a movement calls for, if any, in the caller's transaction. */
export async function issueDocumentFor(tx: AppDb, movement: MouvementRow, now = new Date()): Promise<void> {
  const kind = documentKindOf(movement.type);
  if (!kind || movement.montantCents <= 0) return;
  const [row] = await tx
    .select({
      stay: reservations,
      apartment: { titre: appartements.titre, localisation: appartements.localisation },
      guest: { nom: users.nom },
    })
    .from(reservations)
    .innerJoin(appartements, eq(appartements.id, reservations.appartementId))
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(eq(reservations.id, movement.reservationId))
    .limit(1);
  if (!row) throw new Error(`réservation ${movement.reservationId} introuvable pour sa facture`);
  const { stay, apartment, guest } = row;
  const earlier = await tx
    .select({ numero: factures.numero })
    .from(factures)
    .where(and(eq(factures.reservationId, stay.id), eq(factures.type, 'facture')))
    .orderBy(asc(factures.id));
  const year = parisYear(now);
  const { rank, numero } = await allocateNumber(tx, kind, year);
  await tx
    .insert(factures)
    .values(documentRow({ kind, numero, now, movement, stay, apartment, guest, earlier: earlier.map((f) => f.numero) }, year, rank));
}

/** The stored document, numbered `rank` of its kind in `year`; the scale seed inserts history's in batches. */
export function documentRow(facts: DocumentFacts, year: number, rank: number): typeof factures.$inferInsert {
  return {
    numero: facts.numero,
    type: facts.kind,
    annee: year,
    rang: rank,
    reservationId: facts.stay.id,
    mouvementId: facts.movement.id,
    montantCents: facts.movement.montantCents,
    emiseLe: facts.now,
    contenu: documentContent(facts),
  };
}
