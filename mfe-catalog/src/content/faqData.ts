/**
 * The 15 questions of the FAQ page (/faq), each in one category. The texts follow the spec's
 * business constants (section 9): 500 € deposit, remainder on arrival day, free cancellation up to
 * 48 hours before arrival, check-in from 15:00, check-out before 12:00, minimum age 18.
 */
import { matchesQuery } from './searchText';

export type FaqCategory = 'reservation' | 'paiement' | 'compte' | 'securite';

/** The filter buttons: 'toutes' shows every question. */
export type FaqFilter = 'toutes' | FaqCategory;

export interface FaqItem {
  id: string;
  category: FaqCategory;
  question: string;
  answer: string;
}

export const FAQ_FILTERS: ReadonlyArray<{ id: FaqFilter; label: string }> = [
  { id: 'toutes', label: 'Toutes' },
  { id: 'reservation', label: 'Réservation' },
  { id: 'paiement', label: 'Paiement' },
  { id: 'compte', label: 'Compte' },
  { id: 'securite', label: 'Sécurité' },
];

/** What the FAQ says when no question matches the category and the search. */
export const FAQ_EMPTY_TEXT = 'Aucune question ne correspond à votre recherche.';

export const FAQ_ITEMS: readonly FaqItem[] = [
  // Réservation
  {
    id: 'reserver',
    category: 'reservation',
    question: 'Comment réserver un appartement ?',
    answer:
      'Choisissez un logement sur la page d’accueil, ouvrez sa fiche, sélectionnez vos dates d’arrivée et de départ ainsi que le nombre de voyageurs, puis cliquez sur « Réserver maintenant ». Vous devez être connecté à votre compte pour finaliser la réservation.',
  },
  {
    id: 'annulation',
    category: 'reservation',
    question: 'Puis-je annuler ma réservation ?',
    answer:
      'Oui. L’annulation est gratuite jusqu’à 48 heures avant l’arrivée : l’acompte vous est alors remboursé. Passé ce délai, l’acompte n’est plus remboursable. Vous pouvez annuler une réservation en attente ou confirmée depuis votre profil.',
  },
  {
    id: 'horaires',
    category: 'reservation',
    question: 'À quelle heure puis-je arriver et dois-je partir ?',
    answer:
      'L’arrivée (check-in) est possible à partir de 15h00 et le départ (check-out) doit avoir lieu avant 12h00. Si vous avez besoin d’un autre horaire, écrivez-nous depuis la messagerie : nous ferons notre possible.',
  },
  {
    id: 'assurance',
    category: 'reservation',
    question: 'Proposez-vous une assurance annulation ?',
    answer:
      'Oui, une assurance annulation facultative peut être souscrite au moment de la réservation. Elle couvre les imprévus (maladie, empêchement professionnel…) au-delà de nos conditions d’annulation gratuite.',
  },
  {
    id: 'suivi',
    category: 'reservation',
    question: 'Comment suivre ou modifier ma réservation ?',
    answer:
      'Toutes vos réservations et leur statut (en attente, confirmée, annulée, terminée) apparaissent dans votre profil. Pour modifier des dates ou le nombre de voyageurs, contactez notre équipe via la messagerie.',
  },
  // Paiement
  {
    id: 'moyens-paiement',
    category: 'paiement',
    question: 'Quels moyens de paiement acceptez-vous ?',
    answer:
      'Vous pouvez payer par carte bancaire (Visa, Mastercard), avec un portefeuille électronique comme PayPal ou Apple Pay, ou par virement bancaire pour les séjours réservés suffisamment à l’avance.',
  },
  {
    id: 'acompte',
    category: 'paiement',
    question: 'Quand suis-je débité ?',
    answer:
      'Un acompte de 500 € est payé au moment de la réservation (ou le montant total du séjour s’il est inférieur). Le solde est à régler avant votre arrivée, à partir de la date indiquée sur votre réservation : nous vous envoyons ce jour-là par e-mail un lien de paiement ou les coordonnées bancaires où le régler. Une réservation faite peu avant l’arrivée se règle en totalité. Rien n’est débité automatiquement.',
  },
  {
    id: 'frais',
    category: 'paiement',
    question: 'Y a-t-il des frais cachés ?',
    answer:
      'Non. Le prix est affiché par nuit et les frais de service sont inclus : le total indiqué avant de réserver correspond au nombre de nuits multiplié par le prix par nuit.',
  },
  {
    id: 'facture',
    category: 'paiement',
    question: 'Puis-je obtenir une facture pour mon séjour ?',
    answer:
      'Oui. Demandez-la à notre équipe depuis la messagerie en précisant votre réservation : nous vous l’envoyons, par exemple pour un déplacement professionnel.',
  },
  // Compte
  {
    id: 'creer-compte',
    category: 'compte',
    question: 'Dois-je créer un compte pour réserver ?',
    answer:
      'Vous pouvez parcourir les logements et lire les avis sans compte. Pour réserver, créez un compte gratuit avec votre nom, votre adresse email et un mot de passe.',
  },
  {
    id: 'age-minimum',
    category: 'compte',
    question: 'Quel âge faut-il avoir pour réserver ?',
    answer: 'Il faut avoir au moins 18 ans pour réserver un logement. Une pièce d’identité peut vous être demandée à l’arrivée.',
  },
  {
    id: 'mot-de-passe',
    category: 'compte',
    question: 'J’ai oublié mon mot de passe, que faire ?',
    answer:
      'Sur la page de connexion, cliquez sur « Mot de passe oublié ? » et indiquez votre adresse email, puis suivez les instructions pour en choisir un nouveau.',
  },
  // Sécurité
  {
    id: 'logements-verifies',
    category: 'securite',
    question: 'Les appartements sont-ils vérifiés ?',
    answer:
      'Oui. Chaque appartement est visité par notre équipe locale à Metz avant sa mise en ligne, puis entretenu et nettoyé par des professionnels entre deux séjours. Les photos et les équipements annoncés correspondent au logement.',
  },
  {
    id: 'donnees-bancaires',
    category: 'securite',
    question: 'Mes données bancaires sont-elles protégées ?',
    answer:
      'Oui. Le paiement est sécurisé et vos données bancaires ne sont jamais conservées sur nos serveurs. Nous ne vous demanderons jamais votre code de carte par email ou par message.',
  },
  {
    id: 'support',
    category: 'securite',
    question: 'Comment contacter le support en cas de problème ?',
    answer:
      'Connectez-vous puis ouvrez la messagerie pour échanger directement avec notre équipe support, avant comme pendant votre séjour. Nous répondons au plus vite, y compris pour une urgence dans le logement.',
  },
];

/** The questions of a category ('toutes': all of them) whose question or answer matches the search. */
export function filterFaq(items: readonly FaqItem[], filter: FaqFilter, query: string): FaqItem[] {
  return items.filter((item) => (filter === 'toutes' || item.category === filter) && matchesQuery([item.question, item.answer], query));
}
