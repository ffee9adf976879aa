/** Static texts of the About page (/about): the spec's marketing figures (section 1) and four values. */

export interface Figure {
  value: string;
  label: string;
}

/** Static marketing figures, as the spec gives them (not computed). */
export const ABOUT_FIGURES: readonly Figure[] = [
  { value: '10 000+', label: 'voyageurs accueillis' },
  { value: '500+', label: 'appartements' },
  { value: '50+', label: 'villes' },
  { value: '4,8/5', label: 'note moyenne des voyageurs' },
];

export interface Value {
  title: string;
  text: string;
}

export const ABOUT_VALUES: readonly Value[] = [
  {
    title: 'Hospitalité',
    text: 'Nous accueillons chaque voyageur comme un invité : un logement prêt à vivre, des conseils sur Metz et une équipe disponible du premier message jusqu’au départ.',
  },
  {
    title: 'Confiance et sécurité',
    text: 'Chaque appartement est visité et vérifié par notre équipe locale, les paiements sont sécurisés et les avis publiés viennent de voyageurs qui ont séjourné chez nous.',
  },
  {
    title: 'Excellence du service',
    text: 'Ménage professionnel, linge fourni et réponses rapides : nous soignons chaque détail pour que votre séjour se déroule sans accroc.',
  },
  {
    title: 'Accessibilité pour tous',
    text: 'Un site simple à utiliser par tous, des prix clairs par nuit sans frais cachés et des logements pour tous les budgets, du studio à la maison familiale.',
  },
];
