import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { appartementsApi, sessionWriter, adminApi, type NewAppartementPayload } from 'shared-kernel';
import { admin, appartement, client, deferred, httpError, networkError } from '../../test/fixtures';
import AddApartmentPage from './AddApartmentPage';
import { QueryWrapper } from '../../../tooling/testing/query-client';

const create = jest.spyOn(adminApi, 'createAppartement');
const list = jest.spyOn(appartementsApi, 'adminIndex');

const IMAGE = 'https://images.test/loft-1.jpg';
const SMOOBU_TAKEN = () => httpError(409, 'Cet identifiant Smoobu est déjà utilisé par un autre appartement.', 'SMOOBU_ID_TAKEN');

/** Renders the page and lets the catalogue's answer (known slugs and ids) arrive. */
async function renderPage() {
  const view = render(
    <MemoryRouter initialEntries={['/admin/add-appartement']}>
      <Routes>
        <Route path="/" element={<h1>Accueil</h1>} />
        <Route path="/admin/add-appartement" element={<AddApartmentPage />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
  await act(async () => undefined);
  return view;
}

/** user-event without a pause between keys (long forms). */
function setup(options: Parameters<typeof userEvent.setup>[0] = {}): UserEvent {
  return userEvent.setup({ delay: null, ...options });
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

/** Types a value in place of the field's one (pasted: the form is long). */
async function replace(user: UserEvent, name: string, value: string) {
  await user.clear(field(name));
  if (value !== '') await user.paste(value);
}

async function fill(user: UserEvent, name: string, value: string) {
  await user.click(field(name));
  await user.paste(value);
}

async function addImage(user: UserEvent, url: string) {
  await fill(user, "URL de l'image", url);
  await user.click(screen.getByRole('button', { name: 'Ajouter' }));
}

async function fillRequired(user: UserEvent, { image = true } = {}) {
  await fill(user, 'Titre', 'Loft lumineux Cathédrale');
  await fill(user, 'Description', 'Un loft au pied de la cathédrale.');
  await fill(user, 'Localisation', 'Metz Centre');
  await replace(user, 'Prix par nuit (€)', '89.5');
  await replace(user, 'Surface (m²)', '45');
  if (image) await addImage(user, IMAGE);
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: "Ajouter l'appartement" }));

function sent(call = 0): NewAppartementPayload {
  return create.mock.calls[call]![0];
}

beforeEach(() => {
  create.mockReset();
  list.mockReset().mockResolvedValue([]);
  sessionWriter.signedIn(admin);
});

afterEach(() => {
  jest.useRealTimers();
});

describe('the form', () => {
  it("shows 'Ajouter un appartement' with the add form's defaults and minimums", async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Ajouter un appartement' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Ajouter un appartement | Séjours Messins'));
    expect(field('Prix par nuit (€)').value).toBe('0');
    expect(field('Surface (m²)').value).toBe('0');
    for (const name of ['Voyageurs', 'Chambres', 'Lits', 'Salles de bain']) expect(field(name).value).toBe('1');
    const minimums: Record<string, string> = {
      'Prix par nuit (€)': '1',
      'Surface (m²)': '1',
      Voyageurs: '1',
      Chambres: '0',
      Lits: '1',
      'Salles de bain': '0',
    };
    for (const [name, min] of Object.entries(minimums)) expect(field(name).min).toBe(min);
    expect(field('Expérience').value).toBe('Nouveau');
    expect(field('Taux de réponse').value).toBe('100%');
    expect(field('Délai de réponse').value).toBe('1h');
    expect(field('Arrivée').value).toBe('15:00 - 00:00');
    expect(field('Départ').value).toBe('avant 12:00');
    const smoobu = Number(field('Identifiant Smoobu').value);
    expect(smoobu).toBeGreaterThanOrEqual(1_000_000);
    expect(smoobu).toBeLessThanOrEqual(9_999_999);
  });

  it('offers the three cancellation policies with their descriptions, Flexible by default', async () => {
    await renderPage();
    const group = screen.getByRole('group', { name: "Politique d'annulation" });
    const flexible = within(group).getByRole('radio', { name: 'Flexible' }) as HTMLInputElement;
    expect(flexible.checked).toBe(true);
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['Flexible', 'Modérée', 'Stricte']);
    expect(within(group).getByText("Annulation gratuite jusqu'à 24 h avant l'arrivée.")).toBeTruthy();
    expect(within(group).getByText("Annulation gratuite jusqu'à 5 jours avant l'arrivée.")).toBeTruthy();
    expect(within(group).getByText("Remboursement de 50 % jusqu'à 7 jours avant l'arrivée.")).toBeTruthy();
    expect(within(group).getByRole('radio', { name: 'Stricte' }).getAttribute('aria-describedby')).toBeTruthy();
  });

  it('derives the slug from the title and shows it read-only', async () => {
    const user = setup();
    await renderPage();
    await user.type(field('Titre'), "L'Œil de la Cathédrale, vue & calme !");
    expect(field('Slug').value).toBe('loeil-de-la-cathedrale-vue-cal');
    expect(field('Slug').readOnly).toBe(true);
  });

  it('warns when the catalogue already has that slug', async () => {
    const { id, titre, slug, ville, smoobuId, publie } = appartement();
    list.mockResolvedValue([{ id, titre, slug, ville: ville ?? '', smoobuId, publie: publie ?? true }]);
    const user = setup();
    await renderPage();
    await waitFor(() => expect(list).toHaveBeenCalled());
    await user.type(field('Titre'), 'Loft lumineux Cathédrale');
    expect(await screen.findByText('Ce slug est déjà utilisé par un autre appartement : modifiez le titre.')).toBeTruthy();
  });

  it('toggles amenities in and out of their group', async () => {
    const user = setup();
    await renderPage();
    const inclus = screen.getByRole('group', { name: 'Inclus' });
    const wifi = within(inclus).getByRole('button', { name: 'Wifi' });
    expect(
      within(inclus)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Wifi', 'Parking gratuit', 'Piscine']);
    expect(
      within(screen.getByRole('group', { name: 'Non inclus' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Sèche-cheveux']);
    expect(wifi.getAttribute('aria-pressed')).toBe('false');
    await user.click(wifi);
    expect(wifi.getAttribute('aria-pressed')).toBe('true');
    await user.click(wifi);
    expect(wifi.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('images', () => {
  it('adds and removes image URLs', async () => {
    const user = setup();
    await renderPage();
    expect(screen.getByText("Aucune image pour l'instant.")).toBeTruthy();
    await addImage(user, IMAGE);
    await addImage(user, 'https://images.test/loft-2.jpg');
    const images = screen.getByRole('list', { name: "Images de l'appartement" });
    expect(within(images).getAllByRole('listitem')).toHaveLength(2);
    expect(field("URL de l'image").value).toBe('');
    await user.click(within(within(images).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Supprimer' }));
    expect(within(images).getAllByRole('listitem')).toHaveLength(1);
    expect(field('Image 1').value).toBe('https://images.test/loft-2.jpg');
  });

  it('adds with Enter without sending the form', async () => {
    const user = setup();
    await renderPage();
    await user.type(field("URL de l'image"), `${IMAGE}{Enter}`);
    expect(field('Image 1').value).toBe(IMAGE);
    expect(create).not.toHaveBeenCalled();
  });

  it('refuses a URL without http(s) and a URL of 500 characters or more, with their messages', async () => {
    const user = setup();
    await renderPage();
    await addImage(user, 'images.test/loft.jpg');
    expect(screen.getByRole('alert').textContent).toBe('Veuillez entrer une URL valide commençant par http:// ou https://');
    expect(screen.queryByRole('list', { name: "Images de l'appartement" })).toBeNull();
    expect(field("URL de l'image").getAttribute('aria-invalid')).toBe('true');

    await user.clear(field("URL de l'image"));
    await user.click(field("URL de l'image"));
    await user.paste(`https://images.test/${'a'.repeat(490)}`);
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByRole('alert').textContent).toBe("L'URL est trop longue. Veuillez entrer une URL plus courte.");
    expect(screen.queryByRole('list', { name: "Images de l'appartement" })).toBeNull();
  });

  it("drops invalid URLs on submit with 'Certaines URLs d'images invalides ont été retirées' and sends the others", async () => {
    create.mockResolvedValue({ id: 50, appartement: appartement({ id: 50 }) });
    const user = setup();
    await renderPage();
    await fillRequired(user);
    await addImage(user, 'https://images.test/loft-2.jpg');
    await replace(user, 'Image 2', 'ftp://images.test/loft-2.jpg');
    await submit(user);
    expect(await screen.findByText("Certaines URLs d'images invalides ont été retirées")).toBeTruthy();
    await screen.findByText(/Appartement ajouté avec succès!/);
    expect(JSON.parse(sent().images)).toEqual([IMAGE]);
  });

  it("answers 'Aucune des images n'a une URL valide' when none is left, without a call", async () => {
    const user = setup();
    await renderPage();
    await fillRequired(user);
    await replace(user, 'Image 1', 'pas-une-url');
    await submit(user);
    expect(await screen.findByText("Aucune des images n'a une URL valide")).toBeTruthy();
    expect(screen.queryByRole('list', { name: "Images de l'appartement" })).toBeNull();
    expect(create).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(field("URL de l'image"));
  });
});

describe('checks on submit', () => {
  it("answers 'Veuillez remplir tous les champs obligatoires' and focuses the first missing field", async () => {
    const user = setup();
    await renderPage();
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe('Veuillez remplir tous les champs obligatoires');
    expect(document.activeElement).toBe(field('Titre'));
    expect(field('Titre').getAttribute('aria-invalid')).toBe('true');

    await user.type(field('Titre'), 'Loft');
    await user.type(field('Description'), 'Un loft.');
    await user.type(field('Localisation'), 'Metz');
    await user.clear(field('Prix par nuit (€)'));
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe('Veuillez remplir tous les champs obligatoires');
    expect(document.activeElement).toBe(field('Prix par nuit (€)'));
    expect(create).not.toHaveBeenCalled();
  });

  it("answers 'Vous devez ajouter au moins une image' without images", async () => {
    const user = setup();
    await renderPage();
    await fillRequired(user, { image: false });
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe('Vous devez ajouter au moins une image');
    expect(document.activeElement).toBe(field("URL de l'image"));
    expect(create).not.toHaveBeenCalled();
  });

  it.each([
    ['Prix par nuit (€)', '0', 'Le champ « prix par nuit » doit être au moins 1.'],
    ['Surface (m²)', '0', 'Le champ « surface » doit être au moins 1.'],
    ['Voyageurs', '0', 'Le champ « nombre de voyageurs » doit être au moins 1.'],
    ['Chambres', '-1', 'Le champ « nombre de chambres » doit être au moins 0.'],
    ['Lits', '0', 'Le champ « nombre de lits » doit être au moins 1.'],
    ['Salles de bain', '-1', 'Le champ « nombre de salles de bain » doit être au moins 0.'],
    ['Surface (m²)', '45.5', 'Le champ « surface » doit être un nombre entier.'],
  ])('checks the minimum of %s (%s)', async (name, value, message) => {
    const user = setup();
    await renderPage();
    await fillRequired(user);
    await replace(user, name, value);
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(document.activeElement).toBe(field(name));
    expect(create).not.toHaveBeenCalled();
  });

  it("answers 'Vous devez être connecté en tant qu'administrateur' when the session is no longer an admin's", async () => {
    const user = setup();
    await renderPage();
    await fillRequired(user);
    act(() => sessionWriter.signedIn(client));
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe("Vous devez être connecté en tant qu'administrateur");
    expect(create).not.toHaveBeenCalled();
  });
});

describe('sending', () => {
  it('sends the spec payload, JSON-shaped fields as JSON strings', async () => {
    create.mockResolvedValue({ id: 50, appartement: appartement({ id: 50 }) });
    const user = setup();
    await renderPage();
    await fillRequired(user);
    await replace(user, 'Voyageurs', '4');
    await replace(user, 'Chambres', '2');
    await replace(user, 'Lits', '3');
    await replace(user, 'Salles de bain', '0');
    await user.click(screen.getByRole('button', { name: 'Wifi' }));
    await user.click(screen.getByRole('button', { name: 'Piscine' }));
    await user.click(screen.getByRole('button', { name: 'Parking gratuit' }));
    await user.click(screen.getByRole('button', { name: 'Piscine' }));
    await user.click(screen.getByRole('button', { name: 'Sèche-cheveux' }));
    await user.type(field('Salle de bain'), 'Shampooing, Serviettes ,');
    await user.type(field('Internet et bureau'), 'Fibre, Bureau');
    await user.type(field("Nom de l'hôte"), 'Claire');
    await replace(user, 'Départ', 'avant 11:00');
    await user.click(screen.getByRole('radio', { name: 'Stricte' }));
    const smoobuId = Number(field('Identifiant Smoobu').value);
    await submit(user);
    await screen.findByText(/Appartement ajouté avec succès!/);

    expect(create).toHaveBeenCalledTimes(1);
    const payload = sent();
    expect(payload).toEqual({
      titre: 'Loft lumineux Cathédrale',
      description: 'Un loft au pied de la cathédrale.',
      localisation: 'Metz Centre',
      ville: '',
      latitude: null,
      longitude: null,
      prixParNuit: 89.5,
      surface: 45,
      capacite: expect.any(String),
      hote: expect.any(String),
      regles: expect.any(String),
      images: expect.any(String),
      equipements: expect.any(String),
      inclus: ['Wifi', 'Parking gratuit'],
      nonInclus: ['Sèche-cheveux'],
      slug: 'loft-lumineux-cathedrale',
      smoobuId,
      note: 5,
      nombreAvis: 0,
      politiqueAnnulation: 'Stricte',
    });
    expect(JSON.parse(payload.capacite)).toEqual({ voyageurs: 4, chambres: 2, lits: 3, sallesDeBain: 0 });
    expect(JSON.parse(payload.hote)).toEqual({ nom: 'Claire', experience: 'Nouveau', tauxReponse: '100%', delaiReponse: '1h' });
    expect(JSON.parse(payload.regles)).toEqual({ arrivee: '15:00 - 00:00', depart: 'avant 11:00', voyageursMax: 4 });
    expect(JSON.parse(payload.images)).toEqual([IMAGE]);
    expect(JSON.parse(payload.equipements)).toEqual({ salleDeBain: ['Shampooing', 'Serviettes'], internetEtBureau: ['Fibre', 'Bureau'] });
  });

  it('sends the town and the coordinates typed with a French decimal comma as numbers', async () => {
    create.mockResolvedValue({ id: 50, appartement: appartement({ id: 50 }) });
    const user = setup();
    await renderPage();
    await fillRequired(user);
    await fill(user, 'Ville', ' Metz ');
    await fill(user, 'Latitude', '49,1203');
    await fill(user, 'Longitude', '6.1757');
    await submit(user);
    await screen.findByText(/Appartement ajouté avec succès!/);
    expect(sent()).toEqual(expect.objectContaining({ ville: 'Metz', latitude: 49.1203, longitude: 6.1757 }));
  });

  it.each([
    ['Latitude', '91', 'Longitude', '6.17', 'La latitude doit être un nombre entre -90 et 90.', 'Latitude'],
    ['Latitude', '49.1', 'Longitude', '-200', 'La longitude doit être un nombre entre -180 et 180.', 'Longitude'],
    ['Latitude', '49.1', 'Longitude', '', 'Indiquez la latitude et la longitude, ou aucune des deux.', 'Longitude'],
    ['Latitude', 'nord', 'Longitude', '6.17', 'La latitude doit être un nombre entre -90 et 90.', 'Latitude'],
  ])(
    'refuses %s %s and %s %s with its message, focusing the field, without a call',
    async (latLabel, lat, lngLabel, lng, message, focused) => {
      const user = setup();
      await renderPage();
      await fillRequired(user);
      if (lat) await fill(user, latLabel, lat);
      if (lng) await fill(user, lngLabel, lng);
      await submit(user);
      expect(screen.getByRole('alert').textContent).toBe(message);
      expect(document.activeElement).toBe(field(focused));
      expect(create).not.toHaveBeenCalled();
    },
  );

  it('sends the registration number when it is given (the server then publishes the apartment)', async () => {
    create.mockResolvedValue({ id: 50, appartement: appartement({ id: 50 }) });
    const user = setup();
    await renderPage();
    await fillRequired(user);
    await user.type(field("Numéro d'enregistrement"), ' 57463000123AB ');
    await submit(user);
    await screen.findByText(/Appartement ajouté avec succès!/);
    expect(sent().numeroEnregistrement).toBe('57463000123AB');
  });

  it("shows 'Envoi en cours...' on the disabled button while sending", async () => {
    const answer = deferred<Awaited<ReturnType<typeof adminApi.createAppartement>>>();
    create.mockReturnValue(answer.promise);
    const user = setup();
    await renderPage();
    await fillRequired(user);
    await submit(user);
    const button = screen.getByRole('button', { name: 'Envoi en cours...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.click(button);
    expect(create).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve({ id: 50, appartement: appartement({ id: 50 }) }));
    expect(screen.getByText(/Appartement ajouté avec succès!/)).toBeTruthy();
  });

  it("retries a taken smoobuId with new ids, showing 'ID déjà utilisé, nouvelle tentative...', and succeeds on the third attempt", async () => {
    const third = deferred<Awaited<ReturnType<typeof adminApi.createAppartement>>>();
    create.mockRejectedValueOnce(SMOOBU_TAKEN()).mockRejectedValueOnce(SMOOBU_TAKEN()).mockReturnValueOnce(third.promise);
    const user = setup();
    await renderPage();
    await fillRequired(user);
    await submit(user);
    await waitFor(() => expect(create).toHaveBeenCalledTimes(3));
    expect(screen.getByRole('status').textContent).toBe('ID déjà utilisé, nouvelle tentative...');
    const ids = create.mock.calls.map(([payload]) => payload.smoobuId);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toBeGreaterThanOrEqual(1_000_000);
    expect(field('Identifiant Smoobu').value).toBe(String(ids[2]));

    await act(async () => third.resolve({ id: 50, appartement: appartement({ id: 50 }) }));
    expect(screen.getByText(/Appartement ajouté avec succès!/)).toBeTruthy();
    expect(screen.queryByText('ID déjà utilisé, nouvelle tentative...')).toBeNull();
  });

  it("stops after 3 attempts with 'Impossible d'ajouter l'appartement après plusieurs tentatives'", async () => {
    create.mockRejectedValue(SMOOBU_TAKEN());
    const user = setup();
    await renderPage();
    await fillRequired(user);
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe("Impossible d'ajouter l'appartement après plusieurs tentatives");
    expect(create).toHaveBeenCalledTimes(3);
    expect((screen.getByRole('button', { name: "Ajouter l'appartement" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    [
      'the server message of a 400',
      httpError(400, "L'URL est trop longue. Veuillez entrer une URL plus courte."),
      "L'URL est trop longue. Veuillez entrer une URL plus courte.",
    ],
    [
      'the server message of a taken slug',
      httpError(409, 'Ce slug est déjà utilisé par un autre appartement : modifiez le titre.', 'SLUG_TAKEN'),
      'Ce slug est déjà utilisé par un autre appartement : modifiez le titre.',
    ],
    ['the status without a message', httpError(500), "Erreur lors de l'ajout de l'appartement (500)"],
    ['the generic message without an answer', networkError(), "Une erreur est survenue lors de l'ajout de l'appartement"],
    [
      'the admin message for a lost session (401)',
      httpError(401, 'Authentification requise. Veuillez vous connecter.'),
      "Vous devez être connecté en tant qu'administrateur",
    ],
    [
      'the admin message for a lost role (403)',
      httpError(403, "Vous n'avez pas l'autorisation d'effectuer cette action."),
      "Vous devez être connecté en tant qu'administrateur",
    ],
  ])('tells %s', async (_, error, message) => {
    create.mockRejectedValue(error);
    const user = setup();
    await renderPage();
    await fillRequired(user);
    await submit(user);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(create).toHaveBeenCalledTimes(1);
    expect(field('Titre').value).toBe('Loft lumineux Cathédrale');
  });
});

describe('after a success', () => {
  beforeEach(() => {
    create.mockResolvedValue({ id: 50, appartement: appartement({ id: 50, titre: 'Loft lumineux Cathédrale' }) });
  });

  it('tells the success, offers the two follow-ups and goes to the home page after 2 s', async () => {
    jest.useFakeTimers();
    const user = setup({ advanceTimers: jest.advanceTimersByTime });
    await renderPage();
    await fillRequired(user);
    await submit(user);
    expect((await screen.findByRole('status')).textContent).toContain('Appartement ajouté avec succès!');
    expect(screen.getByRole('button', { name: 'Ajouter un autre appartement' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Voir sur la page d'accueil" }).getAttribute('href')).toBe('/');
    act(() => jest.advanceTimersByTime(1900));
    expect(screen.getByRole('heading', { level: 1, name: 'Ajouter un appartement' })).toBeTruthy();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByRole('heading', { level: 1, name: 'Accueil' })).toBeTruthy();
  });

  it("'Ajouter un autre appartement' gives a fresh form and stays on the page", async () => {
    jest.useFakeTimers();
    const user = setup({ advanceTimers: jest.advanceTimersByTime });
    await renderPage();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Wifi' }));
    await submit(user);
    await user.click(await screen.findByRole('button', { name: 'Ajouter un autre appartement' }));
    expect(field('Titre').value).toBe('');
    expect(field('Prix par nuit (€)').value).toBe('0');
    expect(screen.getByRole('button', { name: 'Wifi' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('list', { name: "Images de l'appartement" })).toBeNull();
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByRole('heading', { level: 1, name: 'Ajouter un appartement' })).toBeTruthy();
  });

  it("'Voir sur la page d'accueil' goes home at once", async () => {
    const user = setup();
    await renderPage();
    await fillRequired(user);
    await submit(user);
    await user.click(await screen.findByRole('link', { name: "Voir sur la page d'accueil" }));
    expect(screen.getByRole('heading', { level: 1, name: 'Accueil' })).toBeTruthy();
  });
});

describe('the one apartment form in add mode (issues 30 and 33)', () => {
  it('sends the host photo with the host, refuses one that is not an image URL, and uploads photos only once created', async () => {
    create.mockResolvedValue({ id: 50, appartement: appartement({ id: 50 }) });
    const user = setup();
    await renderPage();
    expect(screen.queryByLabelText('Ajouter des photos')).toBeNull();
    expect(screen.getByText("Les photos se téléversent une fois l'appartement créé, depuis « Modifier l'appartement ».")).toBeTruthy();
    expect(screen.queryByLabelText(/Texte alternatif/)).toBeNull();
    await fillRequired(user);
    await fill(user, "Photo de l'hôte", 'claire.jpg');
    await submit(user);
    expect(screen.getByRole('alert').textContent).toBe('Veuillez entrer une URL valide commençant par http:// ou https://');
    expect(document.activeElement).toBe(field("Photo de l'hôte"));
    expect(create).not.toHaveBeenCalled();
    await replace(user, "Photo de l'hôte", 'https://images.test/claire.jpg');
    await submit(user);
    await screen.findByText(/Appartement ajouté avec succès!/);
    expect(JSON.parse(create.mock.calls[0]![0].hote)).toEqual({
      nom: '',
      experience: 'Nouveau',
      tauxReponse: '100%',
      delaiReponse: '1h',
      photo: 'https://images.test/claire.jpg',
    });
  });

  it('reorders the image URLs with the keyboard before sending', async () => {
    create.mockResolvedValue({ id: 50, appartement: appartement({ id: 50 }) });
    const user = setup();
    await renderPage();
    await fillRequired(user);
    await addImage(user, 'https://images.test/loft-2.jpg');
    screen.getByRole('button', { name: "Monter l'image 2" }).focus();
    await user.keyboard('{Enter}');
    await submit(user);
    await screen.findByText(/Appartement ajouté avec succès!/);
    expect(JSON.parse(create.mock.calls[0]![0].images)).toEqual(['https://images.test/loft-2.jpg', IMAGE]);
  });
});
