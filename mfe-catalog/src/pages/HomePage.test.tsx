import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import {
  appartementsApi,
  readStaySearch,
  RemoteView,
  searchDataKey,
  sessionWriter,
  setRuntimeConfig,
  type AppartementTrouve,
  type StaySearch,
} from 'shared-kernel';
import { demoList, searchPage } from '../../test/fixtures';
import { renderHome } from '../../test/renderHome';

jest.mock('shared-kernel', () => ({
  ...jest.requireActual('shared-kernel'),
  RemoteView: jest.fn(() => null),
}));

// The kernel's declared search query calls it: replacing it replaces the network.
const searchMock = jest.spyOn(appartementsApi, 'search');
const remoteViewMock = jest.mocked(RemoteView);

function cardTitles(): string[] {
  return screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent ?? '');
}

async function renderLoaded() {
  const user = userEvent.setup();
  const view = renderHome();
  await screen.findByRole('heading', { level: 2, name: '5 logement(s) disponible(s)' });
  return { user, ...view };
}

async function openFilters(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Filtres' }));
}

function stepperButton(group: string, action: 'diminuer' | 'augmenter') {
  return within(screen.getByRole('group', { name: group })).getByRole('button', { name: `${group} : ${action}` });
}

beforeEach(() => {
  searchMock.mockReset();
  searchMock.mockResolvedValue(searchPage(demoList()));
  remoteViewMock.mockClear();
  sessionWriter.signedOut();
});

/** The search of the last call to the API, and its page. */
function lastAsked(): [StaySearch, number] {
  const call = searchMock.mock.calls.at(-1);
  if (!call) throw new Error('no search asked');
  return call;
}

