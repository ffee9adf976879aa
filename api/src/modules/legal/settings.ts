/**
 * What the legal pages name (publisher, host, consumer mediator, data controller), from the
 * environment (documented in /.env.example and the README). Each value not set runs on a
 * demonstration value, marked « exemple » (in its text, or by the page for an address or a link,
 * listed in `exemples`), so the pages never pass invented details off as a real company's; the
 * start-up log warns in production while any is left (issue 27).
 */
import type { LegalInfo } from 'shared-kernel/domain';

type Env = Record<string, string | undefined>;

/** Each setting: the field it fills and its demonstration value. */
const SETTINGS = {
  LEGAL_RAISON_SOCIALE: ['editeur.nom', 'Séjours Messins SAS (exemple)'],
  LEGAL_FORME_JURIDIQUE: ['editeur.formeJuridique', 'Société par actions simplifiée (exemple)'],
  LEGAL_CAPITAL: ['editeur.capital', '10 000 € (exemple)'],
  LEGAL_ADRESSE: ['editeur.adresse', '1 place d’Armes, 57000 Metz (exemple)'],
  LEGAL_RCS: ['editeur.rcs', 'RCS Metz 000 000 000 (exemple)'],
  LEGAL_SIRET: ['editeur.siret', '000 000 000 00000 (exemple)'],
  LEGAL_TVA: ['editeur.tva', 'FR00 000000000 (exemple)'],
  LEGAL_DIRECTEUR_PUBLICATION: ['editeur.directeurPublication', 'Camille Exemple (exemple)'],
  LEGAL_CONTACT_EMAIL: ['editeur.contact', 'contact@sejours-messins.example'],
  LEGAL_TELEPHONE: ['editeur.telephone', '03 00 00 00 00 (exemple)'],
  LEGAL_HEBERGEUR_NOM: ['hebergeur.nom', 'Hébergeur Exemple SAS (exemple)'],
  LEGAL_HEBERGEUR_ADRESSE: ['hebergeur.adresse', '2 rue de l’Exemple, 75000 Paris (exemple)'],
  LEGAL_HEBERGEUR_CONTACT: ['hebergeur.contact', 'https://hebergeur.example (exemple)'],
  LEGAL_HEBERGEUR_TELEPHONE: ['hebergeur.telephone', '01 00 00 00 00 (exemple)'],
  LEGAL_MEDIATEUR_NOM: ['mediateur.nom', 'Médiateur de la consommation Exemple (exemple)'],
  LEGAL_MEDIATEUR_URL: ['mediateur.site', 'https://mediateur.example'],
  LEGAL_MEDIATEUR_ADRESSE: ['mediateur.adresse', '3 avenue de l’Exemple, 75000 Paris (exemple)'],
} as const satisfies Record<string, readonly [string, string]>;

type Key = keyof typeof SETTINGS;

/** The earlier name of LEGAL_MEDIATEUR_URL, still read. */
const ALIASES: Partial<Record<Key, string>> = { LEGAL_MEDIATEUR_URL: 'LEGAL_MEDIATEUR_SITE' };

export function legalSettings(env: Env): LegalInfo {
  const exemples: string[] = [];
  const v = (key: Key): string => {
    const raw = (env[key] ?? (ALIASES[key] ? env[ALIASES[key]] : undefined))?.trim();
    if (raw) return raw;
    const [field, example] = SETTINGS[key];
    exemples.push(field);
    return example;
  };
  const nom = v('LEGAL_RAISON_SOCIALE');
  const adresse = v('LEGAL_ADRESSE');
  const contact = v('LEGAL_CONTACT_EMAIL');
  const info: LegalInfo = {
    exemple: !env.LEGAL_RAISON_SOCIALE?.trim(),
    exemples,
    editeur: {
      nom,
      formeJuridique: v('LEGAL_FORME_JURIDIQUE'),
      capital: v('LEGAL_CAPITAL'),
      adresse,
      rcs: v('LEGAL_RCS'),
      siret: v('LEGAL_SIRET'),
      tva: v('LEGAL_TVA'),
      directeurPublication: v('LEGAL_DIRECTEUR_PUBLICATION'),
      contact,
      telephone: v('LEGAL_TELEPHONE'),
    },
    hebergeur: {
      nom: v('LEGAL_HEBERGEUR_NOM'),
      adresse: v('LEGAL_HEBERGEUR_ADRESSE'),
      contact: v('LEGAL_HEBERGEUR_CONTACT'),
      telephone: v('LEGAL_HEBERGEUR_TELEPHONE'),
    },
    mediateur: {
      nom: v('LEGAL_MEDIATEUR_NOM'),
      site: v('LEGAL_MEDIATEUR_URL'),
      adresse: v('LEGAL_MEDIATEUR_ADRESSE'),
    },
    // The controller defaults to the publisher: an example only while those are.
    responsableTraitement: {
      nom: env.LEGAL_RESPONSABLE_TRAITEMENT?.trim() || nom,
      adresse,
      contact: env.LEGAL_CONTACT_DONNEES?.trim() || contact,
    },
  };
  if (!env.LEGAL_CONTACT_DONNEES?.trim() && exemples.includes('editeur.contact')) exemples.push('responsableTraitement.contact');
  return info;
}

/** The settings still on their demonstration value, by name, for the start-up warning. */
export function legalExampleSettings(info: LegalInfo): string[] {
  const fields = new Set(info.exemples ?? []);
  return (Object.keys(SETTINGS) as Key[]).filter((key) => fields.has(SETTINGS[key][0]));
}
