import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  appartementPath,
  appartementReviewsPath,
  appartementsApi,
  RemoteView,
  resetRemoteViewsForTests,
  sessionWriter,
  setRuntimeConfig,
  type RemoteViewProps,
  type SessionUser,
} from 'shared-kernel';
import { fourReviews, httpError, loft, noReviews } from '../../test/apartment-fixtures';
import { pageDataWrapper, QueryWrapper } from '../../../tooling/testing/query-client';
import ApartmentPage from './ApartmentPage';

jest.mock('shared-kernel', () => {
  const actual = jest.requireActual('shared-kernel');
  return {
    ...actual,
    // The real RemoteView unless a test replaces it.
    RemoteView: jest.fn(actual.RemoteView),
  };
});

// The kernel's declared queries call these: replacing them replaces the network.
const bySlug = jest.spyOn(appartementsApi, 'bySlug');
const reviews = jest.spyOn(appartementsApi, 'reviews');
const remoteView = jest.mocked(RemoteView);
const realRemoteView = jest.requireActual<typeof import('shared-kernel')>('shared-kernel').RemoteView;

const client: SessionUser = { id: 3, name: 'Hugo', email: 'hugo@example.fr', role: 'client', photo: null, googleId: null };
const admin: SessionUser = { id: 1, name: 'Alice', email: 'alice@example.fr', role: 'admin', photo: null, googleId: null };

/** `pageData`: what the server wrote into the page (server-rendered page), in the query cache at the first render. */
function renderPage(path = '/appartement/loft-cathedrale', pageData?: Record<string, unknown>) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<h1>Accueil</h1>} />
        <Route path="/appartement/:slug" element={<ApartmentPage />} />
        <Route path="/appartement/:slug/avis" element={<h1>Tous les avis</h1>} />
      </Routes>
    </MemoryRouter>,
    { wrapper: pageData ? pageDataWrapper(pageData) : QueryWrapper },
  );
}

async function renderLoaded(path?: string) {
  const view = renderPage(path);
  await screen.findByRole('heading', { level: 1, name: 'Loft lumineux Cathédrale' });
  return view;
}

/** The block under the page title: rating, review count, location. */
function titleBlock(): HTMLElement {
  return screen.getByRole('heading', { level: 1 }).parentElement!;
}

/** Matches the element showing exactly `text`, even when parts of it are in nested elements ("<strong>89 €</strong> / nuit"). */
function shownText(text: string) {
  return (_: string, element: Element | null) =>
    element?.textContent === text && Array.from(element.children).every((child) => child.textContent !== text);
}

/** Remote fragments replaced by a visible stub that names the module. */
function stubRemotes() {
  remoteView.mockImplementation(({ module }: RemoteViewProps) => <p>{`Fragment ${module}`}</p>);
}

beforeEach(() => {
  bySlug.mockReset();
  reviews.mockReset();
  bySlug.mockResolvedValue(loft());
  reviews.mockResolvedValue(fourReviews());
  remoteView.mockClear();
  remoteView.mockImplementation(realRemoteView);
  resetRemoteViewsForTests();
  setRuntimeConfig({ remotes: {} });
  sessionWriter.signedOut();
});

describe('the apartment written into the page (server-rendered page)', () => {
  it('is shown at the first render, with no spinner and no request for it', async () => {
    renderPage(undefined, { [appartementPath('loft-cathedrale')]: loft() });
    expect(screen.getByRole('heading', { level: 1, name: 'Loft lumineux Cathédrale' })).toBeTruthy();
    expect(screen.queryByText('Chargement…')).toBeNull();
    // Effects have run: still no request.
    await act(async () => undefined);
    expect(bySlug).not.toHaveBeenCalled();
  });

  it('shows its reviews at the first render too, without asking for them', async () => {
    renderPage(undefined, { [appartementPath('loft-cathedrale')]: loft(), [appartementReviewsPath(42)]: fourReviews() });
    const section = screen.getByRole('region', { name: 'Avis des voyageurs' });
    expect(within(section).getByRole('img', { name: 'Note : 4,3 sur 5' })).toBeTruthy();
    expect(
      within(section)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['Paul', 'Léa', 'Inès']);
    expect(within(section).queryByText('Chargement des avis…')).toBeNull();
    // Effects have run: still no request.
    await act(async () => undefined);
    expect(reviews).not.toHaveBeenCalled();
  });
});

