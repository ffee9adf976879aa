/**
 * The questions of the FAQ page (/faq), each in one category. Every answer about payment,
 * cancellation, deposit, balance, arrival and departure is written from the rules the server applies
 * (issue 27, DECISIONS 37): the kernel's cancellation table and deposit, and the server's payment
 * settings (`GET /api/paiements/options`: methods offered, balance window, transfer delay). Nothing
 * about insurance or a payment method that is not offered.
 */
import {
  CANCELLATION_POLICIES,
  CANCELLATION_RULES,
  DEPOSIT_EUR,
  formatEuro,
  VIREMENT_AVANT_ARRIVEE_HEURES,
  type PaymentMethod,
  type PaymentOptions,
} from 'shared-kernel';
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

const METHOD_WORDS: Record<PaymentMethod, string> = {
  card: 'par carte bancaire',
  paypal: 'avec PayPal',
  applepay: 'avec Apple Pay',
  virement: 'par virement bancaire',
};

/** "a, b ou c". */
const orList = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ou ${items[items.length - 1]}`;

/** "24 heures", "5 jours": a cancellation window as the terms state it. */
const windowWords = (hours: number) => (hours % 24 === 0 && hours > 24 ? `${hours / 24} jours` : `${hours} heures`);

/** The answers that state a rule, from the kernel's rules and the server's payment settings (null: not known yet). */
function ruleAnswers(
  options: PaymentOptions | null,
): Record<'annulation' | 'horaires' | 'moyens_paiement' | 'acompte' | 'frais' | 'donnees_bancaires', FaqItem> {
  const policies = CANCELLATION_POLICIES.map((policy) => {
    const rule = CANCELLATION_RULES[policy];
    const share = rule.refundPercent === 100 ? 'l’acompte est remboursé en totalité' : `${rule.refundPercent} % de l’acompte est remboursé`;
    return `« ${policy} » : jusqu’à ${windowWords(rule.hoursBeforeArrival)} avant le jour d’arrivée (minuit, heure de Paris), ${share}`;
  });
  const methods = options ? options.methodes.filter((m): m is PaymentMethod => m in METHOD_WORDS) : [];
  const transfer = methods.includes('virement');
  const online = methods.some((m) => m !== 'virement');
  const methodsAnswer =
    options === null
      ? 'Les moyens de paiement proposés sont affichés au moment de réserver, avant toute validation.'
      : methods.length === 0
        ? 'Aucun moyen de paiement en ligne n’est proposé pour le moment : contactez notre équipe depuis la messagerie pour réserver.'
        : `Vous payez ${orList(methods.map((m) => METHOD_WORDS[m]))}.${
            transfer
              ? ` Un virement doit nous parvenir dans les ${options.delaiVirementHeures} heures qui suivent la réservation, et au plus tard ${VIREMENT_AVANT_ARRIVEE_HEURES} heures avant le jour d’arrivée : une arrivée plus proche ${online ? 'se règle en ligne' : 'ne peut pas être réservée'}.`
              : ''
          }`;
  const deposit = formatEuro(DEPOSIT_EUR);
  const balance =
    options === null
      ? 'Le solde est à régler avant votre arrivée, à partir de la date indiquée sur votre réservation'
      : `Le solde est à régler à partir de ${options.soldeJoursAvantArrivee} jours avant votre arrivée, et avant celle-ci ; une réservation faite moins de ${options.soldeJoursAvantArrivee} jours avant l’arrivée se règle en totalité à la réservation`;
  const balanceHow =
    options === null
      ? 'nous vous envoyons ce jour-là par e-mail de quoi le régler'
      : online && transfer
        ? 'nous vous envoyons ce jour-là par e-mail un lien de paiement si vous avez payé l’acompte en ligne, les coordonnées du virement et sa référence sinon'
        : online
          ? 'nous vous envoyons ce jour-là par e-mail un lien de paiement sécurisé'
          : 'nous vous envoyons ce jour-là par e-mail les coordonnées du virement et sa référence';
  return {
    donnees_bancaires: {
      id: 'donnees-bancaires',
      category: 'securite',
      question: 'Mes données bancaires sont-elles protégées ?',
      answer: `Oui. Vos données bancaires ne sont jamais conservées sur nos serveurs${online ? ' : le paiement en ligne se fait sur la page sécurisée de notre prestataire de paiement, Stripe' : ''}. Nous ne vous demanderons jamais vos codes bancaires par e-mail ou par message.`,
    },
    annulation: {
      id: 'annulation',
      category: 'reservation',
      question: 'Puis-je annuler ma réservation ?',
      answer: `Oui, depuis votre réservation dans votre profil. Ce qui vous est remboursé dépend de la politique d’annulation de l’appartement, indiquée sur sa fiche et lors de la réservation : ${policies.join(' ; ')}. Passé ce délai, l’acompte n’est pas remboursé. Les dates exactes de votre séjour figurent sur votre réservation et dans l’e-mail qui la confirme.`,
    },
    horaires: {
      id: 'horaires',
      category: 'reservation',
      question: 'À quelle heure puis-je arriver et dois-je partir ?',
      answer:
        'Les heures d’arrivée et de départ dépendent de l’appartement : elles sont indiquées sur sa fiche (« Règlement intérieur »), sur votre réservation et dans l’e-mail de confirmation. Si vous avez besoin d’un autre horaire, écrivez-nous depuis la messagerie : nous ferons notre possible.',
    },
    moyens_paiement: {
      id: 'moyens-paiement',
      category: 'paiement',
      question: 'Quels moyens de paiement acceptez-vous ?',
      answer: methodsAnswer,
    },
    acompte: {
      id: 'acompte',
      category: 'paiement',
      question: 'Quand dois-je payer ?',
      answer: `Un acompte de ${deposit} est payé au moment de la réservation (ou le montant total du séjour s’il est inférieur). ${balance} : ${balanceHow}. Rien n’est débité automatiquement.`,
    },
    frais: {
      id: 'frais',
      category: 'paiement',
      question: 'Y a-t-il des frais cachés ?',
      answer:
        'Non. Avant de réserver, le détail du prix est affiché ligne par ligne : les nuits au tarif de chaque date, les frais de ménage et les voyageurs supplémentaires lorsque l’appartement en prévoit, les réductions de durée, et la taxe de séjour. Le total indiqué est la somme de ces lignes, et c’est le montant de votre réservation.',
    },
  };
}

export function faqItems(options: PaymentOptions | null): FaqItem[] {
  const rulesItems = ruleAnswers(options);
  return [
    // Réservation
    {
      id: 'reserver',
      category: 'reservation',
      question: 'Comment réserver un appartement ?',
      answer:
        'Choisissez un logement sur la page d’accueil, ouvrez sa fiche, sélectionnez vos dates d’arrivée et de départ ainsi que le nombre de voyageurs, puis cliquez sur « Réserver maintenant ». Vous devez être connecté à votre compte pour finaliser la réservation.',
    },
    rulesItems.annulation,
    rulesItems.horaires,
    {
      id: 'suivi',
      category: 'reservation',
      question: 'Comment suivre ou modifier ma réservation ?',
      answer:
        'Toutes vos réservations et leur statut (en attente, confirmée, annulée, terminée) apparaissent dans votre profil. Pour modifier des dates ou le nombre de voyageurs, contactez notre équipe via la messagerie.',
    },
    // Paiement
    rulesItems.moyens_paiement,
    rulesItems.acompte,
    rulesItems.frais,
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
    rulesItems.donnees_bancaires,
    {
      id: 'support',
      category: 'securite',
      question: 'Comment contacter le support en cas de problème ?',
      answer:
        'Connectez-vous puis ouvrez la messagerie pour échanger directement avec notre équipe support, avant comme pendant votre séjour. Nous répondons au plus vite, y compris pour une urgence dans le logement.',
    },
  ];
}

/** The questions of a category ('toutes': all of them) whose question or answer matches the search. */
export function filterFaq(items: readonly FaqItem[], filter: FaqFilter, query: string): FaqItem[] {
  return items.filter((item) => (filter === 'toutes' || item.category === filter) && matchesQuery([item.question, item.answer], query));
}
