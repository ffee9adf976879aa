/**
 * Pricing rules of an apartment (issue 12) and the quote of a stay. Money is computed in integer
 * cents and returned in euros (2 decimals). The server is the only authority on price (DECISIONS 7):
 * the browser uses the same rules only to display them.
 */
import { formatEuro } from '../format/index.js';
import { DEPOSIT_EUR, parseIsoDate, stayNights } from './stay.js';
import { taxeSejour, type Classement, type TauxTaxeSejour, type TaxeSejourDetail } from './taxe-sejour.js';

/** A season: nights from `debut` to `fin` (both included). */
export interface PeriodeTarif {
  nom: string;
  debut: string;
  fin: string;
  prixParNuit: number;
  /** Minimum nights for a stay arriving in the period; the default minimum when absent. */
  sejourMinimum: number | null;
}

export interface PrixDate {
  date: string;
  prixParNuit: number;
}

export interface RemiseDuree {
  /** From this many nights. */
  nuitsMin: number;
  /** Percent off the nights. */
  pourcentage: number;
}

export interface VoyageurSupplementaire {
  /** The fee is due for each guest above this number. */
  auDela: number;
  prixParNuit: number;
}

export interface ReglesTarifaires {
  /** Friday and Saturday nights. */
  prixWeekend: number | null;
  periodes: PeriodeTarif[];
  prixParDate: PrixDate[];
  fraisMenage: number;
  voyageurSupplementaire: VoyageurSupplementaire | null;
  remises: RemiseDuree[];
  sejourMinimum: number;
}

export const REGLES_TARIFAIRES_VIDES: ReglesTarifaires = {
  prixWeekend: null,
  periodes: [],
  prixParDate: [],
  fraisMenage: 0,
  voyageurSupplementaire: null,
  remises: [],
  sejourMinimum: 1,
};

export const SEJOUR_MINIMUM_MAX = 30;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const cents = (euros: number) => Math.round(euros * 100);
const euros = (c: number) => Math.round(c) / 100;

/** Tolerant decoding of stored rules (jsonb): anything unreadable falls back to "no rule". */
export function decodeReglesTarifaires(value: unknown): ReglesTarifaires {
  if (!isObject(value)) return { ...REGLES_TARIFAIRES_VIDES };
  const periodes = Array.isArray(value.periodes)
    ? value.periodes
        .filter(isObject)
        .flatMap((p) =>
          typeof p.nom === 'string' && typeof p.debut === 'string' && typeof p.fin === 'string' && num(p.prixParNuit) !== null
            ? [{ nom: p.nom, debut: p.debut, fin: p.fin, prixParNuit: num(p.prixParNuit) as number, sejourMinimum: num(p.sejourMinimum) }]
            : [],
        )
    : [];
  const prixParDate = Array.isArray(value.prixParDate)
    ? value.prixParDate
        .filter(isObject)
        .flatMap((p) =>
          typeof p.date === 'string' && num(p.prixParNuit) !== null ? [{ date: p.date, prixParNuit: num(p.prixParNuit) as number }] : [],
        )
    : [];
  const remises = Array.isArray(value.remises)
    ? value.remises
        .filter(isObject)
        .flatMap((r) =>
          num(r.nuitsMin) !== null && num(r.pourcentage) !== null
            ? [{ nuitsMin: num(r.nuitsMin) as number, pourcentage: num(r.pourcentage) as number }]
            : [],
        )
    : [];
  const vs = value.voyageurSupplementaire;
  return {
    prixWeekend: num(value.prixWeekend),
    periodes,
    prixParDate,
    fraisMenage: num(value.fraisMenage) ?? 0,
    voyageurSupplementaire:
      isObject(vs) && num(vs.auDela) !== null && num(vs.prixParNuit) !== null
        ? { auDela: num(vs.auDela) as number, prixParNuit: num(vs.prixParNuit) as number }
        : null,
    remises,
    sejourMinimum: num(value.sejourMinimum) ?? 1,
  };
}