describe('loading, not found and errors', () => {
  it('shows the spinner, then the apartment of the slug', async () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
    await screen.findByRole('heading', { level: 1, name: 'Loft lumineux Cathédrale' });
    expect(bySlug).toHaveBeenCalledWith('loft-cathedrale');
    await waitFor(() => expect(reviews).toHaveBeenCalledWith(42));
  });

  it("shows 'Appartement introuvable' with a link home for an unknown slug (404)", async () => {
    bySlug.mockRejectedValue(httpError(404, 'Appartement introuvable.'));
    renderPage('/appartement/nexiste-pas');
    expect(await screen.findByRole('heading', { level: 1, name: 'Appartement introuvable' })).toBeTruthy();
    expect(screen.getByText("Ce logement n'existe pas ou n'est plus proposé.")).toBeTruthy();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reviews).not.toHaveBeenCalled();
    expect(document.title).toBe('Appartement introuvable | Séjours Messins');

    await userEvent.setup().click(screen.getByRole('link', { name: "Retour à l'accueil" }));
    expect(screen.getByRole('heading', { level: 1, name: 'Accueil' })).toBeTruthy();
  });

  it("shows the red 'Erreur lors du chargement des données.' when the apartment cannot be loaded", async () => {
    bySlug.mockRejectedValue(httpError(500));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Erreur lors du chargement des données.');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText('Appartement introuvable')).toBeNull();
  });

  it('shows the same error when the server cannot be reached', async () => {
    bySlug.mockRejectedValue(Object.assign(new Error('Network Error'), { isAxiosError: true, request: {} }));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Erreur lors du chargement des données.');
  });

  it('sets the page title to the apartment title and the description to the start of its description', async () => {
    await renderLoaded();
    await waitFor(() => expect(document.title).toBe('Loft lumineux Cathédrale – Metz Centre | Séjours Messins'));
    // Its first photo for link previews (og:image, absolute).
    expect(document.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(/^https?:\/\/.+\.(jpg|jpeg|png|webp)/);
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    expect(description.startsWith('Un loft de caractère au pied de la cathédrale Saint-Étienne')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
  });
});

