import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { mailPreferencesApi, provideSessionCommands, reservationsApi, sessionWriter, usersApi } from 'shared-kernel';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import { httpError, networkError, owner, profile, reservation } from '../../test/fixtures';
import ProfilePage from './ProfilePage';

// The kernel's calls are replaced on the kernel's own objects, which its declared queries call.
const loadProfile = jest.spyOn(usersApi, 'profile');
const update = jest.spyOn(usersApi, 'update');
const uploadAvatar = jest.spyOn(usersApi, 'uploadAvatar');
const mine = jest.spyOn(reservationsApi, 'mine');
// The 'E-mails' section has its own test (profile/MailPreferences.test.tsx).
const loadMailPreferences = jest.spyOn(mailPreferencesApi, 'load');
const session = { logout: jest.fn(() => Promise.resolve()), refresh: jest.fn(() => Promise.resolve()) };
let withdrawCommands: () => void;

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname} ${JSON.stringify(location.state)}`}</div>;
}

type Entry = string | { pathname: string; state?: unknown };

function renderPage(entry: Entry = '/profile') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/" element={<h1>Accueil</h1>} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/messagerie" element={<h1>Messagerie</h1>} />
        <Route path="/reservation/:id" element={<h1>Réservation</h1>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
}

async function renderLoaded(entry?: Entry) {
  const view = renderPage(entry);
  await screen.findByRole('heading', { level: 2, name: 'Informations personnelles' });
  return view;
}

/** The info card of a label: its shown value. */
function card(label: string): string {
  const cards = screen.getByRole('region', { name: 'Informations personnelles' });
  const term = within(cards).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

function bookings(): HTMLElement {
  return screen.getByRole('region', { name: 'Mes réservations' });
}

beforeEach(() => {
  jest.clearAllMocks();
  loadProfile.mockResolvedValue(profile());
  mine.mockResolvedValue([]);
  loadMailPreferences.mockResolvedValue([{ kind: 'rappel-arrivee', label: 'Rappel 3 jours avant mon arrivée', enabled: true }]);
  sessionWriter.signedIn(owner);
  withdrawCommands = provideSessionCommands(session);
});

afterEach(() => {
  withdrawCommands();
});

describe('loading', () => {
  it('shows the spinner, then the profile', async () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Chargement de votre profil…');
    await screen.findByRole('heading', { level: 2, name: 'Informations personnelles' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeTruthy();
    const side = screen.getByRole('complementary', { name: 'Mon compte' });
    expect(within(side).getByText('Marie Dupont')).toBeTruthy();
    expect(within(side).getByText('marie@example.fr')).toBeTruthy();
    expect(document.title).toBe('Mon profil | Séjours Messins');
  });

  it('shows a discreet error when the profile cannot be loaded, and tries again', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadProfile.mockRejectedValueOnce(networkError());
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Impossible de charger votre profil.');
    expect(logged).toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Informations personnelles' })).toBeTruthy();
    logged.mockRestore();
  });
});

describe('info cards', () => {
  it("shows the profile's values", async () => {
    await renderLoaded();
    expect(card('Nom')).toBe('Marie Dupont');
    expect(card('Email')).toBe('marie@example.fr');
    expect(card('Téléphone')).toBe('06 12 34 56 78');
    expect(card('Adresse')).toBe('12 rue Serpenoise');
    expect(card('Ville')).toBe('Metz');
    expect(card('Code postal')).toBe('57000');
    expect(card('Bio')).toBe('Amatrice de patrimoine lorrain.');
  });

  it("shows 'Non défini', 'Non définie' and 'Aucune information' for missing values", async () => {
    loadProfile.mockResolvedValue(profile({ phone: null, billingAddress: null, city: '  ', postalCode: null, country: null, bio: null }));
    await renderLoaded();
    expect(card('Téléphone')).toBe('Non défini');
    expect(card('Adresse')).toBe('Non définie');
    expect(card('Ville')).toBe('Non définie');
    expect(card('Code postal')).toBe('Non défini');
    expect(card('Pays')).toBe('Non défini');
    expect(card('Bio')).toBe('Aucune information');
  });
});

describe('editing', () => {
  it('opens the form with the email disabled, and Annuler closes it unchanged', async () => {
    await renderLoaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Modifier le profil' }));
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.disabled).toBe(true);
    expect(email.readOnly).toBe(true);
    expect(email.value).toBe('marie@example.fr');
    expect(document.activeElement).toBe(screen.getByLabelText('Nom'));
    ['Nom', 'Téléphone', 'Adresse', 'Ville', 'Code postal', 'Pays', 'Bio'].forEach((label) =>
      expect(screen.getByLabelText(label)).toBeTruthy(),
    );

    await user.type(screen.getByLabelText('Ville'), ' Nord');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(card('Ville')).toBe('Metz');
    expect(update).not.toHaveBeenCalled();
  });

  it("saves, shows the server's profile without reloading, and refreshes the session", async () => {
    update.mockResolvedValue(profile({ nom: 'Marie Durand', phone: null, city: 'Nancy' }));
    await renderLoaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Modifier le profil' }));
    await user.clear(screen.getByLabelText('Nom'));
    await user.type(screen.getByLabelText('Nom'), ' Marie Durand ');
    await user.clear(screen.getByLabelText('Téléphone'));
    await user.clear(screen.getByLabelText('Ville'));
    await user.type(screen.getByLabelText('Ville'), 'Nancy');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(update).toHaveBeenCalledWith({
      name: 'Marie Durand',
      phone: '',
      bio: 'Amatrice de patrimoine lorrain.',
      billingAddress: '12 rue Serpenoise',
      city: 'Nancy',
      postalCode: '57000',
      country: 'France',
    });
    expect(await screen.findByText('Vos informations ont été mises à jour.')).toBeTruthy();
    expect(card('Nom')).toBe('Marie Durand');
    expect(card('Téléphone')).toBe('Non défini');
    expect(card('Ville')).toBe('Nancy');
    expect(within(screen.getByRole('complementary', { name: 'Mon compte' })).getByText('Marie Durand')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Modifier le profil' })).toBeTruthy();
    expect(session.refresh).toHaveBeenCalledTimes(1);
    expect(loadProfile).toHaveBeenCalledTimes(1);
  });

  it("shows the server's French message on a 400 and keeps the form", async () => {
    update.mockRejectedValue(httpError(400, "Le numéro de téléphone n'est pas valide."));
    await renderLoaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Modifier le profil' }));
    await user.clear(screen.getByLabelText('Téléphone'));
    await user.type(screen.getByLabelText('Téléphone'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Le numéro de téléphone n'est pas valide.");
    expect((screen.getByLabelText('Téléphone') as HTMLInputElement).value).toBe('abc');
    expect(session.refresh).not.toHaveBeenCalled();
  });

  it('asks for the name before saving', async () => {
    await renderLoaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Modifier le profil' }));
    await user.clear(screen.getByLabelText('Nom'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText('Veuillez saisir votre nom.')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });
});

describe('avatar', () => {
  const realCreate = URL.createObjectURL;
  const realRevoke = URL.revokeObjectURL;

  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:apercu');
    URL.revokeObjectURL = jest.fn();
  });

  afterEach(() => {
    URL.createObjectURL = realCreate;
    URL.revokeObjectURL = realRevoke;
  });

  it('shows the initial without a photo, the photo otherwise, and the initial when it fails', async () => {
    const { unmount } = await renderLoaded();
    expect(screen.getByText('M', { selector: '.acc-avatar__initial' })).toBeTruthy();
    unmount();

    loadProfile.mockResolvedValue(profile({ photo: '/media/avatars/marie.jpg' }));
    await renderLoaded();
    const photo = screen.getByRole('img', { name: 'Votre photo de profil' });
    expect(photo.getAttribute('src')).toBe('/media/avatars/marie.jpg');
    fireEvent.error(photo);
    expect(screen.getByText('M', { selector: '.acc-avatar__initial' })).toBeTruthy();
  });

  it('refuses a file that is not an image', async () => {
    await renderLoaded();
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Changer la photo') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*');
    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toBe("Ce fichier n'est pas une image. Choisissez une photo JPEG, PNG ou WebP.");
    expect(screen.queryByRole('button', { name: 'Enregistrer la photo' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'Aperçu de votre nouvelle photo' })).toBeNull();
    expect(uploadAvatar).not.toHaveBeenCalled();
  });

  it('previews the chosen image, then saves it and refreshes the session', async () => {
    uploadAvatar.mockResolvedValue('/media/avatars/nouvelle.png');
    await renderLoaded();
    const user = userEvent.setup();
    const file = new File(['png'], 'photo.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Changer la photo'), file);
    expect(screen.getByRole('img', { name: 'Aperçu de votre nouvelle photo' }).getAttribute('src')).toBe('blob:apercu');
    expect(uploadAvatar).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Enregistrer la photo' }));
    expect(uploadAvatar).toHaveBeenCalledWith(file, 'photo.png');
    expect(await screen.findByText('Votre photo de profil a été mise à jour.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Votre photo de profil' }).getAttribute('src')).toBe('/media/avatars/nouvelle.png');
    expect(screen.queryByRole('button', { name: 'Enregistrer la photo' })).toBeNull();
    expect(session.refresh).toHaveBeenCalledTimes(1);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:apercu');
  });

  it("shows the server's message when the photo is refused", async () => {
    uploadAvatar.mockRejectedValue(httpError(413, "L'image ne doit pas dépasser 5 Mo."));
    await renderLoaded();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Changer la photo'), new File(['jpg'], 'photo.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer la photo' }));
    expect((await screen.findByRole('alert')).textContent).toBe("L'image ne doit pas dépasser 5 Mo.");
    expect(screen.getByRole('button', { name: 'Enregistrer la photo' })).toBeTruthy();
    expect(session.refresh).not.toHaveBeenCalled();
  });
});

describe('Mes réservations', () => {
  it('shows a card per booking with its status colour and a link to its details', async () => {
    mine.mockResolvedValue([
      reservation({ id: 12, status: 'confirmée' }),
      reservation({ id: 13, status: 'en attente', appartement: null, totalPrice: 1234.5 }),
      reservation({ id: 14, status: 'annulée' }),
      reservation({ id: 15, status: 'terminée' }),
    ]);
    await renderLoaded();
    const items = await within(bookings()).findAllByRole('listitem');
    expect(items).toHaveLength(4);

    const first = items[0]!;
    expect(within(first).getByRole('heading', { level: 3, name: 'Loft lumineux Cathédrale' })).toBeTruthy();
    expect(within(first).getByText('Du 03/12/2026 au 06/12/2026')).toBeTruthy();
    expect(within(first).getByText('Metz Centre')).toBeTruthy();
    expect(within(first).getByText('267 €')).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Loft lumineux Cathédrale' }).getAttribute('src')).toBe('https://images.test/loft-1.jpg');
    const link = within(first).getByRole('link', { name: 'Voir les détails' });
    expect(link.getAttribute('href')).toBe('/reservation/12');

    const second = items[1]!;
    expect(within(second).getByRole('heading', { level: 3, name: 'Appartement' })).toBeTruthy();
    expect(within(second).getByText('Adresse non spécifiée')).toBeTruthy();
    expect(within(second).getByText('1 234,50 €')).toBeTruthy();
    expect(within(second).getByRole('img', { name: 'Image non disponible' })).toBeTruthy();

    const tones = [
      ['confirmée', 'success'],
      ['en attente', 'warning'],
      ['annulée', 'danger'],
      ['terminée', 'info'],
    ];
    tones.forEach(([status, tone], index) => expect(within(items[index]!).getByText(status!).className).toBe(`sk-badge sk-badge--${tone}`));

    await userEvent.setup().click(link);
    expect(screen.getByRole('heading', { level: 1, name: 'Réservation' })).toBeTruthy();
  });

  it("says 'Vous n'avez pas encore de réservation.' without any", async () => {
    await renderLoaded();
    expect(await within(bookings()).findByText("Vous n'avez pas encore de réservation.")).toBeTruthy();
    expect(within(bookings()).queryByRole('listitem')).toBeNull();
  });

  it('says so when the reservations cannot be loaded', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mine.mockRejectedValue(httpError(500));
    await renderLoaded();
    expect((await within(bookings()).findByRole('alert')).textContent).toBe('Impossible de charger vos réservations.');
    logged.mockRestore();
  });

  it('shows the success message with the reservation number after a booking, once', async () => {
    await renderLoaded({ pathname: '/profile', state: { message: 'Votre réservation a été effectuée avec succès !', reservationId: 12 } });
    expect(
      screen.getByText('Votre réservation a été effectuée avec succès ! (réservation n° 12)').closest('.sk-alert')?.className,
    ).toContain('sk-alert--success');
    // The navigation state is cleared (a reload does not show it again), the message stays for this visit.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profile null'));
    expect(screen.getByText('Votre réservation a été effectuée avec succès ! (réservation n° 12)')).toBeTruthy();
  });

  it('shows no message on a plain visit', async () => {
    await renderLoaded();
    expect(screen.queryByText(/effectuée avec succès/)).toBeNull();
  });
});

describe('entries and logout', () => {
  it('links Messages to /messagerie; the two entries without a page are not interactive', async () => {
    await renderLoaded();
    const nav = screen.getByRole('navigation', { name: 'Rubriques du compte' });
    expect(within(nav).getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe('/messagerie');
    for (const label of ['Historique des réservations', 'Moyens de paiement']) {
      const entry = within(nav).getByText(label);
      expect(entry.closest('a, button')).toBeNull();
      expect(within(nav).queryByRole('button', { name: new RegExp(label) })).toBeNull();
      expect(within(nav).queryByRole('link', { name: new RegExp(label) })).toBeNull();
    }
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Messages' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Messagerie' })).toBeTruthy();
  });

  it("'Informations personnelles' brings the info cards into view", async () => {
    await renderLoaded();
    const nav = screen.getByRole('navigation', { name: 'Rubriques du compte' });
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Informations personnelles' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Informations personnelles' }));
  });

  it("'Déconnexion' asks the shell to sign out", async () => {
    await renderLoaded();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(session.logout).toHaveBeenCalledTimes(1);
  });
});

describe('long emails', () => {
  it('offer line breaks only before their @ and their dots', async () => {
    const { Email } = await import('../ui/Email');
    const { container } = render(<Email address="camille.martin-longue@exemple.fr" />);
    const span = container.querySelector('.acc-email')!;
    expect(span.textContent).toBe('camille.martin-longue@exemple.fr');
    // Each <wbr> sits right before '.', '@' or '.'.
    const after = Array.from(span.querySelectorAll('wbr')).map((wbr) => wbr.nextSibling?.textContent?.[0]);
    expect(after).toEqual(['.', '@', '.']);
  });
});
