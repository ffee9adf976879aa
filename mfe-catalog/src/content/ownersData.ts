/**
 * Static texts of the owner page (/loyer-garanti and /proprietaires): the spec's owner pitch
 * (section 1) — one-year renewable furnished lease, guaranteed rent, no management fees, up to 30%
 * more rental income, 4 steps, two testimonials — and its static figures.
 */
import type { Figure } from './aboutData';

/** Static marketing figures of the owner page, as the spec gives them. */
export const OWNER_FIGURES: readonly Figure[] = [
  { value: '1300', label: 'propriétaires nous font confiance' },
  { value: '98%', label: 'de satisfaction' },
  { value: 'Réponse sous 24h', label: 'à chaque demande d’estimation' },
];

export interface Testimonial {
  name: string;
  neighbourhood: string;
  quote: string;
}

export const OWNER_TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Nathalie B.',
    neighbourhood: 'Quartier Impérial, Metz',
    quote:
      'Mon T2 près de la gare restait vide entre deux locataires. Depuis que l’équipe le loue, mon loyer tombe chaque mois sans que j’aie à m’occuper de quoi que ce soit.',
  },
  {
    name: 'Marc D.',
    neighbourhood: 'Outre-Seille, Metz',
    quote:
      'Estimation reçue le lendemain, shooting photo la semaine suivante : tout a été simple. L’équipe entretient l’appartement mieux que je ne le faisais moi-même.',
  },
];

export interface Step {
  title: string;
  text: string;
}

/** The 4 steps of the spec: free estimate, meeting, photo shoot, active rental. */
export const OWNER_STEPS: readonly Step[] = [
  {
    title: 'Estimation gratuite',
    text: 'Décrivez votre appartement dans le formulaire : nous vous répondons sous 24h avec une estimation du loyer garanti, sans engagement.',
  },
  {
    title: 'Rendez-vous',
    text: 'Un membre de notre équipe locale visite le logement avec vous, répond à vos questions et vous présente le bail meublé d’un an renouvelable.',
  },
  {
    title: 'Shooting photo',
    text: 'Un photographe professionnel met votre appartement en valeur pour une annonce qui attire les voyageurs.',
  },
  {
    title: 'Location active',
    text: 'Nous louons votre appartement aux voyageurs et vous percevez votre loyer chaque mois, que le logement soit occupé ou non.',
  },
];

export interface Advantage {
  title: string;
  text: string;
}

export const OWNER_ADVANTAGES: readonly Advantage[] = [
  {
    title: 'Loyer garanti',
    text: 'Votre loyer est versé chaque mois pendant toute la durée du bail, même lorsque l’appartement n’est pas occupé.',
  },
  {
    title: 'Aucuns frais de gestion',
    text: 'Pas de commission ni de frais de gestion : le loyer convenu vous revient en totalité.',
  },
  {
    title: 'Entretien et ménage inclus',
    text: 'Ménage entre chaque séjour, linge, petites réparations : nous prenons soin de votre bien à notre charge.',
  },
  {
    title: 'Jusqu’à 30% de revenus en plus',
    text: 'La location meublée de courte durée peut vous rapporter jusqu’à 30% de plus qu’une location classique.',
  },
];

export interface OwnerQuestion {
  id: string;
  question: string;
  answer: string;
}

export const OWNER_FAQ: readonly OwnerQuestion[] = [
  {
    id: 'bail',
    question: 'Quel contrat signons-nous ?',
    answer:
      'Un bail meublé d’un an, renouvelable. Nous devenons votre locataire et sous-louons l’appartement à des voyageurs pour de courts séjours, avec votre accord écrit.',
  },
  {
    id: 'loyer',
    question: 'Comment le loyer garanti est-il fixé ?',
    answer:
      'Il est calculé lors de l’estimation gratuite selon la surface, l’emplacement dans Metz, l’état et l’équipement du logement. Il est fixé dans le bail et versé chaque mois, quel que soit le taux d’occupation.',
  },
  {
    id: 'frais',
    question: 'Y a-t-il des frais de gestion ou des frais cachés ?',
    answer: 'Non, aucuns frais de gestion ni commission. Le ménage, l’entretien courant et l’accueil des voyageurs sont à notre charge.',
  },
  {
    id: 'meuble',
    question: 'Mon appartement doit-il déjà être meublé ?',
    answer:
      'Non. S’il n’est pas meublé, nous vous conseillons lors du rendez-vous sur l’équipement nécessaire à une location meublée de qualité.',
  },
  {
    id: 'reprise',
    question: 'Puis-je récupérer mon appartement ?',
    answer:
      'Oui. Le bail d’un an est renouvelable : vous pouvez choisir de ne pas le renouveler à son échéance, en respectant le préavis prévu au contrat.',
  },
];