describe('loading and errors', () => {
  it('shows a spinner with a French label while the apartments load, then the list', async () => {
    renderHome();
    const spinner = screen.getByRole('status');
    expect(spinner.textContent).toBe('Chargement…');
    expect(await screen.findByText('5 logement(s) disponible(s)')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(searchMock).toHaveBeenCalledTimes(1);
    expect(lastAsked()[1]).toBe(1);
  });

  it('shows the red error box when the apartments cannot be loaded', async () => {
    searchMock.mockRejectedValue(new Error('HTTP 500'));
    renderHome();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Impossible de charger les appartements');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(/logement\(s\) disponible\(s\)/)).toBeNull();
  });

  it('sets the page title and description', async () => {
    await renderLoaded();
    expect(document.title).toBe('Locations meublées de courte durée à Metz | Séjours Messins');
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    expect(description).toMatch(/appartements meublés à Metz/);
  });
});

describe('banner', () => {
  it('welcomes with the site name and says the visitor is not signed in', async () => {
    await renderLoaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Bienvenue sur Séjours Messins' })).toBeTruthy();
    expect(screen.getByText("Vous n'êtes pas connecté.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connectez-vous' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByText(/^Bonjour/)).toBeNull();
  });

  it('greets the signed-in user by name', async () => {
    sessionWriter.signedIn({ id: 7, name: 'Camille Martin', email: 'camille@example.fr', role: 'client', photo: null, googleId: null });
    await renderLoaded();
    expect(screen.getByText('Bonjour, Camille Martin !')).toBeTruthy();
    expect(screen.queryByText("Vous n'êtes pas connecté.")).toBeNull();
  });

  it('follows the session when the user signs in later', async () => {
    await renderLoaded();
    act(() => sessionWriter.signedIn({ id: 1, name: 'Léa', email: 'lea@example.fr', role: 'admin', photo: null, googleId: null }));
    expect(screen.getByText('Bonjour, Léa !')).toBeTruthy();
  });

  it('uses the configured site name', async () => {
    setRuntimeConfig({ siteName: 'Metz Séjours' });
    try {
      await renderLoaded();
      expect(screen.getByRole('heading', { level: 1, name: 'Bienvenue sur Metz Séjours' })).toBeTruthy();
    } finally {
      act(() => setRuntimeConfig({ siteName: 'Séjours Messins' }));
    }
  });
});

describe('cards', () => {
  it('shows one card per apartment with image, price, title, location and capacity, linking to its page', async () => {
    await renderLoaded();
    expect(cardTitles()).toEqual([
      'Studio cosy près de la gare',
      'Loft lumineux Cathédrale',
      'Maison avec piscine',
      'Appartement Pompidou',
      'Duplex Sablon',
    ]);
    const card = screen.getByRole('heading', { level: 3, name: 'Loft lumineux Cathédrale' }).closest('a');
    expect(card).not.toBeNull();
    expect(card!.getAttribute('href')).toBe('/appartement/loft-cathedrale');
    const inCard = within(card!);
    expect(inCard.getByText('89 € / nuit')).toBeTruthy();
    expect(inCard.getByText('Metz Centre')).toBeTruthy();
    expect(inCard.getByText('2 ch.')).toBeTruthy();
    expect(inCard.getByText('1 sdb')).toBeTruthy();
    expect(inCard.getByText('4 pers.')).toBeTruthy();
    const img = inCard.getByRole('img', { name: 'Loft lumineux Cathédrale' });
    expect(img.getAttribute('src')).toBe('https://images.test/loft.jpg');
  });

  it("marks 'Nouveau' the cards of apartments nobody has reviewed yet, and only those", async () => {
    await renderLoaded();
    const card = (title: string) => within(screen.getByRole('heading', { level: 3, name: title }).closest('a')!);
    expect(card('Loft lumineux Cathédrale').getByText('Nouveau')).toBeTruthy();
    expect(card('Studio cosy près de la gare').queryByText('Nouveau')).toBeNull();
  });

  it("fetches the first card's photo at once and the others lazily, each with the grid's layout width", async () => {
    await renderLoaded();
    const photos = ['Studio cosy près de la gare', 'Loft lumineux Cathédrale', 'Maison avec piscine', 'Duplex Sablon'].map((name) =>
      screen.getByRole('img', { name }),
    );
    expect(photos.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy', 'lazy']);
    // Only the first card's photo, the page's LCP that the server preloads, is at high priority (issue 28).
    expect(photos.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', 'low', 'low', 'low']);
    expect(photos.every((img) => img.getAttribute('decoding') === 'async')).toBe(true);
  });

  it('offers a demo photo in AVIF and WebP sized for the card grid', async () => {
    searchMock.mockResolvedValue(searchPage(demoList().map((a, i) => (i === 0 ? { ...a, images: ['/media/demo/studio-gare-1.jpg'] } : a))));
    await renderLoaded();
    const img = screen.getByRole('img', { name: 'Studio cosy près de la gare' });
    const sources = [...(img.closest('picture')?.querySelectorAll('source') ?? [])];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.getAttribute('sizes')).toBe('(max-width: 639px) calc(100vw - 32px), (max-width: 1023px) calc(50vw - 28px), 380px');
    expect(sources[0]?.getAttribute('srcset')).toContain('/media/variantes/demo/studio-gare-1-800.avif 800w');
    expect(img.getAttribute('src')).toBe('/media/demo/studio-gare-1.jpg');
  });

  it('shows the first image of a lodging', async () => {
    await renderLoaded();
    const img = screen.getByRole('img', { name: 'Studio cosy près de la gare' });
    expect(img.getAttribute('src')).toBe('https://images.test/studio-gare.jpg');
  });

  it("shows 'Image non disponible' when a lodging has no image", async () => {
    await renderLoaded();
    const card = screen.getByRole('heading', { level: 3, name: 'Appartement Pompidou' }).closest('a')!;
    expect(within(card).getByText('Image non disponible')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Image non disponible' })).toBeTruthy();
    expect(screen.getAllByText('Image non disponible')).toHaveLength(1);
  });

  it('shows a loading-error placeholder when an image fails to load', async () => {
    await renderLoaded();
    expect(screen.queryByText("Erreur de chargement de l'image")).toBeNull();
    fireEvent.error(screen.getByRole('img', { name: 'Duplex Sablon' }));
    const card = screen.getByRole('heading', { level: 3, name: 'Duplex Sablon' }).closest('a')!;
    expect(within(card).getByRole('img', { name: "Erreur de chargement de l'image" })).toBeTruthy();
    expect(within(card).getByText("Erreur de chargement de l'image")).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Duplex Sablon' })).toBeNull();
  });
});

const address = () => screen.getByTestId('adresse').textContent;

describe('search and filters, in the address and asked of the server', () => {
  it('has an accessible search box with the spec placeholder, whose text goes into the address and to the API', async () => {
    await renderLoaded();
    const box = screen.getByRole('searchbox', { name: 'Rechercher un logement' });
    expect(box.getAttribute('placeholder')).toBe('Rechercher par titre ou emplacement...');
    fireEvent.change(box, { target: { value: 'sablon' } });
    expect(address()).toBe('/?q=sablon');
    await waitFor(() => expect(lastAsked()[0].texte).toBe('sablon'));
  });

  it('reads the search from the address at the first render', async () => {
    renderHome('/?arrivee=2031-03-10&depart=2031-03-13&adultes=2&enfants=1&tri=prix&equipement=Wifi');
    await screen.findByRole('heading', { level: 2, name: '5 logements disponibles pour ces dates' });
    const [asked, page] = lastAsked();
    expect(page).toBe(1);
    expect(asked).toMatchObject({
      arrivee: '2031-03-10',
      depart: '2031-03-13',
      adultes: 2,
      enfants: 1,
      tri: 'prix',
      equipements: ['Wifi'],
    });
    expect((screen.getByRole('combobox', { name: 'Trier par' }) as HTMLSelectElement).value).toBe('prix');
    expect(screen.getByRole('button', { name: /Dates du séjour Du 10 mars 2031 au 13 mars 2031/ })).toBeTruthy();
  });

  it('puts the filters into the address: price, amenities, locations, bedrooms', async () => {
    const { user } = await renderLoaded();
    await openFilters(user);
    expect((screen.getByLabelText('Prix minimum (€)') as HTMLInputElement).value).toBe('55');
    expect((screen.getByLabelText('Prix maximum (€)') as HTMLInputElement).value).toBe('180');
    fireEvent.change(screen.getByLabelText('Prix maximum (€)'), { target: { value: '100' } });
    expect(address()).toBe('/?prixMax=100');
    await user.click(screen.getByRole('checkbox', { name: 'Wifi' }));
    await user.click(screen.getByRole('checkbox', { name: 'Metz Centre' }));
    await user.click(stepperButton('Chambres', 'augmenter'));
    expect(address()).toBe('/?prixMax=100&equipement=Wifi&localisation=Metz+Centre&chambres=1');
    await waitFor(() =>
      expect(lastAsked()[0]).toMatchObject({ prixMax: 100, equipements: ['Wifi'], localisations: ['Metz Centre'], chambres: 1 }),
    );
    // 'Réinitialiser' clears the filters, and only them.
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(address()).toBe('/');
  });

  it('refuses a minimum above the maximum', async () => {
    const { user } = await renderLoaded();
    await openFilters(user);
    fireEvent.change(screen.getByLabelText('Prix minimum (€)'), { target: { value: '300' } });
    expect(screen.getByLabelText('Prix minimum (€)').getAttribute('aria-invalid')).toBe('true');
    expect(address()).toBe('/');
  });

  it('changes the order', async () => {
    const { user } = await renderLoaded();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), 'Mieux notés');
    expect(address()).toBe('/?tri=note');
  });
});

describe('the stay', () => {
  it('picks the dates in a dialog with the booking calendar, counts travellers, and searches with them', async () => {
    const { user } = await renderLoaded();
    await user.click(screen.getByRole('button', { name: /Dates du séjour Choisir les dates/ }));
    const dialog = screen.getByRole('dialog', { name: 'Vos dates de séjour' });
    // The booking remote's calendar fragment, never an import of its code.
    const props = remoteViewMock.mock.calls.at(-1)![0] as unknown as { module: string; props: { onChange: (d: unknown) => void } };
    expect(props.module).toBe('booking/StayDatesPicker');
    act(() => props.props.onChange({ arrivee: '2031-03-10', depart: null }));
    expect(within(dialog).getByText('Arrivée le 10 mars 2031, départ à choisir')).toBeTruthy();
    act(() => props.props.onChange({ arrivee: '2031-03-10', depart: '2031-03-13' }));
    await user.click(within(dialog).getByRole('button', { name: 'Valider les dates' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(stepperButton('Adultes', 'augmenter'));
    await user.click(stepperButton('Enfants', 'augmenter'));
    expect(stepperButton('Adultes', 'diminuer').hasAttribute('disabled')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(address()).toBe('/?arrivee=2031-03-10&depart=2031-03-13&adultes=2&enfants=1');
    await waitFor(() => expect(lastAsked()[0]).toMatchObject({ arrivee: '2031-03-10', depart: '2031-03-13', adultes: 2, enfants: 1 }));
  });

  it('asks for the departure when only the arrival is chosen', async () => {
    const { user } = await renderLoaded();
    await user.click(screen.getByRole('button', { name: /Dates du séjour/ }));
    const props = remoteViewMock.mock.calls.at(-1)![0] as unknown as { props: { onChange: (d: unknown) => void } };
    act(() => props.props.onChange({ arrivee: '2031-03-10', depart: null }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(screen.getByRole('alert').textContent).toBe('Choisissez aussi la date de départ.');
    expect(address()).toBe('/');
  });

  it('falls back to labelled date fields when the booking calendar cannot load', async () => {
    remoteViewMock.mockImplementation(((p: { fallback?: ReactNode }) => <>{p.fallback}</>) as never);
    try {
      const { user } = await renderLoaded();
      await user.click(screen.getByRole('button', { name: /Dates du séjour/ }));
      fireEvent.change(screen.getByLabelText('Date d’arrivée'), { target: { value: '2031-03-10' } });
      fireEvent.change(screen.getByLabelText('Date de départ'), { target: { value: '2031-03-12' } });
      await user.click(screen.getByRole('button', { name: 'Valider les dates' }));
      await user.click(screen.getByRole('button', { name: 'Rechercher' }));
      expect(address()).toBe('/?arrivee=2031-03-10&depart=2031-03-12&adultes=1&enfants=0');
    } finally {
      remoteViewMock.mockImplementation((() => null) as never);
    }
  });
});

describe('the town', () => {
  it('offers the catalogue’s towns with their count, and searches the chosen one with the stay', async () => {
    const { user } = await renderLoaded();
    const select = screen.getByRole('combobox', { name: 'Ville' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Toutes les villes', 'Metz (4 logements)', 'Montigny-lès-Metz (1 logement)']);
    await user.selectOptions(select, 'Montigny-lès-Metz (1 logement)');
    // Chosen with the dates and travellers: only 'Rechercher' asks.
    expect(address()).toBe('/');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(address()).toBe('/?ville=montigny-les-metz');
    await waitFor(() => expect(lastAsked()[0]).toMatchObject({ ville: 'montigny-les-metz' }));
    await user.selectOptions(select, 'Toutes les villes');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(address()).toBe('/');
  });

  it('shows the town of the address, even one the catalogue no longer has, and keeps it when the filters are reset', async () => {
    const user = userEvent.setup();
    renderHome('/?ville=woippy&q=maison');
    await screen.findByRole('heading', { level: 2, name: '5 logement(s) disponible(s)' });
    expect((screen.getByRole('combobox', { name: 'Ville' }) as HTMLSelectElement).value).toBe('woippy');
    expect(lastAsked()[0]).toMatchObject({ ville: 'woippy', texte: 'maison' });
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(address()).toBe('/?ville=woippy');
  });

  it('links to each town’s page under « Nos villes »', async () => {
    await renderLoaded();
    const list = screen.getByRole('navigation', { name: 'Nos villes' });
    expect(within(list).getByRole('link', { name: 'Montigny-lès-Metz' }).getAttribute('href')).toBe('/location/montigny-les-metz');
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Metz', 'Montigny-lès-Metz']);
  });
});

const priced = (a: AppartementTrouve, totalCents: number, nuits = 3): AppartementTrouve => ({
  ...a,
  sejour: { nuits, totalCents, total: totalCents / 100 },
});

describe('results of a stay', () => {
  const STAY = '/?arrivee=2031-03-10&depart=2031-03-13&adultes=2&enfants=0';

  it("shows each card's price for the stay and carries the stay to the apartment page", async () => {
    const [first, second] = demoList();
    searchMock.mockResolvedValue(searchPage([priced(first!, 41200), priced(second!, 30150, 1)]));
    renderHome(STAY);
    await screen.findByRole('heading', { level: 2, name: '2 logements disponibles pour ces dates' });
    const card = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('a')!;
    expect(within(card(first!.titre)).getByText('412 € pour 3 nuits')).toBeTruthy();
    expect(within(card(second!.titre)).getByText('301,50 € pour 1 nuit')).toBeTruthy();
    expect(card(first!.titre).getAttribute('href')).toBe(
      `/appartement/${first!.slug}?arrivee=2031-03-10&depart=2031-03-13&adultes=2&enfants=0`,
    );
  });

  it("says 'Aucun logement disponible pour ces dates' with a way out", async () => {
    searchMock.mockResolvedValue(searchPage([]));
    renderHome(`${STAY}&equipement=Piscine`);
    expect(await screen.findByText('Aucun logement disponible pour ces dates')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'voyez tous les logements sans dates' }).getAttribute('href')).toBe(
      '/?adultes=2&enfants=0&equipement=Piscine',
    );
    expect(screen.getByRole('button', { name: 'Réinitialiser les filtres' })).toBeTruthy();
  });

  it("shows the server's French reason for a refused stay", async () => {
    searchMock.mockResolvedValue({ refus: "La date d'arrivée ne peut pas être dans le passé." });
    renderHome('/?arrivee=2020-03-10&depart=2020-03-13');
    expect((await screen.findByRole('alert')).textContent).toBe("La date d'arrivée ne peut pas être dans le passé.");
  });

  it("loads the next page with 'Afficher plus', without duplicates", async () => {
    const list = demoList();
    searchMock.mockImplementation(async (_s, page) =>
      page === 1 ? searchPage(list.slice(0, 3), { total: 5 }) : searchPage(list.slice(2, 5), { total: 5, page: 2 }),
    );
    const user = userEvent.setup();
    renderHome();
    await screen.findByText('3 logements affichés sur 5');
    await user.click(screen.getByRole('button', { name: 'Afficher plus' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(5));
    expect(lastAsked()[1]).toBe(2);
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).toBeNull();
  });

  it('shows the page the server wrote at the first render, without asking the network', async () => {
    const stay = readStaySearch(new URLSearchParams(STAY.slice(2)));
    renderHome(STAY, { [searchDataKey(stay)]: searchPage([priced(demoList()[0]!, 41200)]).page });
    expect(screen.getByText('412 € pour 3 nuits')).toBeTruthy();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 300));
    });
    expect(searchMock).not.toHaveBeenCalled();
  });
});
