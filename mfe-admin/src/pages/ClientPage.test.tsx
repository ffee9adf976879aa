import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { RemoteView, type RemoteViewProps, adminApi } from 'shared-kernel';
import { httpError, networkError, profile, reservation } from '../../test/fixtures';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import ClientPage from './ClientPage';

jest.mock('shared-kernel', () => ({
  ...jest.requireActual('shared-kernel'),
  // The messaging remote's fragment stands in as a plain text.
  RemoteView: jest.fn(({ module }: RemoteViewProps) => <p>Fragment {module}</p>),
}));

const getClient = jest.spyOn(adminApi, 'client');
const reservationsOf = jest.spyOn(adminApi, 'reservations');
const remoteView = jest.mocked(RemoteView);

function renderPage(path = '/admin/client/7') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/client/:userId" element={<ClientPage />} />
        <Route path="/admin/reservations" element={<h1>Gestion des Réservations</h1>} />
        <Route path="/reservation/:id" element={<h1>Détails de la réservation</h1>} />
      </Routes>
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
}

async function renderLoaded(path?: string) {
  const view = renderPage(path);
  await screen.findByRole('region', { name: /^Messages/ });
  return view;
}

/** The value next to a label in a card. */
function valueOf(card: string, label: string): string {
  const region = screen.getByRole('region', { name: card });
  return within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

beforeEach(() => {
  getClient.mockReset().mockResolvedValue(profile());
  reservationsOf.mockReset().mockResolvedValue([reservation(), reservation({ id: 3, status: 'terminée', guestsCount: 1 })]);
  remoteView.mockClear();
});

describe('the profile', () => {
  it('loads the client and their reservations, and shows the identity', async () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Chargement du client…');
    expect(await screen.findByRole('heading', { level: 2, name: 'Marie Dupont' })).toBeTruthy();
    expect(getClient).toHaveBeenCalledWith(7);
    expect(reservationsOf).toHaveBeenCalledWith(7);
    expect(screen.getByRole('heading', { level: 1, name: 'Profil client' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Profil client : Marie Dupont | Séjours Messins'));
    const identity = screen.getByRole('region', { name: 'Marie Dupont' });
    expect(within(identity).getByRole('link', { name: 'marie@example.fr' }).getAttribute('href')).toBe('mailto:marie@example.fr');
    expect(within(identity).getByText('Client')).toBeTruthy();
    expect(identity.textContent).toContain('Membre depuis le 5 janvier 2026');
    expect(identity.querySelector('.adm-avatar--initial')?.textContent).toBe('M');
    expect(screen.getByRole('link', { name: 'Retour aux réservations' }).getAttribute('href')).toBe('/admin/reservations');
  });

  it('shows the photo when there is one, and the initial when it fails to load', async () => {
    getClient.mockResolvedValue(profile({ photo: 'https://images.test/marie.jpg', role: 'admin' }));
    await renderLoaded();
    const identity = screen.getByRole('region', { name: 'Marie Dupont' });
    const img = identity.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://images.test/marie.jpg');
    expect(within(identity).getByText('Administrateur')).toBeTruthy();
    fireEvent.error(img);
    expect(identity.querySelector('img')).toBeNull();
    expect(identity.querySelector('.adm-avatar--initial')?.textContent).toBe('M');
  });

  it('shows personal, payment information and preferences readably', async () => {
    await renderLoaded();
    expect(valueOf('Informations personnelles', 'Téléphone')).toBe('06 12 34 56 78');
    expect(valueOf('Informations personnelles', 'Adresse')).toBe('12 rue Serpenoise');
    expect(valueOf('Informations personnelles', 'Ville')).toBe('Metz');
    expect(valueOf('Informations personnelles', 'Code postal')).toBe('57000');
    expect(valueOf('Informations personnelles', 'Pays')).toBe('France');
    expect(valueOf('Informations personnelles', 'Date de naissance')).toBe('15 avril 1990');
    expect(valueOf('Informations personnelles', 'Bio')).toBe('Amatrice de patrimoine lorrain.');
    expect(valueOf('Informations de paiement', 'Méthode de paiement')).toBe('Carte bancaire');
    expect(valueOf('Préférences', 'Newsletter')).toBe('Oui');
    expect(valueOf('Préférences', 'Langue')).toBe('fr');
    expect(valueOf('Préférences', 'Types logement')).toBe('Loft, Studio');
  });

  it("shows 'Non spécifié' for every missing value, and nothing invented", async () => {
    getClient.mockResolvedValue(
      profile({
        phone: null,
        billingAddress: '',
        city: null,
        postalCode: null,
        country: '  ',
        bio: null,
        dateNaissance: null,
        methodePaiement: null,
        preferences: null,
      }),
    );
    await renderLoaded();
    for (const label of ['Téléphone', 'Adresse', 'Ville', 'Code postal', 'Pays', 'Date de naissance', 'Bio']) {
      expect(valueOf('Informations personnelles', label)).toBe('Non spécifié');
    }
    expect(valueOf('Informations de paiement', 'Méthode de paiement')).toBe('Non spécifié');
    expect(within(screen.getByRole('region', { name: 'Préférences' })).getByText('Non spécifié')).toBeTruthy();
    expect(screen.queryByText(/endpoint|\/api\//i)).toBeNull();
  });

  it('reads preferences sent as JSON text', async () => {
    getClient.mockResolvedValue(profile({ preferences: '{"animaux":false,"etage":{"ascenseur":true}}' }));
    await renderLoaded();
    expect(valueOf('Préférences', 'Animaux')).toBe('Non');
    expect(valueOf('Préférences', 'Etage')).toBe('Ascenseur : Oui');
  });
});

describe('the conversation', () => {
  it("renders the messaging remote's conversation with this client", async () => {
    await renderLoaded();
    const region = screen.getByRole('region', { name: 'Messages avec Marie Dupont' });
    expect(within(region).getByText('Fragment messaging/Conversation')).toBeTruthy();
    const call = remoteView.mock.calls.find(([props]) => props.module === 'messaging/Conversation');
    expect(call?.[0].props).toEqual({ contactId: 7, nom: 'Marie Dupont' });
  });
});

describe('the reservation history', () => {
  it('lists the reservations with links to their detail', async () => {
    const user = userEvent.setup();
    await renderLoaded();
    const list = await screen.findByRole('list', { name: 'Réservations du client' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Loft lumineux Cathédrale');
    expect(items[0]!.textContent).toContain('Du 03/12/2026 au 06/12/2026 · 2 voyageurs · 267 €');
    expect(within(items[0]!).getByText('en attente').className).toContain('sk-badge--warning');
    expect(within(items[1]!).getByText('terminée')).toBeTruthy();
    expect(items[1]!.textContent).toContain('1 voyageur ·');
    await user.click(within(items[1]!).getByRole('link', { name: 'Réservation n° 3' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Détails de la réservation' })).toBeTruthy();
  });

  it("says 'Aucune réservation trouvée' when there is none", async () => {
    reservationsOf.mockResolvedValue([]);
    await renderLoaded();
    const region = screen.getByRole('region', { name: 'Historique des réservations' });
    expect(await within(region).findByText('Aucune réservation trouvée')).toBeTruthy();
  });

  it('tells a failed history load without hiding the profile', async () => {
    reservationsOf.mockRejectedValue(httpError(500));
    await renderLoaded();
    const region = screen.getByRole('region', { name: 'Historique des réservations' });
    expect((await within(region).findByRole('alert')).textContent).toBe('Impossible de charger les réservations');
    expect(screen.getByRole('heading', { level: 2, name: 'Marie Dupont' })).toBeTruthy();
  });
});

describe('failures', () => {
  it.each([
    ['an unknown client (404)', httpError(404, 'Utilisateur introuvable.')],
    ['a server error', httpError(500)],
    ['no answer', networkError()],
  ])("says 'Impossible de charger les informations du client' for %s", async (_, error) => {
    getClient.mockRejectedValue(error);
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de charger les informations du client');
    expect(screen.queryByText('Fragment messaging/Conversation')).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour aux réservations' })).toBeTruthy();
  });

  it('does not call the server for an id that cannot exist', async () => {
    renderPage('/admin/client/abc');
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de charger les informations du client');
    expect(getClient).not.toHaveBeenCalled();
    expect(reservationsOf).not.toHaveBeenCalled();
  });
});
