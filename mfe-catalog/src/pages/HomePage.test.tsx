import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appartementsApi, sessionWriter, setRuntimeConfig } from 'shared-kernel';
import { demoList } from '../../test/fixtures';
import { renderHome } from '../../test/renderHome';

jest.mock('shared-kernel', () => ({
  ...jest.requireActual('shared-kernel'),
  appartementsApi: { list: jest.fn(), listInPage: jest.fn() },
}));

const listMock = jest.mocked(appartementsApi.list);

function countHeading(n: number) {
  return screen.getByRole('heading', { level: 2, name: `${n} logement(s) disponible(s)` });
}

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
  listMock.mockReset();
  listMock.mockResolvedValue(demoList());
  sessionWriter.signedOut();
});

describe('loading and errors', () => {
  it('shows a spinner with a French label while the apartments load, then the list', async () => {
    renderHome();
    const spinner = screen.getByRole('status');
    expect(spinner.textContent).toBe('Chargement…');
    expect(await screen.findByText('5 logement(s) disponible(s)')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(listMock).toHaveBeenCalledTimes(1);
  });

  it('shows the red error box when the apartments cannot be loaded', async () => {
    listMock.mockRejectedValue(new Error('HTTP 500'));
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
    expect(photos.every((img) => img.getAttribute('decoding') === 'async')).toBe(true);
  });

  it('offers a demo photo in AVIF and WebP sized for the card grid', async () => {
    listMock.mockResolvedValue(demoList().map((a, i) => (i === 0 ? { ...a, images: ['/media/demo/studio-gare-1.jpg'] } : a)));
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

describe('search', () => {
  it('has an accessible search box with the spec placeholder', async () => {
    await renderLoaded();
    const search = screen.getByRole('searchbox', { name: 'Rechercher un logement' });
    expect(search.getAttribute('placeholder')).toBe('Rechercher par titre ou emplacement...');
  });

  it('matches the title or the location, ignoring case', async () => {
    const { user } = await renderLoaded();
    const search = screen.getByRole('searchbox');
    await user.type(search, 'CATHÉDRALE');
    expect(countHeading(1)).toBeTruthy();
    expect(cardTitles()).toEqual(['Loft lumineux Cathédrale']);

    await user.clear(search);
    await user.type(search, 'montigny');
    expect(cardTitles()).toEqual(['Maison avec piscine']);

    await user.clear(search);
    await user.type(search, 'gare');
    expect(countHeading(1)).toBeTruthy();
    expect(cardTitles()).toEqual(['Studio cosy près de la gare']);
  });
});

describe('filter panel', () => {
  it("toggles with the 'Filtres' button, exposing its state", async () => {
    const { user } = await renderLoaded();
    const toggle = screen.getByRole('button', { name: 'Filtres' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panelId = toggle.getAttribute('aria-controls')!;
    expect(document.getElementById(panelId)).not.toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Wifi' })).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('checkbox', { name: 'Wifi' })).toBeTruthy();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('checkbox', { name: 'Wifi' })).toBeNull();
  });

  it('starts the price range at the lowest and highest loaded prices', async () => {
    const { user } = await renderLoaded();
    await openFilters(user);
    expect((screen.getByLabelText('Prix minimum (€)') as HTMLInputElement).value).toBe('55');
    expect((screen.getByLabelText('Prix maximum (€)') as HTMLInputElement).value).toBe('180');
    expect(screen.queryByRole('button', { name: 'Réinitialiser' })).toBeNull();
  });

  it('narrows by price, inclusively', async () => {
    const { user } = await renderLoaded();
    await openFilters(user);
    const max = screen.getByLabelText('Prix maximum (€)');
    await user.clear(max);
    await user.type(max, '89');
    expect(countHeading(3)).toBeTruthy();
    expect(cardTitles()).toEqual(['Studio cosy près de la gare', 'Loft lumineux Cathédrale', 'Duplex Sablon']);

    const min = screen.getByLabelText('Prix minimum (€)');
    await user.clear(min);
    await user.type(min, '75');
    expect(countHeading(2)).toBeTruthy();
    expect(cardTitles()).toEqual(['Loft lumineux Cathédrale', 'Duplex Sablon']);
  });

  it('refuses a minimum above the maximum and a maximum below the minimum', async () => {
    const { user } = await renderLoaded();
    await openFilters(user);
    const min = screen.getByLabelText('Prix minimum (€)') as HTMLInputElement;
    const max = screen.getByLabelText('Prix maximum (€)') as HTMLInputElement;

    fireEvent.change(min, { target: { value: '200' } });
    expect(countHeading(5)).toBeTruthy();
    expect(min.getAttribute('aria-invalid')).toBe('true');
    fireEvent.blur(min);
    expect(min.value).toBe('55');
    expect(min.getAttribute('aria-invalid')).toBe('false');

    fireEvent.change(max, { target: { value: '50' } });
    expect(countHeading(5)).toBeTruthy();
    fireEvent.blur(max);
    expect(max.value).toBe('180');

    // Equal bounds are accepted: min <= max and max >= min.
    fireEvent.change(max, { target: { value: '120' } });
    fireEvent.change(min, { target: { value: '120' } });
    expect(countHeading(1)).toBeTruthy();
    expect(cardTitles()).toEqual(['Appartement Pompidou']);
  });

  it('keeps only lodgings that include every ticked amenity', async () => {
    const { user } = await renderLoaded();
    await openFilters(user);
    const group = screen.getByRole('group', { name: 'Équipements' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Wifi', 'Parking gratuit', 'Piscine']);

    await user.click(screen.getByRole('checkbox', { name: 'Wifi' }));
    expect(countHeading(4)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Parking gratuit' }));
    expect(countHeading(2)).toBeTruthy();
    expect(cardTitles()).toEqual(['Loft lumineux Cathédrale', 'Maison avec piscine']);
    await user.click(screen.getByRole('checkbox', { name: 'Piscine' }));
    expect(cardTitles()).toEqual(['Maison avec piscine']);
    await user.click(screen.getByRole('checkbox', { name: 'Wifi' }));
    await user.click(screen.getByRole('checkbox', { name: 'Parking gratuit' }));
    expect(countHeading(1)).toBeTruthy();
  });

  it('offers the loaded locations and keeps lodgings in any ticked one', async () => {
    const { user } = await renderLoaded();
    await openFilters(user);
    const group = screen.getByRole('group', { name: 'Emplacements' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Metz Amphithéâtre', 'Metz Centre', 'Metz Gare', 'Metz Sablon', 'Montigny-lès-Metz']);
    await user.click(within(group).getByRole('checkbox', { name: 'Metz Centre' }));
    expect(cardTitles()).toEqual(['Loft lumineux Cathédrale']);
    await user.click(within(group).getByRole('checkbox', { name: 'Metz Sablon' }));
    expect(countHeading(2)).toBeTruthy();
    expect(cardTitles()).toEqual(['Loft lumineux Cathédrale', 'Duplex Sablon']);
    await user.click(within(group).getByRole('checkbox', { name: 'Metz Centre' }));
    expect(cardTitles()).toEqual(['Duplex Sablon']);
  });

  it('filters by guests, counting from 2', async () => {
    const { user } = await renderLoaded();
    await openFilters(user);
    const plus = stepperButton('Voyageurs', 'augmenter');
    await user.click(plus); // 2: every lodging takes 2
    expect(within(screen.getByRole('group', { name: 'Voyageurs' })).getByText('2')).toBeTruthy();
    expect(countHeading(5)).toBeTruthy();
    await user.click(plus); // 3
    expect(countHeading(4)).toBeTruthy();
    await user.click(plus);
    await user.click(plus);
    await user.click(plus); // 6
    expect(cardTitles()).toEqual(['Maison avec piscine']);
  });

  it('filters by bedrooms and bathrooms', async () => {
    const { user } = await renderLoaded();
    await openFilters(user);
    await user.click(stepperButton('Chambres', 'augmenter'));
    expect(countHeading(5)).toBeTruthy();
    await user.click(stepperButton('Chambres', 'augmenter'));
    expect(countHeading(3)).toBeTruthy();
    expect(cardTitles()).toEqual(['Loft lumineux Cathédrale', 'Maison avec piscine', 'Appartement Pompidou']);

    await user.click(stepperButton('Salles de bain', 'augmenter'));
    await user.click(stepperButton('Salles de bain', 'augmenter'));
    expect(countHeading(2)).toBeTruthy();
    expect(cardTitles()).toEqual(['Maison avec piscine', 'Appartement Pompidou']);

    await user.click(stepperButton('Chambres', 'augmenter'));
    await user.click(stepperButton('Chambres', 'augmenter'));
    expect(cardTitles()).toEqual(['Maison avec piscine']);
  });

  it("disables '-' at the minimum of each stepper (1 guest, 0 bedrooms, 0 bathrooms)", async () => {
    const { user } = await renderLoaded();
    await openFilters(user);
    const expected: Array<[string, string]> = [
      ['Voyageurs', '1'],
      ['Chambres', '0'],
      ['Salles de bain', '0'],
    ];
    for (const [group, min] of expected) {
      const minus = stepperButton(group, 'diminuer') as HTMLButtonElement;
      expect(within(screen.getByRole('group', { name: group })).getByText(min)).toBeTruthy();
      expect(minus.disabled).toBe(true);
      await user.click(stepperButton(group, 'augmenter'));
      expect(within(screen.getByRole('group', { name: group })).getByText(String(Number(min) + 1))).toBeTruthy();
      expect(minus.disabled).toBe(false);
      await user.click(minus);
      expect(within(screen.getByRole('group', { name: group })).getByText(min)).toBeTruthy();
      expect(minus.disabled).toBe(true);
    }
  });
});

describe('reset', () => {
  it("shows 'Réinitialiser' only while a filter is active, and restores the initial state", async () => {
    const { user } = await renderLoaded();
    expect(screen.queryByRole('button', { name: 'Réinitialiser' })).toBeNull();

    const search = screen.getByRole('searchbox') as HTMLInputElement;
    await user.type(search, 'metz ');
    await openFilters(user);
    await user.click(screen.getByRole('checkbox', { name: 'Wifi' }));
    await user.click(stepperButton('Voyageurs', 'augmenter'));
    await user.click(stepperButton('Voyageurs', 'augmenter'));
    const max = screen.getByLabelText('Prix maximum (€)') as HTMLInputElement;
    await user.clear(max);
    await user.type(max, '80');
    expect(countHeading(1)).toBeTruthy();
    expect(cardTitles()).toEqual(['Duplex Sablon']);

    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(countHeading(5)).toBeTruthy();
    expect(search.value).toBe('');
    expect(max.value).toBe('180');
    expect((screen.getByLabelText('Prix minimum (€)') as HTMLInputElement).value).toBe('55');
    expect((screen.getByRole('checkbox', { name: 'Wifi' }) as HTMLInputElement).checked).toBe(false);
    expect(within(screen.getByRole('group', { name: 'Voyageurs' })).getByText('1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Réinitialiser' })).toBeNull();
    expect(document.activeElement).toBe(countHeading(5));
  });

  it('appears for each kind of filter', async () => {
    const { user } = await renderLoaded();
    await openFilters(user);
    const resetButton = () => screen.queryByRole('button', { name: 'Réinitialiser' });

    await user.click(screen.getByRole('checkbox', { name: 'Metz Gare' }));
    expect(resetButton()).not.toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Metz Gare' }));
    expect(resetButton()).toBeNull();

    await user.click(stepperButton('Salles de bain', 'augmenter'));
    expect(resetButton()).not.toBeNull();
    await user.click(stepperButton('Salles de bain', 'diminuer'));
    expect(resetButton()).toBeNull();

    fireEvent.change(screen.getByLabelText('Prix minimum (€)'), { target: { value: '60' } });
    expect(resetButton()).not.toBeNull();
  });

  it('shows the empty state, whose button resets the filters', async () => {
    const { user } = await renderLoaded();
    await user.type(screen.getByRole('searchbox'), 'Strasbourg');
    expect(countHeading(0)).toBeTruthy();
    expect(cardTitles()).toEqual([]);
    expect(screen.getByText('Aucun logement ne correspond à vos critères')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    expect(countHeading(5)).toBeTruthy();
    expect(screen.queryByText('Aucun logement ne correspond à vos critères')).toBeNull();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });
});

describe('when nothing at all is listed', () => {
  it('shows the empty state with the default price range', async () => {
    listMock.mockResolvedValue([]);
    const user = userEvent.setup();
    renderHome();
    expect(await screen.findByText('0 logement(s) disponible(s)')).toBeTruthy();
    expect(screen.getByText('Aucun logement ne correspond à vos critères')).toBeTruthy();
    await openFilters(user);
    expect((screen.getByLabelText('Prix maximum (€)') as HTMLInputElement).value).toBe('1000');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Emplacements' })).toBeNull());
  });
});