const PRICE_MAX = 100_000;
const validPrice = (v: number) => Number.isFinite(v) && v >= 0 && v <= PRICE_MAX && Math.round(v * 100) === v * 100;
const validMinimum = (v: number) => Number.isInteger(v) && v >= 1 && v <= SEJOUR_MINIMUM_MAX;

/** Problems of a set of rules, in French, for the admin form and the API; empty when valid. */
export function reglesTarifairesProblems(r: ReglesTarifaires): string[] {
  const problems: string[] = [];
  if (r.prixWeekend !== null && !validPrice(r.prixWeekend))
    problems.push('Le prix du week-end doit être un montant positif (2 décimales au plus).');
  if (!validMinimum(r.sejourMinimum)) problems.push(`Le séjour minimum doit être compris entre 1 et ${SEJOUR_MINIMUM_MAX} nuits.`);
  if (!validPrice(r.fraisMenage)) problems.push('Les frais de ménage doivent être un montant positif (2 décimales au plus).');
  if (r.voyageurSupplementaire) {
    const v = r.voyageurSupplementaire;
    if (!Number.isInteger(v.auDela) || v.auDela < 1 || v.auDela > 50)
      problems.push('Le nombre de voyageurs inclus doit être un entier entre 1 et 50.');
    if (!validPrice(v.prixParNuit)) problems.push('Le supplément par voyageur doit être un montant positif (2 décimales au plus).');
  }
  r.periodes.forEach((p) => {
    const nom = p.nom.trim();
    if (nom.length === 0 || nom.length > 80) problems.push('Chaque période doit avoir un nom (80 caractères au plus).');
    if (!parseIsoDate(p.debut) || !parseIsoDate(p.fin)) problems.push(`Période « ${nom} » : les dates doivent être au format AAAA-MM-JJ.`);
    else if (p.fin < p.debut) problems.push(`Période « ${nom} » : la date de fin doit être postérieure ou égale à la date de début.`);
    if (!validPrice(p.prixParNuit))
      problems.push(`Période « ${nom} » : le prix par nuit doit être un montant positif (2 décimales au plus).`);
    if (p.sejourMinimum !== null && !validMinimum(p.sejourMinimum))
      problems.push(`Période « ${nom} » : le séjour minimum doit être compris entre 1 et ${SEJOUR_MINIMUM_MAX} nuits.`);
  });
  const sorted = [...r.periodes].sort((a, b) => (a.debut < b.debut ? -1 : 1));
  for (let i = 1; i < sorted.length; i += 1) {
    const prev = sorted[i - 1] as PeriodeTarif;
    const cur = sorted[i] as PeriodeTarif;
    if (cur.debut <= prev.fin) problems.push(`Les périodes « ${prev.nom.trim()} » et « ${cur.nom.trim()} » se chevauchent.`);
  }
  const dates = new Set<string>();
  for (const d of r.prixParDate) {
    if (!parseIsoDate(d.date)) problems.push('Chaque prix à la date doit avoir une date au format AAAA-MM-JJ.');
    else if (dates.has(d.date)) problems.push(`La date ${d.date} a plusieurs prix.`);
    dates.add(d.date);
    if (!validPrice(d.prixParNuit)) problems.push(`Le prix du ${d.date} doit être un montant positif (2 décimales au plus).`);
  }
  const paliers = new Set<number>();
  for (const remise of r.remises) {
    if (!Number.isInteger(remise.nuitsMin) || remise.nuitsMin < 2 || remise.nuitsMin > 365)
      problems.push('Une remise s’applique à partir de 2 à 365 nuits.');
    else if (paliers.has(remise.nuitsMin)) problems.push(`Deux remises à partir de ${remise.nuitsMin} nuits.`);
    paliers.add(remise.nuitsMin);
    if (!(remise.pourcentage > 0 && remise.pourcentage < 100))
      problems.push('Le pourcentage de remise doit être compris entre 0 et 100 (exclus).');
  }
  return problems;
}

