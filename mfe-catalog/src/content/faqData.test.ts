import { FAQ_FILTERS, faqItems, filterFaq } from './faqData';

const FAQ_ITEMS = faqItems({ methodes: ['card', 'virement'], delaiVirementHeures: 72, delaiStripeMinutes: 30, soldeJoursAvantArrivee: 7 });
import { foldText, matchesQuery } from './searchText';

describe('FAQ data', () => {
  it('has exactly 14 questions with unique ids, each in one of the four categories', () => {
    expect(FAQ_ITEMS).toHaveLength(14);
    expect(new Set(FAQ_ITEMS.map((item) => item.id)).size).toBe(14);
    const categories = FAQ_FILTERS.filter((f) => f.id !== 'toutes').map((f) => f.id);
    expect(categories).toEqual(['reservation', 'paiement', 'compte', 'securite']);
    for (const category of categories) {
      expect(FAQ_ITEMS.filter((item) => item.category === category).length).toBeGreaterThan(0);
    }
    expect(FAQ_FILTERS.map((f) => f.label)).toEqual(['Toutes', 'Réservation', 'Paiement', 'Compte', 'Sécurité']);
  });

  it('says nothing the payment rules no longer do (issue 31)', () => {
    expect(FAQ_ITEMS.some((item) => /débité le jour de votre arrivée|prélevé automatiquement/.test(item.answer))).toBe(false);
  });

  it.each([
    ['card payment when offered', /par carte bancaire/],
    ['bank transfer when offered', /par virement bancaire/],
    ['minimum age 18', /18 ans/],
    ['500 € deposit at booking', /acompte de 500 € est payé au moment de la réservation/],
    // Issue 31: the balance is paid before arrival, nothing is taken automatically.
    ['the balance before arrival, from the server’s window', /solde est à régler à partir de 7 jours avant votre arrivée/],
    ['the cancellation table of the kernel', /« Flexible » : jusqu’à 24 heures avant le jour d’arrivée/],
    ['deposit not refundable afterwards', /l’acompte n’est pas remboursé/],
    ['check-in and check-out times per apartment', /heures d’arrivée et de départ dépendent de l’appartement/],
    ['messaging with support', /messagerie .*support|support.*messagerie/],
  ])('the answers mention %s', (_what, pattern) => {
    expect(FAQ_ITEMS.some((item) => pattern.test(item.answer))).toBe(true);
  });
});

describe('filterFaq', () => {
  it("returns everything for 'toutes' and an empty search, and one category otherwise", () => {
    expect(filterFaq(FAQ_ITEMS, 'toutes', '')).toHaveLength(14);
    expect(filterFaq(FAQ_ITEMS, 'toutes', '   ')).toHaveLength(14);
    expect(filterFaq(FAQ_ITEMS, 'paiement', '').every((item) => item.category === 'paiement')).toBe(true);
  });

  it('searches question and answer text, ignoring case and accents', () => {
    const byQuestion = filterFaq(FAQ_ITEMS, 'toutes', 'VERIFIES');
    expect(byQuestion.map((item) => item.id)).toEqual(['logements-verifies']);
    const byAnswer = filterFaq(FAQ_ITEMS, 'toutes', 'CARTE');
    expect(byAnswer.map((item) => item.id)).toEqual(['moyens-paiement']);
    expect(filterFaq(FAQ_ITEMS, 'toutes', 'sécurisée')).toEqual(filterFaq(FAQ_ITEMS, 'toutes', 'securisee'));
  });

  it('requires every word of the query, in any order', () => {
    expect(filterFaq(FAQ_ITEMS, 'toutes', 'bancaire carte').map((item) => item.id)).toEqual(['moyens-paiement']);
    expect(filterFaq(FAQ_ITEMS, 'toutes', 'carte xyz')).toEqual([]);
    expect(filterFaq(FAQ_ITEMS, 'compte', 'carte')).toEqual([]);
  });
});

describe('text folding', () => {
  it('folds case, accents, typographic apostrophes and ligatures', () => {
    expect(foldText('  L’Été  À Metz ')).toBe("l'ete a metz");
    expect(foldText('Cœur')).toBe('coeur');
    expect(matchesQuery(['J’ai oublié mon mot de passe'], "j'ai OUBLIE")).toBe(true);
    expect(matchesQuery(['Paiement'], '')).toBe(true);
  });
});