describe('header and details', () => {
  it('shows the title, the rating as stars and as a fr-FR number, the review count and the location', async () => {
    await renderLoaded();
    const header = titleBlock();
    expect(within(header).getByRole('img', { name: 'Note : 4,6 sur 5' })).toBeTruthy();
    expect(within(header).getByText('4,6')).toBeTruthy();
    const count = within(header).getByRole('link', { name: '12 avis' });
    expect(count.getAttribute('href')).toBe('/appartement/loft-cathedrale/avis');
    expect(within(header).getByText('Metz Centre')).toBeTruthy();
  });

  it("says '1 avis' for a single review", async () => {
    bySlug.mockResolvedValue(loft({ nombreAvis: 1, note: 4 }));
    await renderLoaded();
    expect(within(titleBlock()).getByRole('link', { name: '1 avis' })).toBeTruthy();
    expect(within(titleBlock()).getByRole('img', { name: 'Note : 4 sur 5' })).toBeTruthy();
    expect(within(titleBlock()).getByText('4,0')).toBeTruthy();
  });

  /** The texts of the 'Capacité' list, in order. */
  const capacityItems = () =>
    within(screen.getByRole('list', { name: 'Capacité' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);

  it('lists the capacity with plurals, and the surface', async () => {
    await renderLoaded();
    expect(capacityItems()).toEqual(['4 voyageurs', '2 chambres', '3 lits', '1 salle de bain', '45 m²']);
  });

  it('uses the singular for one traveller, bedroom and bed, the plural for two bathrooms', async () => {
    bySlug.mockResolvedValue(loft({ capacite: { voyageurs: 1, chambres: 1, lits: 1, sallesDeBain: 2 }, surface: 0 }));
    await renderLoaded();
    expect(capacityItems()).toEqual(['1 voyageur', '1 chambre', '1 lit', '2 salles de bain']);
  });

  it('shows the price per night in euros, in the price column and (for phones) under the title', async () => {
    await renderLoaded();
    const aside = screen.getByRole('complementary', { name: 'Prix et réservation' });
    expect(within(aside).getByText(shownText('89 € / nuit'))).toBeTruthy();
    expect(within(titleBlock()).getByText(shownText('89 € / nuit'))).toBeTruthy();
  });

  it('shows the description, the included amenities, the host, the house rules and the cancellation policy', async () => {
    await renderLoaded();
    expect(screen.getByText('Un loft de caractère au pied de la cathédrale Saint-Étienne, entièrement rénové.')).toBeTruthy();
    expect(screen.getByText('À deux pas des restaurants de la place Saint-Jacques et du marché couvert.')).toBeTruthy();

    const amenities = screen.getByRole('region', { name: 'Équipements inclus' });
    const [included, excluded] = within(amenities).getAllByRole('list');
    expect(
      within(included!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Wifi', 'Cuisine', 'Lave-linge']);
    expect(
      within(excluded!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Animaux de compagnie']);
    expect(within(amenities).queryByText('Aucun équipement spécifié')).toBeNull();

    const host = screen.getByRole('region', { name: 'Votre hôte : Claire' });
    expect(within(host).getByText('5 ans')).toBeTruthy();
    expect(within(host).getByText('98%')).toBeTruthy();
    expect(within(host).getByText('2h')).toBeTruthy();

    const rules = screen.getByRole('region', { name: 'Règlement intérieur' });
    expect(within(rules).getByText('16:00 - 22:00')).toBeTruthy();
    expect(within(rules).getByText('avant 11:00')).toBeTruthy();
    expect(within(rules).getByText('Modérée').parentElement?.textContent).toBe(
      "Modérée : Annulation gratuite jusqu'à 5 jours avant l'arrivée.",
    );
  });

  it("says 'Aucun équipement spécifié' when no amenity is included", async () => {
    bySlug.mockResolvedValue(loft({ inclus: '[]', nonInclus: null }));
    await renderLoaded();
    const amenities = screen.getByRole('region', { name: 'Équipements inclus' });
    expect(within(amenities).getByText('Aucun équipement spécifié')).toBeTruthy();
    expect(within(amenities).queryByRole('list')).toBeNull();
  });

  it('shows the main image and the thumbnails, or the placeholder without any image', async () => {
    const { unmount } = await renderLoaded();
    const gallery = screen.getByRole('region', { name: 'Photos du logement' });
    expect(within(gallery).getByRole('img', { name: 'Loft lumineux Cathédrale' }).getAttribute('src')).toBe(
      'https://images.test/loft-1.jpg',
    );
    expect(within(gallery).getByRole('button', { name: 'Agrandir la photo 2 sur 2' })).toBeTruthy();
    unmount();

    bySlug.mockResolvedValue(loft({ images: '[]' }));
    await renderLoaded();
    const empty = screen.getByRole('region', { name: 'Photos du logement' });
    expect(within(empty).getByRole('img', { name: 'Image non disponible' })).toBeTruthy();
    expect(within(empty).queryByRole('button')).toBeNull();
  });
});

describe('reviews summary', () => {
  it('shows the average, the count, the 3 most recent reviews and links to all of them', async () => {
    await renderLoaded();
    const section = screen.getByRole('region', { name: 'Avis des voyageurs' });
    expect(await within(section).findByRole('img', { name: 'Note : 4,3 sur 5' })).toBeTruthy();
    expect(within(section).getByText('4,3')).toBeTruthy();
    expect(within(section).getByText('4 avis')).toBeTruthy();

    const items = within(section).getAllByRole('article');
    expect(items.map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual(['Paul', 'Léa', 'Inès']);
    expect(within(items[0]!).getByText('12 mars 2026')).toBeTruthy();
    expect(within(items[0]!).getByRole('img', { name: 'Note : 5 sur 5' })).toBeTruthy();
    expect(within(items[0]!).getByText('Séjour parfait, hôte très réactif.')).toBeTruthy();
    expect(within(items[1]!).getByText('5 février 2026')).toBeTruthy();
    expect(within(items[2]!).getByText('20 janvier 2026')).toBeTruthy();
    expect(within(items[2]!).getByRole('img', { name: 'Note : 4 sur 5' })).toBeTruthy();
    expect(within(section).queryByText('Hugo')).toBeNull();

    const all = within(section).getByRole('link', { name: 'Voir tous les avis' });
    expect(all.getAttribute('href')).toBe('/appartement/loft-cathedrale/avis');
    await userEvent.setup().click(all);
    expect(screen.getByRole('heading', { level: 1, name: 'Tous les avis' })).toBeTruthy();
  });

  it("says 'Aucun avis pour le moment.' when there is none, and 'Nouveau' instead of a 5,0 rating nobody gave", async () => {
    bySlug.mockResolvedValue(loft({ nombreAvis: 0, note: 5 }));
    reviews.mockResolvedValue(noReviews());
    await renderLoaded();
    expect(screen.getByText('Nouveau')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Note : 5 sur 5' })).toBeNull();
    expect(screen.queryByText('0 avis')).toBeNull();
    expect(screen.queryByText('5,0')).toBeNull();
    const section = screen.getByRole('region', { name: 'Avis des voyageurs' });
    expect(await within(section).findByText('Aucun avis pour le moment.')).toBeTruthy();
    expect(within(section).queryByRole('article')).toBeNull();
    expect(within(section).queryByRole('link', { name: 'Voir tous les avis' })).toBeNull();
  });

  it('keeps the apartment on screen when only the reviews fail', async () => {
    reviews.mockRejectedValue(httpError(500));
    await renderLoaded();
    const section = screen.getByRole('region', { name: 'Avis des voyageurs' });
    expect(await within(section).findByText(/Les avis ne peuvent pas être affichés pour le moment\./)).toBeTruthy();
    expect(within(screen.getByRole('complementary')).getByText(shownText('89 € / nuit'))).toBeTruthy();
    expect(screen.queryByText('Erreur lors du chargement des données.')).toBeNull();
  });
});

describe('places kept for other remotes', () => {
  it('renders neither the booking panel nor the editor while those remotes are not configured, even for an admin', async () => {
    sessionWriter.signedIn(admin);
    await renderLoaded();
    expect(remoteView).not.toHaveBeenCalled();
    expect(screen.queryByText('Cette partie du site est momentanément indisponible.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renders the booking panel with the apartment once the booking remote is configured', async () => {
    stubRemotes();
    setRuntimeConfig({ remotes: { booking: '/mfe/booking/mf-manifest.json' } });
    await renderLoaded();
    const aside = screen.getByRole('complementary', { name: 'Prix et réservation' });
    expect(within(aside).getByText('Fragment booking/BookingPanel')).toBeTruthy();
    const call = remoteView.mock.calls.find(([props]) => props.module === 'booking/BookingPanel');
    expect(call?.[0].props).toEqual({ appartement: expect.objectContaining({ id: 42, slug: 'loft-cathedrale', prixParNuit: 89 }) });
    expect(call?.[0].fallback).toBeUndefined();
    expect(screen.queryByText('Fragment admin/ApartmentEditor')).toBeNull();
  });

  it('renders the booking panel only once its place comes into the window, where the browser can tell', async () => {
    // jsdom has no IntersectionObserver: one the test drives, as the browser would.
    const observed: Array<{ callback: IntersectionObserverCallback; target: Element | null; disconnected: boolean }> = [];
    class TestObserver {
      private readonly entry: (typeof observed)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, target: null, disconnected: false };
        observed.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    }
    const intersect = (isIntersecting: boolean) =>
      act(() => {
        for (const entry of observed.filter((o) => !o.disconnected && o.target?.classList.contains('cat-slot--booking'))) {
          entry.callback(
            [{ isIntersecting, target: entry.target } as unknown as IntersectionObserverEntry],
            entry as unknown as IntersectionObserver,
          );
        }
      });
    Object.defineProperty(window, 'IntersectionObserver', { configurable: true, writable: true, value: TestObserver });
    try {
      stubRemotes();
      setRuntimeConfig({ remotes: { booking: '/mfe/booking/mf-manifest.json' } });
      await renderLoaded();
      const aside = screen.getByRole('complementary', { name: 'Prix et réservation' });
      expect(within(aside).getByText(shownText('89 € / nuit'))).toBeTruthy();
      expect(within(aside).queryByText('Fragment booking/BookingPanel')).toBeNull();
      intersect(false);
      expect(within(aside).queryByText('Fragment booking/BookingPanel')).toBeNull();
      intersect(true);
      expect(within(aside).getByText('Fragment booking/BookingPanel')).toBeTruthy();
      // Loaded once: the place leaving the window does not take the panel away.
      intersect(false);
      expect(within(aside).getByText('Fragment booking/BookingPanel')).toBeTruthy();
    } finally {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });

  it("shows RemoteView's unavailable box only in the booking place when the booking remote fails", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // Configured, but its container cannot be loaded (never registered with the federation runtime).
    setRuntimeConfig({ remotes: { booking: '/mfe/booking/mf-manifest.json' } });
    await renderLoaded();
    const aside = screen.getByRole('complementary', { name: 'Prix et réservation' });
    expect(await within(aside).findByText('Cette partie du site est momentanément indisponible.')).toBeTruthy();
    expect(within(aside).getByText(shownText('89 € / nuit'))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Loft lumineux Cathédrale' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Capacité' })).toBeTruthy();
    jest.mocked(console.error).mockRestore();
  });

  it('shows the editor to an admin only, and only when the admin remote is configured', async () => {
    stubRemotes();
    setRuntimeConfig({ remotes: { admin: '/mfe/admin/mf-manifest.json' } });
    sessionWriter.signedIn(client);
    await renderLoaded();
    expect(screen.queryByText('Fragment admin/ApartmentEditor')).toBeNull();

    act(() => sessionWriter.signedIn(admin));
    expect(screen.getByText('Fragment admin/ApartmentEditor')).toBeTruthy();
    // No booking remote configured: no booking panel.
    expect(screen.queryByText('Fragment booking/BookingPanel')).toBeNull();

    act(() => setRuntimeConfig({ remotes: {} }));
    expect(screen.queryByText('Fragment admin/ApartmentEditor')).toBeNull();
  });

  it('reloads the apartment when the editor reports a save, keeping the page on screen', async () => {
    stubRemotes();
    setRuntimeConfig({ remotes: { admin: '/mfe/admin/mf-manifest.json' } });
    sessionWriter.signedIn(admin);
    await renderLoaded();
    const call = remoteView.mock.calls.find(([props]) => props.module === 'admin/ApartmentEditor');
    const props = call?.[0].props as { appartement: { id: number }; onSaved: () => void };
    expect(props.appartement.id).toBe(42);

    let answer: (value: ReturnType<typeof loft>) => void = () => undefined;
    bySlug.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    act(() => props.onSaved());
    expect(bySlug).toHaveBeenCalledTimes(2);
    // The page stays on screen while it reloads (no page spinner).
    expect(screen.queryByText('Chargement…')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Loft lumineux Cathédrale' })).toBeTruthy();

    await act(async () => answer(loft({ titre: 'Loft rénové Cathédrale', prixParNuit: 95 })));
    expect(screen.getByRole('heading', { level: 1, name: 'Loft rénové Cathédrale' })).toBeTruthy();
    expect(within(screen.getByRole('complementary')).getByText(shownText('95 € / nuit'))).toBeTruthy();
  });
});