export interface NuitTarifee {
  date: string;
  /** Cents. */
  prix: number;
  /** Base rate, 'Week-end', a period's name or 'Tarif spécial'. */
  tarif: string;
}

export const TARIF_BASE = 'Tarif de base';
export const TARIF_WEEKEND = 'Week-end';
export const TARIF_SPECIAL = 'Tarif spécial';

function periodeDe(date: string, regles: ReglesTarifaires): PeriodeTarif | undefined {
  return regles.periodes.find((p) => p.debut <= date && date <= p.fin);
}

/** The price of one night: a single-date price first, then a period, then the weekend price (Friday and Saturday), then the base price. */
export function prixDeLaNuit(date: string, prixParNuit: number, regles: ReglesTarifaires): NuitTarifee {
  const special = regles.prixParDate.find((d) => d.date === date);
  if (special) return { date, prix: cents(special.prixParNuit), tarif: TARIF_SPECIAL };
  const periode = periodeDe(date, regles);
  if (periode) return { date, prix: cents(periode.prixParNuit), tarif: periode.nom };
  const day = parseIsoDate(date)?.getUTCDay();
  if (regles.prixWeekend !== null && (day === 5 || day === 6)) return { date, prix: cents(regles.prixWeekend), tarif: TARIF_WEEKEND };
  return { date, prix: cents(prixParNuit), tarif: TARIF_BASE };
}

/** The minimum stay for an arrival on this date: its period's, else the default. */
export function sejourMinimumPour(arrivee: string, regles: ReglesTarifaires): number {
  return periodeDe(arrivee, regles)?.sejourMinimum ?? regles.sejourMinimum;
}

export function sejourMinimumMessage(minimum: number): string {
  return `Séjour minimum : ${minimum} nuit${minimum > 1 ? 's' : ''} pour ces dates.`;
}

/** The lowest nightly price the rules can give, and whether prices vary at all (for 'à partir de X € / nuit'). */
export function prixApartirDe(prixParNuit: number, regles: ReglesTarifaires): { prixMin: number; prixVarie: boolean } {
  const prices = [
    prixParNuit,
    ...(regles.prixWeekend !== null ? [regles.prixWeekend] : []),
    ...regles.periodes.map((p) => p.prixParNuit),
    ...regles.prixParDate.map((d) => d.prixParNuit),
  ];
  const min = Math.min(...prices);
  return { prixMin: min, prixVarie: prices.some((p) => p !== prixParNuit) };
}

export interface LigneDevis {
  libelle: string;
  /** Euros, 2 decimals; negative for a discount. */
  montant: number;
}

export interface Devis {
  lignes: LigneDevis[];
  total: number;
  acompte: number;
  reste: number;
  nuits: number;
  adultes: number;
  enfants: number;
  /** Cents, kept with the stored quote for the declaration. */
  taxeSejour: TaxeSejourDetail;
}

export interface DevisInput {
  arrivee: string;
  depart: string;
  adultes: number;
  enfants: number;
  prixParNuit: number;
  regles: ReglesTarifaires;
  classement: Classement;
  taux: readonly TauxTaxeSejour[];
}

export const TAXE_SEJOUR_LIBELLE = 'Taxe de séjour';

const nuitsLabel = (n: number) => `${n} nuit${n > 1 ? 's' : ''}`;

