import { adminApi, type AppartementUpdatePayload } from 'shared-kernel';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { appartement, deferred, httpError, networkError } from '../../test/fixtures';
import ApartmentEditor from './ApartmentEditor';
import { QueryWrapper } from '../../../tooling/testing/query-client';

const update = jest.spyOn(adminApi, 'updateAppartement');
const uploadPhotos = jest.spyOn(adminApi, 'uploadPhotos');
const onSaved = jest.fn();

function renderEditor(overrides: Parameters<typeof appartement>[0] = {}) {
  return render(<ApartmentEditor appartement={appartement(overrides)} onSaved={onSaved} />, { wrapper: QueryWrapper });
}

function setup(): UserEvent {
  return userEvent.setup({ delay: null });
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const save = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));

async function open(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: "Modifier l'appartement" }));
  return screen.getByRole('form', { name: "Modifier l'appartement" });
}

async function replace(user: UserEvent, name: string, value: string) {
  await user.clear(field(name));
  if (value !== '') await user.paste(value);
}

function sent(): AppartementUpdatePayload {
  return update.mock.calls[0]![1];
}

beforeEach(() => {
  update.mockReset();
  uploadPhotos.mockReset();
  onSaved.mockReset();
});

describe('opening and closing', () => {
  it("opens the form with 'Modifier l'appartement', filled with the apartment, and closes it with 'Annuler'", async () => {
    const user = setup();
    renderEditor();
    expect(screen.queryByRole('form')).toBeNull();
    await open(user);
    expect(screen.queryByRole('button', { name: "Modifier l'appartement" })).toBeNull();
    expect(field('Titre').value).toBe('Loft lumineux Cathédrale');
    expect(field('Description').value).toBe('Un loft au pied de la cathédrale Saint-Étienne.');
    expect(field('Localisation').value).toBe('Metz Centre');
    expect(field('Prix par nuit (€)').value).toBe('89');
    expect(field('Surface (m²)').value).toBe('45');
    expect([field('Voyageurs').value, field('Chambres').value, field('Lits').value, field('Salles de bain').value]).toEqual([
      '4',
      '2',
      '2',
      '1',
    ]);
    expect(field('Identifiant Smoobu').value).toBe('1234567');
    expect(field('Image 1').value).toBe('https://images.test/loft-1.jpg');

    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('button', { name: "Modifier l'appartement" })).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });

  it('drops unsaved changes when closed, and reopens with the apartment as given', async () => {
    const user = setup();
    const { rerender } = renderEditor();
    await open(user);
    await replace(user, 'Titre', 'Autre titre');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    rerender(<ApartmentEditor appartement={appartement({ titre: 'Loft rénové' })} onSaved={onSaved} />);
    await open(user);
    expect(field('Titre').value).toBe('Loft rénové');
  });

  it('has every field required, with the edit form minimums', async () => {
    const user = setup();
    renderEditor();
    await open(user);
    for (const name of [
      'Titre',
      'Description',
      'Localisation',
      'Prix par nuit (€)',
      'Surface (m²)',
      'Voyageurs',
      'Chambres',
      'Lits',
      'Salles de bain',
    ]) {
      expect(field(name).required).toBe(true);
    }
    expect(field('Identifiant Smoobu').required).toBe(false);
    expect(field('Identifiant Smoobu').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/laissez ce champ vide si le gestionnaire de canaux \(Smoobu\) n'est pas utilisé/)).toBeTruthy();
    const minimums: Record<string, string> = {
      'Prix par nuit (€)': '0',
      'Surface (m²)': '0',
      Voyageurs: '1',
      Chambres: '0',
      Lits: '1',
      'Salles de bain': '0',
    };
    for (const [name, min] of Object.entries(minimums)) expect(field(name).min).toBe(min);
    expect(field('Prix par nuit (€)').step).toBe('0.01');
  });

  it('lists the fixed inclus and nonInclus choices as checkboxes, keeping labels the apartment already has', async () => {
    const user = setup();
    renderEditor();
    await open(user);
    const inclus = screen.getByRole('group', { name: 'Équipements inclus' });
    const boxes = within(inclus).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.labels?.[0]?.textContent)).toEqual([
      'Wifi',
      'Parking gratuit',
      'Netflix',
      'Cuisine',
      'Climatisation',
      'Lave-linge',
      'Sèche-linge',
      'Fer à repasser',
      'Lave-vaisselle',
    ]);
    expect(boxes.filter((b) => b.checked).map((b) => b.labels?.[0]?.textContent)).toEqual(['Wifi', 'Cuisine', 'Lave-vaisselle']);
    const nonInclus = screen.getByRole('group', { name: 'Non inclus' });
    expect((within(nonInclus).getAllByRole('checkbox') as HTMLInputElement[]).map((b) => [b.labels?.[0]?.textContent, b.checked])).toEqual([
      ['Détecteur de fumée', false],
      ['Détecteur de monoxyde de carbone', false],
      ['Animaux de compagnie', true],
    ]);
  });
});

