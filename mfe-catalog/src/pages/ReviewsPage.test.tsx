import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { appartementsApi } from 'shared-kernel';
import { fourReviews, httpError, loft, noReviews, review } from '../../test/apartment-fixtures';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import ReviewsPage from './ReviewsPage';

// The kernel's declared queries call these: replacing them replaces the network.
const bySlug = jest.spyOn(appartementsApi, 'bySlug');
const reviews = jest.spyOn(appartementsApi, 'reviews');

function renderPage(path = '/appartement/loft-cathedrale/avis') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<h1>Accueil</h1>} />
        <Route path="/appartement/:slug" element={<h1>Page de l'appartement</h1>} />
        <Route path="/appartement/:slug/avis" element={<ReviewsPage />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
}

async function renderLoaded() {
  const view = renderPage();
  await screen.findByRole('heading', { level: 1, name: 'Avis sur Loft lumineux Cathédrale' });
  return view;
}

function distributionRows() {
  return screen.getAllByRole('listitem').filter((li) => li.className.includes('cat-distribution__row'));
}

beforeEach(() => {
  bySlug.mockReset();
  reviews.mockReset();
  bySlug.mockResolvedValue(loft());
  reviews.mockResolvedValue({
    ...fourReviews(),
    moyenne: 4.56,
    nombreAvis: 12,
    repartition: { 5: 8, 4: 3, 3: 1, 2: 0, 1: 0 },
  });
});

describe('loading, not found and errors', () => {
  it('shows the spinner, loads the apartment by its slug, then its reviews by id', async () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
    await screen.findByRole('heading', { level: 1, name: 'Avis sur Loft lumineux Cathédrale' });
    expect(bySlug).toHaveBeenCalledWith('loft-cathedrale');
    expect(reviews).toHaveBeenCalledWith(42);
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.title).toBe('Avis sur Loft lumineux Cathédrale | Séjours Messins');
  });

  it("shows 'Appartement introuvable' for an unknown slug, without asking for reviews", async () => {
    bySlug.mockRejectedValue(httpError(404, 'Appartement introuvable.'));
    renderPage('/appartement/inconnu/avis');
    expect(await screen.findByRole('heading', { level: 1, name: 'Appartement introuvable' })).toBeTruthy();
    expect(screen.getByText("Ce logement n'existe pas ou n'est plus proposé.")).toBeTruthy();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('status')).toBeNull();
    expect(reviews).not.toHaveBeenCalled();
  });

  it('shows the red error message when the apartment cannot be loaded', async () => {
    bySlug.mockRejectedValue(httpError(500));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Erreur lors du chargement des données.');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the red error message, and the way back, when the reviews cannot be loaded', async () => {
    reviews.mockRejectedValue(httpError(503));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Erreur lors du chargement des données.');
    expect(screen.getByRole('link', { name: "Retour à l'appartement" }).getAttribute('href')).toBe('/appartement/loft-cathedrale');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('summary', () => {
  it('shows the average with one decimal and as stars, and the count', async () => {
    await renderLoaded();
    const overview = screen.getByRole('region', { name: 'Note moyenne' });
    expect(within(overview).getByText('4,6')).toBeTruthy();
    expect(within(overview).getByRole('img', { name: 'Note : 4,6 sur 5' })).toBeTruthy();
    expect(within(overview).getByText('12 avis')).toBeTruthy();
  });

  it('shows one row per star from 5 to 1, with a bar proportional to its count and the count', async () => {
    await renderLoaded();
    const rows = distributionRows();
    expect(rows).toHaveLength(5);
    const expected = [
      ['5 étoiles', '5 étoiles : 8 avis', '66.7%', '8'],
      ['4 étoiles', '4 étoiles : 3 avis', '25%', '3'],
      ['3 étoiles', '3 étoiles : 1 avis', '8.3%', '1'],
      ['2 étoiles', '2 étoiles : 0 avis', '0%', '0'],
      ['1 étoile', '1 étoile : 0 avis', '0%', '0'],
    ];
    rows.forEach((row, i) => {
      const [label, name, width, count] = expected[i]!;
      const bar = within(row).getByRole('img', { name });
      expect((bar.firstElementChild as HTMLElement).style.width).toBe(width);
      expect(within(row).getByText(label!)).toBeTruthy();
      expect(within(row).getByText(count!)).toBeTruthy();
    });
  });

  it('links back to the apartment', async () => {
    await renderLoaded();
    const back = screen.getByRole('link', { name: "Retour à l'appartement" });
    expect(back.getAttribute('href')).toBe('/appartement/loft-cathedrale');
    await userEvent.setup().click(back);
    expect(screen.getByRole('heading', { level: 1, name: "Page de l'appartement" })).toBeTruthy();
  });
});

describe('list', () => {
  it('lists every review, newest first, with first name, fr-FR date, stars and comment', async () => {
    await renderLoaded();
    const list = screen.getByRole('region', { name: 'Tous les avis' });
    const items = within(list).getAllByRole('article');
    expect(items.map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual(['Paul', 'Léa', 'Inès', 'Hugo']);
    expect(items.map((a) => a.querySelector('time')?.textContent)).toEqual([
      '12 mars 2026',
      '5 février 2026',
      '20 janvier 2026',
      '2 novembre 2025',
    ]);
    expect(within(items[3]!).getByRole('img', { name: 'Note : 3 sur 5' })).toBeTruthy();
    expect(within(items[3]!).getByText('Correct, un peu bruyant le samedi soir.')).toBeTruthy();
    expect(within(items[1]!).getByText('Magnifique vue sur la cathédrale.')).toBeTruthy();
  });

  it("shows the host's reply under the review it answers, dated", async () => {
    reviews.mockResolvedValue({
      ...fourReviews(),
      avis: [
        {
          ...review(3, 'Paul', '2026-03-12T12:00:00.000Z', 5, 'Séjour parfait.'),
          reponse: { texte: 'Merci Paul, à bientôt !', date: '2026-03-14T09:00:00.000Z' },
        },
        review(4, 'Léa', '2026-02-05T12:00:00.000Z', 5, 'Magnifique vue.'),
      ],
    });
    await renderLoaded();
    const [paul, lea] = within(screen.getByRole('region', { name: 'Tous les avis' })).getAllByRole('article');
    expect(within(paul!).getByText('Merci Paul, à bientôt !')).toBeTruthy();
    expect(within(paul!).getByText(/^Réponse de l’hôte/).textContent).toBe('Réponse de l’hôte · 14 mars 2026');
    expect(within(lea!).queryByText(/Réponse de l’hôte/)).toBeNull();
  });

  it("says 'Aucun avis pour le moment.' when there is none, with empty bars", async () => {
    reviews.mockResolvedValue(noReviews());
    await renderLoaded();
    const list = screen.getByRole('region', { name: 'Tous les avis' });
    expect(within(list).getByText('Aucun avis pour le moment.')).toBeTruthy();
    expect(within(list).queryByRole('article')).toBeNull();
    expect(screen.getByText('0 avis')).toBeTruthy();
    // No average nobody gave: 'Nouveau' instead of '★★★★★ 5,0'.
    expect(within(screen.getByRole('region', { name: 'Note moyenne' })).getByText('Nouveau')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Note : 5 sur 5' })).toBeNull();
    expect(screen.getByRole('img', { name: '5 étoiles : 0 avis' }).firstElementChild?.getAttribute('style')).toBe('width: 0%;');
  });

  it("says '1 avis' and fills one bar completely for a single review", async () => {
    reviews.mockResolvedValue({
      avis: [review(9, 'Nora', '2026-04-01T12:00:00.000Z', 4, 'Bien.')],
      moyenne: 4,
      nombreAvis: 1,
      repartition: { 5: 0, 4: 1, 3: 0, 2: 0, 1: 0 },
    });
    await renderLoaded();
    expect(within(screen.getByRole('region', { name: 'Note moyenne' })).getByText('1 avis')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Note moyenne' })).getByText('4,0')).toBeTruthy();
    expect((screen.getByRole('img', { name: '4 étoiles : 1 avis' }).firstElementChild as HTMLElement).style.width).toBe('100%');
    expect(screen.getByText('1 avril 2026')).toBeTruthy();
  });
});
