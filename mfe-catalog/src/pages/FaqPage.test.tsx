import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { http, type PaymentOptions } from 'shared-kernel';
import { FAQ_EMPTY_TEXT, FAQ_FILTERS, faqItems } from '../content/faqData';
import FaqPage from './FaqPage';
import { QueryWrapper } from '../../../tooling/testing/query-client';

// The kernel's declared queries read through it: replacing it replaces the network.
const get = jest.spyOn(http, 'get') as unknown as jest.Mock;

/** While the server's payment settings are not known, the general wording. */
const FAQ_ITEMS = faqItems(null);

beforeEach(() => {
  get.mockReset();
  get.mockReturnValue(new Promise(() => undefined));
});

function renderFaq() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/faq']}>
      <FaqPage />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
  return user;
}

/** The questions shown: the accordion's buttons, inside their level-3 headings. */
function shownQuestions(): string[] {
  return screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent ?? '');
}

function questionButton(question: string): HTMLElement {
  return screen.getByRole('button', { name: question });
}

function searchBox(): HTMLElement {
  return screen.getByRole('searchbox', { name: 'Rechercher dans la FAQ' });
}

it('sets the page title and description, with one h1', () => {
  renderFaq();
  expect(document.title).toBe('Foire aux questions | Séjours Messins');
  expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/questions fréquentes/);
  expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Foire aux questions']);
});

it('shows the 14 questions, all closed, under the pressed "Toutes" filter', () => {
  renderFaq();
  expect(shownQuestions()).toEqual(FAQ_ITEMS.map((item) => item.question));
  expect(shownQuestions()).toHaveLength(14);
  expect(screen.getByRole('status').textContent).toBe('14 questions');
  expect(screen.getByRole('button', { name: 'Toutes' }).getAttribute('aria-pressed')).toBe('true');
  for (const item of FAQ_ITEMS) expect(questionButton(item.question).getAttribute('aria-expanded')).toBe('false');
});

it('has a labelled search box with a placeholder, and the filters in a labelled group', () => {
  renderFaq();
  expect(searchBox().getAttribute('placeholder')).toBe('Rechercher une question...');
  const group = screen.getByRole('group', { name: 'Filtrer par catégorie' });
  expect(
    within(group)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Toutes', 'Réservation', 'Paiement', 'Compte', 'Sécurité']);
});

it.each(FAQ_FILTERS.filter((f) => f.id !== 'toutes').map((f) => [f.label, f.id] as const))(
  'the "%s" filter shows exactly the questions of its category',
  async (label, category) => {
    const user = renderFaq();
    const expected = FAQ_ITEMS.filter((item) => item.category === category).map((item) => item.question);
    await user.click(screen.getByRole('button', { name: label }));
    expect(shownQuestions()).toEqual(expected);
    expect(screen.getByRole('status').textContent).toBe(`${expected.length} question${expected.length > 1 ? 's' : ''}`);
    expect(screen.getByRole('button', { name: label }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Toutes' }).getAttribute('aria-pressed')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Toutes' }));
    expect(shownQuestions()).toHaveLength(14);
  },
);

it('the category counts add up to 14', () => {
  const counts = FAQ_FILTERS.filter((f) => f.id !== 'toutes').map((f) => FAQ_ITEMS.filter((item) => item.category === f.id).length);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(14);
});

it('finds a question by a word of its question text, ignoring case and accents', async () => {
  const user = renderFaq();
  await user.type(searchBox(), 'VERIFIES');
  expect(shownQuestions()).toEqual(['Les appartements sont-ils vérifiés ?']);
  expect(screen.getByRole('status').textContent).toBe('1 question');
});

it('finds a question by a word that only appears in its answer', async () => {
  const user = renderFaq();
  const word = 'ménage';
  const withWord = FAQ_ITEMS.filter((item) => item.answer.toLowerCase().includes(word));
  expect(withWord).toHaveLength(1);
  expect(FAQ_ITEMS.some((item) => item.question.toLowerCase().includes(word))).toBe(false);

  await user.type(searchBox(), 'Ménage');
  expect(shownQuestions()).toEqual(['Y a-t-il des frais cachés ?']);

  await user.clear(searchBox());
  await user.type(searchBox(), 'menage'); // without the accent
  expect(shownQuestions()).toEqual(['Y a-t-il des frais cachés ?']);
});

it('combines the search with the category filter', async () => {
  const user = renderFaq();
  await user.type(searchBox(), 'messagerie');
  const all = shownQuestions();
  expect(all.length).toBeGreaterThan(1);
  await user.click(screen.getByRole('button', { name: 'Sécurité' }));
  const expected = FAQ_ITEMS.filter((item) => item.category === 'securite' && /messagerie/i.test(item.question + item.answer)).map(
    (item) => item.question,
  );
  expect(shownQuestions()).toEqual(expected);
  expect(expected.length).toBeLessThan(all.length);
});