describe('checks', () => {
  it.each([
    ['Titre', '', 'Veuillez remplir tous les champs obligatoires'],
    ['Description', '', 'Veuillez remplir tous les champs obligatoires'],
    ['Localisation', '', 'Veuillez remplir tous les champs obligatoires'],
    ['Prix par nuit (€)', '', 'Veuillez remplir tous les champs obligatoires'],
    ['Surface (m²)', '', 'Veuillez remplir tous les champs obligatoires'],
    ['Prix par nuit (€)', '-1', 'Le champ « prix par nuit » doit être au moins 0.'],
    ['Surface (m²)', '-5', 'Le champ « surface » doit être au moins 0.'],
    ['Voyageurs', '0', 'Le champ « nombre de voyageurs » doit être au moins 1.'],
    ['Chambres', '-1', 'Le champ « nombre de chambres » doit être au moins 0.'],
    ['Lits', '0', 'Le champ « nombre de lits » doit être au moins 1.'],
    ['Salles de bain', '-1', 'Le champ « nombre de salles de bain » doit être au moins 0.'],
    ['Identifiant Smoobu', '123', "L'identifiant Smoobu doit être un entier de 7 chiffres (1000000 à 9999999)."],
  ])('refuses %s = "%s"', async (name, value, message) => {
    const user = setup();
    renderEditor();
    await open(user);
    await replace(user, name, value);
    await save(user);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(document.activeElement).toBe(field(name));
    expect(update).not.toHaveBeenCalled();
  });

  it('accepts a price of 0 and a surface of 0', async () => {
    update.mockResolvedValue(appartement());
    const user = setup();
    renderEditor();
    await open(user);
    await replace(user, 'Prix par nuit (€)', '0');
    await replace(user, 'Surface (m²)', '0');
    await save(user);
    expect(update).toHaveBeenCalledTimes(1);
    expect(sent()).toEqual(expect.objectContaining({ prixParNuit: 0, surface: 0 }));
  });

  it('refuses an image URL edited into an invalid one', async () => {
    const user = setup();
    renderEditor();
    await open(user);
    await replace(user, 'Image 2', 'images.test/loft-2.jpg');
    await save(user);
    expect(screen.getByRole('alert').textContent).toBe('Veuillez entrer une URL valide commençant par http:// ou https://');
    expect(document.activeElement).toBe(field('Image 2'));
    expect(update).not.toHaveBeenCalled();
  });
});

