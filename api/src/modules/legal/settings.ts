/**
 * What the legal pages name (publisher, host, consumer mediator, data controller), from the
 * environment (documented in /.env.example). Without LEGAL_RAISON_SOCIALE the server runs on
 * demonstration values and says so (`exemple: true`), so the pages mark them as examples instead of
 * passing invented details off as a real company's.
 */
import type { LegalInfo } from 'shared-kernel/domain';

type Env = Record<string, string | undefined>;

function value(env: Env, key: string, example: string): string {
  const raw = env[key]?.trim();
  return raw ? raw : example;
}

export function legalSettings(env: Env): LegalInfo {
  const v = (key: string, example: string) => value(env, key, example);
  const contact = v('LEGAL_CONTACT_EMAIL', 'contact@sejours-messins.example');
  const adresse = v('LEGAL_ADRESSE', '1 place d’Armes, 57000 Metz (exemple)');
  const nom = v('LEGAL_RAISON_SOCIALE', 'Séjours Messins SAS (exemple)');
  return {
    exemple: !env.LEGAL_RAISON_SOCIALE?.trim(),
    editeur: {
      nom,
      formeJuridique: v('LEGAL_FORME_JURIDIQUE', 'Société par actions simplifiée (exemple)'),
      capital: v('LEGAL_CAPITAL', '10 000 € (exemple)'),
      adresse,
      rcs: v('LEGAL_RCS', 'RCS Metz 000 000 000 (exemple)'),
      siret: v('LEGAL_SIRET', '000 000 000 00000 (exemple)'),
      tva: v('LEGAL_TVA', 'FR00 000000000 (exemple)'),
      directeurPublication: v('LEGAL_DIRECTEUR_PUBLICATION', 'Camille Exemple (exemple)'),
      contact,
      telephone: v('LEGAL_TELEPHONE', '03 00 00 00 00 (exemple)'),
    },
    hebergeur: {
      nom: v('LEGAL_HEBERGEUR_NOM', 'Hébergeur Exemple SAS (exemple)'),
      adresse: v('LEGAL_HEBERGEUR_ADRESSE', '2 rue de l’Exemple, 75000 Paris (exemple)'),
      contact: v('LEGAL_HEBERGEUR_CONTACT', 'https://hebergeur.example (exemple)'),
    },
    mediateur: {
      nom: v('LEGAL_MEDIATEUR_NOM', 'Médiateur de la consommation Exemple (exemple)'),
      site: v('LEGAL_MEDIATEUR_SITE', 'https://mediateur.example'),
      adresse: v('LEGAL_MEDIATEUR_ADRESSE', '3 avenue de l’Exemple, 75000 Paris (exemple)'),
    },
    responsableTraitement: {
      nom: v('LEGAL_RESPONSABLE_TRAITEMENT', nom),
      adresse,
      contact: v('LEGAL_CONTACT_DONNEES', contact),
    },
  };
}