it('shows the empty state when nothing matches, and can show every question again', async () => {
  const user = renderFaq();
  await user.click(screen.getByRole('button', { name: 'Compte' }));
  await user.type(searchBox(), 'paypal');
  expect(shownQuestions()).toEqual([]);
  expect(screen.getByRole('status').textContent).toBe(FAQ_EMPTY_TEXT);
  expect(screen.getByText('Aucune question ne correspond à votre recherche.')).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Afficher toutes les questions' }));
  expect(shownQuestions()).toHaveLength(14);
  expect((searchBox() as HTMLInputElement).value).toBe('');
  expect(screen.getByRole('button', { name: 'Toutes' }).getAttribute('aria-pressed')).toBe('true');
  expect(document.activeElement).toBe(searchBox());
  expect(screen.queryByText(FAQ_EMPTY_TEXT)).toBeNull();
});

it('opens and closes an answer with the keyboard (Enter and Space), and with a click', async () => {
  const user = renderFaq();
  const item = FAQ_ITEMS.find((i) => i.id === 'acompte');
  if (!item) throw new Error('missing question');
  const button = questionButton(item.question);
  const panelId = button.getAttribute('aria-controls') ?? '';
  const panel = document.getElementById(panelId);
  expect(panel).not.toBeNull();
  expect(panel?.hidden).toBe(true);
  expect(panel?.textContent).toBe(item.answer);

  button.focus();
  await user.keyboard('{Enter}');
  expect(button.getAttribute('aria-expanded')).toBe('true');
  expect(panel?.hidden).toBe(false);
  expect(screen.getByText(/acompte de 500 €/)).toBeTruthy();

  await user.keyboard(' ');
  expect(button.getAttribute('aria-expanded')).toBe('false');
  expect(panel?.hidden).toBe(true);

  await user.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  // Another question opens independently.
  const other = questionButton('Quel âge faut-il avoir pour réserver ?');
  await user.click(other);
  expect(other.getAttribute('aria-expanded')).toBe('true');
  expect(button.getAttribute('aria-expanded')).toBe('true');
});

it('reaches the questions with Tab', async () => {
  const user = renderFaq();
  searchBox().focus();
  for (let i = 0; i < FAQ_FILTERS.length; i += 1) await user.tab();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sécurité' }));
  await user.tab();
  expect(document.activeElement).toBe(questionButton(FAQ_ITEMS[0]?.question ?? ''));
});

it('links to support messaging, sign-up, about and the home page', () => {
  renderFaq();
  expect(screen.getByRole('link', { name: 'Contacter le support' }).getAttribute('href')).toBe('/messagerie');
  expect(screen.getByRole('link', { name: 'Créer un compte' }).getAttribute('href')).toBe('/register');
  expect(screen.getByRole('link', { name: 'En savoir plus sur nous' }).getAttribute('href')).toBe('/about');
  expect(screen.getByRole('link', { name: 'Découvrir nos logements' }).getAttribute('href')).toBe('/');
});

describe('answers written from the rules the server applies (issue 27)', () => {
  const transferOnly: PaymentOptions = {
    methodes: ['virement'],
    delaiVirementHeures: 72,
    delaiStripeMinutes: 0,
    soldeJoursAvantArrivee: 10,
  };

  async function allAnswers(options: PaymentOptions): Promise<string> {
    get.mockResolvedValue({ data: options });
    renderFaq();
    await screen.findByText(/^Vous payez par/);
    return Array.from(document.querySelectorAll('.cat-content [id]'))
      .map((panel) => panel.textContent ?? '')
      .join('\n');
  }

  it('a site with transfer only: no card, PayPal, Apple Pay or insurance, and its real windows', async () => {
    const text = await allAnswers(transferOnly);
    expect(get).toHaveBeenCalledWith('/paiements/options');
    expect(text).not.toMatch(/carte|PayPal|Apple Pay|assurance|Stripe/i);
    expect(text).toMatch(
      /Vous payez par virement bancaire\. Un virement doit nous parvenir dans les 72 heures qui suivent la réservation, et au plus tard 24 heures avant le jour d’arrivée/,
    );
    expect(text).toMatch(/Le solde est à régler à partir de 10 jours avant votre arrivée/);
    expect(text).toMatch(
      /« Flexible » : jusqu’à 24 heures avant le jour d’arrivée .*« Modérée » : jusqu’à 5 jours .*« Stricte » : jusqu’à 7 jours avant le jour d’arrivée \(minuit, heure de Paris\), 50 % de l’acompte est remboursé/,
    );
    expect(text).not.toMatch(/48 heures|15h00|12h00|nombre de nuits multiplié/);
    expect(text).toMatch(/frais de ménage .*taxe de séjour/);
  });

  it('states the card when the server offers it, with the transfer as the fallback', async () => {
    const text = await allAnswers({ ...transferOnly, methodes: ['card', 'virement'] });
    expect(text).toMatch(/Vous payez par carte bancaire ou par virement bancaire\./);
    expect(text).toMatch(/une arrivée plus proche se règle en ligne/);
    expect(text).not.toMatch(/PayPal|Apple Pay|assurance/);
  });
});
