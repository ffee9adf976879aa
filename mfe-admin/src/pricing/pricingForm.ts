/** The pricing form of an apartment (issue 12): text fields as typed, turned into rules the kernel validates. */
import { decodeReglesTarifaires, reglesTarifairesProblems, type Appartement, type ReglesTarifaires } from 'shared-kernel';

export interface PeriodeRow {
  nom: string;
  debut: string;
  fin: string;
  prixParNuit: string;
  sejourMinimum: string;
}

export interface PricingForm {
  numeroEnregistrement: string;
  classement: string;
  publie: boolean;
  prixWeekend: string;
  fraisMenage: string;
  sejourMinimum: string;
  voyageursInclus: string;
  supplementVoyageur: string;
  periodes: PeriodeRow[];
  remises: { nuitsMin: string; pourcentage: string }[];
  prixParDate: { date: string; prixParNuit: string }[];
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function pricingFormOf(appartement: Appartement): PricingForm {
  const r = decodeReglesTarifaires(appartement.tarifs);
  return {
    numeroEnregistrement: appartement.numeroEnregistrement ?? '',
    classement: String(appartement.classement ?? 0),
    publie: appartement.publie !== false,
    prixWeekend: text(r.prixWeekend),
    fraisMenage: r.fraisMenage ? String(r.fraisMenage) : '',
    sejourMinimum: String(r.sejourMinimum),
    voyageursInclus: text(r.voyageurSupplementaire?.auDela),
    supplementVoyageur: text(r.voyageurSupplementaire?.prixParNuit),
    periodes: r.periodes.map((p) => ({
      nom: p.nom,
      debut: p.debut,
      fin: p.fin,
      prixParNuit: String(p.prixParNuit),
      sejourMinimum: text(p.sejourMinimum),
    })),
    remises: r.remises.map((x) => ({ nuitsMin: String(x.nuitsMin), pourcentage: String(x.pourcentage) })),
    prixParDate: r.prixParDate.map((d) => ({ date: d.date, prixParNuit: String(d.prixParNuit) })),
  };
}

const num = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value.replace(',', '.')));
const optional = (value: string): number | null => (value.trim() === '' ? null : num(value));

export function rulesOf(form: PricingForm): ReglesTarifaires {
  const inclus = optional(form.voyageursInclus);
  const supplement = optional(form.supplementVoyageur);
  return {
    prixWeekend: optional(form.prixWeekend),
    fraisMenage: optional(form.fraisMenage) ?? 0,
    sejourMinimum: optional(form.sejourMinimum) ?? 1,
    voyageurSupplementaire:
      inclus !== null || supplement !== null ? { auDela: inclus ?? Number.NaN, prixParNuit: supplement ?? Number.NaN } : null,
    periodes: form.periodes.map((p) => ({
      nom: p.nom,
      debut: p.debut,
      fin: p.fin,
      prixParNuit: num(p.prixParNuit),
      sejourMinimum: optional(p.sejourMinimum),
    })),
    remises: form.remises.map((x) => ({ nuitsMin: num(x.nuitsMin), pourcentage: num(x.pourcentage) })),
    prixParDate: form.prixParDate.map((d) => ({ date: d.date, prixParNuit: num(d.prixParNuit) })),
  };
}

export const PUBLISH_NEEDS_NUMBER = "Le numéro d'enregistrement est obligatoire pour publier un appartement.";

/** The first problem, in French, before anything is sent (the server checks again). */
export function pricingProblem(form: PricingForm): string | null {
  if (form.publie && form.numeroEnregistrement.trim() === '') return PUBLISH_NEEDS_NUMBER;
  return reglesTarifairesProblems(rulesOf(form))[0] ?? null;
}

export function pricingPayload(form: PricingForm): {
  tarifs: ReglesTarifaires;
  classement: number;
  numeroEnregistrement: string | null;
  publie: boolean;
} {
  return {
    tarifs: rulesOf(form),
    classement: Number(form.classement),
    numeroEnregistrement: form.numeroEnregistrement.trim() || null,
    publie: form.publie,
  };
}
