import type { AccesLogement } from 'shared-kernel';

export type Acces = AccesLogement;

/** The form of an apartment that has no instructions yet. */
export const EMPTY_ACCES: Acces = {
  adresse: '',
  codeAcces: '',
  instructions: '',
  wifiNom: '',
  wifiMotDePasse: '',
  livret: '',
  parking: '',
};