describe('saving', () => {
  it('sends the price as a decimal, surface and smoobuId as integers, JSON-shaped fields as JSON strings', async () => {
    update.mockResolvedValue(appartement());
    const user = setup();
    renderEditor();
    await open(user);
    await replace(user, 'Titre', 'Loft rénové');
    await replace(user, 'Prix par nuit (€)', '92.5');
    await replace(user, 'Surface (m²)', '48');
    await replace(user, 'Voyageurs', '5');
    await replace(user, 'Identifiant Smoobu', '7654321');
    await user.click(screen.getByRole('checkbox', { name: 'Netflix' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cuisine' }));
    await user.click(screen.getByRole('checkbox', { name: 'Détecteur de fumée' }));
    await user.click(within(screen.getAllByRole('listitem')[0]!).getByRole('button', { name: 'Supprimer' }));
    await user.click(field("URL de l'image"));
    await user.paste('https://images.test/loft-3.jpg');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    await save(user);

    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0]![0]).toBe(42);
    expect(sent()).toEqual({
      titre: 'Loft rénové',
      description: 'Un loft au pied de la cathédrale Saint-Étienne.',
      localisation: 'Metz Centre',
      ville: '',
      latitude: null,
      longitude: null,
      prixParNuit: 92.5,
      surface: 48,
      capacite: JSON.stringify({ voyageurs: 5, chambres: 2, lits: 2, sallesDeBain: 1 }),
      inclus: JSON.stringify(['Wifi', 'Lave-vaisselle', 'Netflix']),
      nonInclus: JSON.stringify(['Animaux de compagnie', 'Détecteur de fumée']),
      smoobuId: 7654321,
      images: JSON.stringify(['https://images.test/loft-2.jpg', 'https://images.test/loft-3.jpg']),
      // Issue 30 item 5: the policy, host, times and alt texts are sent as they are, even unchanged.
      imagesAlt: '{}',
      politiqueAnnulation: 'Flexible',
      hote: JSON.stringify({ nom: 'Claire', experience: '3 ans', tauxReponse: '100%', delaiReponse: '1h' }),
      regles: JSON.stringify({ arrivee: '15:00 - 00:00', depart: 'avant 12:00' }),
    });
  });

  it('sends smoobuId null when the field is left empty', async () => {
    update.mockResolvedValue(appartement({ smoobuId: null }));
    const user = setup();
    renderEditor();
    await open(user);
    await user.clear(field('Identifiant Smoobu'));
    await save(user);
    expect(sent().smoobuId).toBeNull();
  });

  it("closes the form, calls onSaved and says 'L'appartement a été mis à jour avec succès !'", async () => {
    const answer = deferred<Awaited<ReturnType<typeof adminApi.updateAppartement>>>();
    update.mockReturnValue(answer.promise);
    const user = setup();
    renderEditor();
    await open(user);
    await save(user);
    const busy = screen.getByRole('button', { name: 'Enregistrement...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(onSaved).not.toHaveBeenCalled();
    await act(async () => answer.resolve(appartement()));
    expect(screen.queryByRole('form')).toBeNull();
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe("L'appartement a été mis à jour avec succès !");
    expect(screen.getByRole('button', { name: "Modifier l'appartement" })).toBeTruthy();

    await open(user);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each([
    [
      'the server message',
      httpError(400, 'Le champ « titre » ne peut pas dépasser 120 caractères.'),
      'Le champ « titre » ne peut pas dépasser 120 caractères.',
    ],
    ['the default message without one', httpError(500), "Erreur lors de la mise à jour de l'appartement."],
    ['a connection message without an answer', networkError(), 'Erreur de connexion au serveur.'],
  ])('tells %s when the save fails, and keeps the form', async (_, error, message) => {
    update.mockRejectedValue(error);
    const user = setup();
    renderEditor();
    await open(user);
    await replace(user, 'Titre', 'Loft rénové');
    await save(user);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(field('Titre').value).toBe('Loft rénové');
    expect(onSaved).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Enregistrer les modifications' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('town and coordinates', () => {
  it('shows the town and the coordinates with a French decimal comma, and sends the edited ones as numbers', async () => {
    update.mockResolvedValue(appartement());
    const user = setup();
    renderEditor({ ville: 'Metz', latitude: 49.1203, longitude: 6.1757 });
    await open(user);
    expect(field('Ville').value).toBe('Metz');
    expect(field('Latitude').value).toBe('49,1203');
    expect(field('Longitude').value).toBe('6,1757');
    expect(screen.getByText(/jamais l’adresse exacte/)).toBeTruthy();
    await replace(user, 'Ville', 'Montigny-lès-Metz');
    await replace(user, 'Latitude', '49,0968');
    await replace(user, 'Longitude', '6.1538');
    await save(user);
    expect(sent()).toEqual(expect.objectContaining({ ville: 'Montigny-lès-Metz', latitude: 49.0968, longitude: 6.1538 }));
  });

  it('sends null for both when both are emptied', async () => {
    update.mockResolvedValue(appartement());
    const user = setup();
    renderEditor({ ville: 'Metz', latitude: 49.1203, longitude: 6.1757 });
    await open(user);
    await replace(user, 'Latitude', '');
    await replace(user, 'Longitude', '');
    await save(user);
    expect(sent()).toEqual(expect.objectContaining({ ville: 'Metz', latitude: null, longitude: null }));
  });

  it.each([
    ['Latitude', '-90,5', 'La latitude doit être un nombre entre -90 et 90.', 'Latitude'],
    ['Longitude', '181', 'La longitude doit être un nombre entre -180 et 180.', 'Longitude'],
    ['Longitude', '', 'Indiquez la latitude et la longitude, ou aucune des deux.', 'Longitude'],
    ['Latitude', '', 'Indiquez la latitude et la longitude, ou aucune des deux.', 'Latitude'],
  ])('refuses %s = "%s" with its message, focusing the field to fix, without a call', async (name, value, message, focused) => {
    const user = setup();
    renderEditor({ ville: 'Metz', latitude: 49.1203, longitude: 6.1757 });
    await open(user);
    await replace(user, name, value);
    await save(user);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(document.activeElement).toBe(field(focused));
    expect(update).not.toHaveBeenCalled();
  });
});

describe('every field editable (issue 30 item 5)', () => {
  it('sends the cancellation policy, the check-in and check-out times, the host and the host photo', async () => {
    update.mockResolvedValue(appartement());
    const user = setup();
    renderEditor({ politiqueAnnulation: 'Modérée' });
    await open(user);
    expect((screen.getByRole('radio', { name: 'Modérée' }) as HTMLInputElement).checked).toBe(true);
    expect(field('Arrivée').value).toBe('15:00 - 00:00');
    expect(field("Nom de l'hôte").value).toBe('Claire');
    await user.click(screen.getByRole('radio', { name: 'Stricte' }));
    await replace(user, 'Arrivée', '16:00 - 22:00');
    await replace(user, 'Départ', 'avant 10:00');
    await replace(user, "Nom de l'hôte", 'Élise Muller');
    await replace(user, "Photo de l'hôte", 'https://images.test/elise.jpg');
    await save(user);
    expect(sent()).toEqual(
      expect.objectContaining({
        politiqueAnnulation: 'Stricte',
        regles: JSON.stringify({ arrivee: '16:00 - 22:00', depart: 'avant 10:00' }),
        hote: JSON.stringify({
          nom: 'Élise Muller',
          experience: '3 ans',
          tauxReponse: '100%',
          delaiReponse: '1h',
          photo: 'https://images.test/elise.jpg',
        }),
      }),
    );
  });

  it('refuses a host photo that is not an image URL, focusing it, without a call', async () => {
    const user = setup();
    renderEditor();
    await open(user);
    await replace(user, "Photo de l'hôte", 'elise.jpg');
    await save(user);
    expect(screen.getByRole('alert').textContent).toBe('Veuillez entrer une URL valide commençant par http:// ou https://');
    expect(document.activeElement).toBe(field("Photo de l'hôte"));
    expect(update).not.toHaveBeenCalled();
  });
});

describe('photos: order, alt texts and upload (issue 30 item 4)', () => {
  const uploaded = '/media/photos/0f8c1d7e-1234-4abc-9def-0123456789ab.jpg';

  it('moves an image down and up with the keyboard, the focus following it, and sends the new order', async () => {
    update.mockResolvedValue(appartement());
    const user = setup();
    renderEditor();
    await open(user);
    screen.getByRole('button', { name: "Descendre l'image 1" }).focus();
    await user.keyboard('{Enter}');
    expect([field('Image 1').value, field('Image 2').value]).toEqual(['https://images.test/loft-2.jpg', 'https://images.test/loft-1.jpg']);
    expect(screen.getByRole('status').textContent).toBe('Image déplacée en position 2 sur 2.');
    // The last image has no 'Descendre': the focus goes to its 'Monter'.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: "Monter l'image 2" })));
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(field('Image 1').value).toBe('https://images.test/loft-2.jpg');
    await save(user);
    expect(JSON.parse(sent().images)).toEqual(['https://images.test/loft-2.jpg', 'https://images.test/loft-1.jpg']);
  });

  it('shows and sends the alt texts, and refuses to save an uploaded photo without one', async () => {
    update.mockResolvedValue(appartement());
    const user = setup();
    renderEditor({ images: [uploaded, 'https://images.test/loft-1.jpg'], imagesAlt: { [uploaded]: 'Le salon' } });
    await open(user);
    expect(field("Texte alternatif de l'image 1").value).toBe('Le salon');
    expect(field("Texte alternatif de l'image 1").required).toBe(true);
    expect(field("Texte alternatif de l'image 2").required).toBe(false);
    expect(field('Image 1').readOnly).toBe(true);
    await replace(user, "Texte alternatif de l'image 1", '');
    await save(user);
    expect(screen.getByRole('alert').textContent).toBe(
      'Chaque photo envoyée doit avoir un texte alternatif (ce qu’elle montre, pour qui ne la voit pas).',
    );
    expect(document.activeElement).toBe(field("Texte alternatif de l'image 1"));
    expect(update).not.toHaveBeenCalled();
    await user.paste('Le salon et sa fenêtre');
    await replace(user, "Texte alternatif de l'image 2", 'La cuisine');
    await save(user);
    expect(JSON.parse(sent().imagesAlt!)).toEqual({ [uploaded]: 'Le salon et sa fenêtre', 'https://images.test/loft-1.jpg': 'La cuisine' });
  });

  it('uploads several photos at once, each with its alt text required, and lists them at the end', async () => {
    const answer = deferred<Awaited<ReturnType<typeof adminApi.uploadPhotos>>>();
    uploadPhotos.mockReturnValue(answer.promise);
    const user = setup();
    renderEditor();
    await open(user);
    const salon = new File(['a'], 'salon.jpg', { type: 'image/jpeg' });
    const plan = new File(['b'], 'plan.png', { type: 'image/png' });
    await user.upload(field('Ajouter des photos'), [salon, plan]);
    expect(within(screen.getByRole('list', { name: 'Photos à envoyer' })).getAllByRole('listitem')).toHaveLength(2);
    await user.type(field('Texte alternatif de « salon.jpg »'), 'Le salon');
    await user.click(screen.getByRole('button', { name: 'Envoyer les photos' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Chaque photo envoyée doit avoir un texte alternatif (ce qu’elle montre, pour qui ne la voit pas).',
    );
    expect(document.activeElement).toBe(field('Texte alternatif de « plan.png »'));
    expect(uploadPhotos).not.toHaveBeenCalled();
    await user.type(field('Texte alternatif de « plan.png »'), 'Plan{Enter}');
    expect(uploadPhotos).toHaveBeenCalledWith(42, [
      { file: salon, alt: 'Le salon' },
      { file: plan, alt: 'Plan' },
    ]);
    expect((screen.getByRole('button', { name: 'Envoi des photos...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(update).not.toHaveBeenCalled();
    const added = ['/media/photos/11111111-1111-4111-8111-111111111111.jpg', '/media/photos/22222222-2222-4222-8222-222222222222.jpg'];
    await act(async () =>
      answer.resolve({
        images: ['https://images.test/loft-1.jpg', 'https://images.test/loft-2.jpg', ...added],
        imagesAlt: { [added[0]!]: 'Le salon', [added[1]!]: 'Plan' },
      }),
    );
    expect(screen.getByRole('status').textContent).toBe('2 photos ajoutées à la fin de la liste.');
    expect(field('Image 3').value).toBe(added[0]);
    expect(field("Texte alternatif de l'image 4").value).toBe('Plan');
    expect(screen.queryByRole('list', { name: 'Photos à envoyer' })).toBeNull();
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it("tells the server's refusal of a file", async () => {
    uploadPhotos.mockRejectedValue(
      httpError(
        415,
        'Les photos HEIC (iPhone) ne sont pas lues par ce serveur : exportez-la en JPEG, ou choisissez « Le plus compatible » dans les réglages Appareil photo > Formats.',
      ),
    );
    const user = setup();
    renderEditor();
    await open(user);
    await user.upload(field('Ajouter des photos'), [new File(['h'], 'IMG_0001.HEIC', { type: 'image/heic' })]);
    await user.type(field('Texte alternatif de « IMG_0001.HEIC »'), 'La terrasse');
    await user.click(screen.getByRole('button', { name: 'Envoyer les photos' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Les photos HEIC \(iPhone\) ne sont pas lues par ce serveur/);
    expect(field('Texte alternatif de « IMG_0001.HEIC »').value).toBe('La terrasse');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
