/** The numeric fields both apartment forms share, their minimums and the check run on submit (spec section 5). */
import { APARTMENT_NUMBER_FIELDS, APARTMENT_NUMBER_LABELS, APARTMENT_NUMBER_MINIMUMS, type ApartmentNumberField } from 'shared-kernel';
import { REQUIRED_FIELDS } from './text';

export const NUMBER_FIELDS = APARTMENT_NUMBER_FIELDS;
export type NumberField = ApartmentNumberField;
export type Minimums = Readonly<Record<NumberField, number>>;

export const ADD_MINIMUMS: Minimums = APARTMENT_NUMBER_MINIMUMS.add;
export const EDIT_MINIMUMS: Minimums = APARTMENT_NUMBER_MINIMUMS.edit;

/** The text fields and numbers of both forms, as typed. */
export interface ApartmentBasics {
  titre: string;
  description: string;
  localisation: string;
  prixParNuit: string;
  surface: string;
  voyageurs: string;
  chambres: string;
  lits: string;
  sallesDeBain: string;
}

export type BasicsField = keyof ApartmentBasics;

/** A refused submit: the message and the field to focus. */
export interface FormProblem {
  message: string;
  field: string | null;
}

/** The first required text field left empty, in the order of the form. */
export function missingText(values: ApartmentBasics, fields: readonly BasicsField[]): FormProblem | null {
  const field = fields.find((key) => values[key].trim() === '');
  return field ? { message: REQUIRED_FIELDS, field } : null;
}

/** The first number that is missing, not a number, not whole (all but the price) or under its minimum. */
export function numberProblem(values: ApartmentBasics, minimums: Minimums): FormProblem | null {
  for (const field of NUMBER_FIELDS) {
    const text = values[field].trim();
    const label = APARTMENT_NUMBER_LABELS[field];
    if (text === '') return { message: REQUIRED_FIELDS, field };
    const n = Number(text);
    if (!Number.isFinite(n)) return { message: `Le champ « ${label} » doit être un nombre.`, field };
    if (field !== 'prixParNuit' && !Number.isInteger(n)) return { message: `Le champ « ${label} » doit être un nombre entier.`, field };
    if (n < minimums[field]) return { message: `Le champ « ${label} » doit être au moins ${minimums[field]}.`, field };
  }
  return null;
}

/** The capacity object, as integers (parseInt). */
export function capaciteOf(values: ApartmentBasics): { voyageurs: number; chambres: number; lits: number; sallesDeBain: number } {
  return {
    voyageurs: Number.parseInt(values.voyageurs, 10),
    chambres: Number.parseInt(values.chambres, 10),
    lits: Number.parseInt(values.lits, 10),
    sallesDeBain: Number.parseInt(values.sallesDeBain, 10),
  };
}

/** A price with at most two decimals (parseFloat). */
export function priceOf(text: string): number {
  return Math.round(Number.parseFloat(text) * 100) / 100;
}