/** The quote of a stay, or the French reason it cannot be booked (minimum stay). Dates are assumed valid. */
export function devisSejour(input: DevisInput): { devis: Devis } | { refus: string } {
  const { regles } = input;
  const nights = stayNights(input.arrivee, input.depart).map((d) => prixDeLaNuit(d, input.prixParNuit, regles));
  const minimum = sejourMinimumPour(input.arrivee, regles);
  if (nights.length < minimum) return { refus: sejourMinimumMessage(minimum) };

  const lignes: LigneDevis[] = [];
  // Nights grouped by rate and price, in the order they first appear.
  const groups = new Map<string, { tarif: string; prix: number; n: number }>();
  for (const night of nights) {
    const key = `${night.tarif}|${night.prix}`;
    const g = groups.get(key) ?? { tarif: night.tarif, prix: night.prix, n: 0 };
    g.n += 1;
    groups.set(key, g);
  }
  const several = groups.size > 1 || [...groups.values()].some((g) => g.tarif !== TARIF_BASE);
  for (const g of groups.values()) {
    lignes.push({
      libelle: `${nuitsLabel(g.n)} × ${formatEuro(euros(g.prix))}${several ? ` (${g.tarif})` : ''}`,
      montant: euros(g.prix * g.n),
    });
  }
  const nightsTotal = nights.reduce((s, n) => s + n.prix, 0);

  const remise = [...regles.remises].filter((r) => nights.length >= r.nuitsMin).sort((a, b) => b.nuitsMin - a.nuitsMin)[0];
  const remiseCents = remise ? Math.round((nightsTotal * remise.pourcentage) / 100) : 0;
  if (remise && remiseCents > 0)
    lignes.push({ libelle: `Remise à partir de ${remise.nuitsMin} nuits (−${remise.pourcentage} %)`, montant: -euros(remiseCents) });

  let extraCents = 0;
  const vs = regles.voyageurSupplementaire;
  const guests = input.adultes + input.enfants;
  if (vs && guests > vs.auDela && vs.prixParNuit > 0) {
    const extra = guests - vs.auDela;
    extraCents = extra * nights.length * cents(vs.prixParNuit);
    lignes.push({
      libelle: `Voyageurs supplémentaires (${extra} × ${nuitsLabel(nights.length)} × ${formatEuro(vs.prixParNuit)})`,
      montant: euros(extraCents),
    });
  }

  const menage = cents(regles.fraisMenage);
  if (menage > 0) lignes.push({ libelle: 'Frais de ménage', montant: euros(menage) });

  // The taxable price of a night is what the night costs: its rate after the length-of-stay discount,
  // plus that night's extra-guest supplement, which is part of the night's price (issue 31 item 9);
  // cleaning and the tax itself are excluded. Only a non-classified lodging's tax depends on it.
  const factor = remise ? 1 - remise.pourcentage / 100 : 1;
  const extraPerNight = nights.length > 0 ? extraCents / nights.length : 0;
  const taxe = taxeSejour(
    nights.map((n) => ({ date: n.date, prix: Math.round(n.prix * factor) + extraPerNight })),
    input.classement,
    input.adultes,
    input.enfants,
    input.taux,
  );
  if (taxe.total > 0) lignes.push({ libelle: TAXE_SEJOUR_LIBELLE, montant: euros(taxe.total) });

  const totalCents = nightsTotal - remiseCents + extraCents + menage + taxe.total;
  const acompteCents = Math.min(DEPOSIT_EUR * 100, totalCents);
  return {
    devis: {
      lignes,
      total: euros(totalCents),
      acompte: euros(acompteCents),
      reste: euros(totalCents - acompteCents),
      nuits: nights.length,
      adultes: input.adultes,
      enfants: input.enfants,
      taxeSejour: taxe,
    },
  };
}

export interface JourCalendrier {
  date: string;
  prix: number;
  sejourMinimum: number;
}

/** Each day's nightly price (euros) and minimum stay for an arrival that day, from `du` to `au` included. */
export function calendrierTarifs(du: string, au: string, prixParNuit: number, regles: ReglesTarifaires): JourCalendrier[] {
  const days: JourCalendrier[] = [];
  for (const date of stayNights(du, au))
    days.push({ date, prix: euros(prixDeLaNuit(date, prixParNuit, regles).prix), sejourMinimum: sejourMinimumPour(date, regles) });
  const last = prixDeLaNuit(au, prixParNuit, regles);
  days.push({ date: au, prix: euros(last.prix), sejourMinimum: sejourMinimumPour(au, regles) });
  return days;
}
