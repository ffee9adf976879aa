import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { reservationsApi, type Reservation } from 'shared-kernel';
import { adminApi } from '../api/adminApi';
import { deferred, httpError, networkError, reservation, threeReservations } from '../../test/fixtures';
import ReservationsPage from './ReservationsPage';

jest.mock('../api/adminApi', () => ({
  adminApi: {
    createAppartement: jest.fn(),
    updateAppartement: jest.fn(),
    reservations: jest.fn(),
    deleteReservation: jest.fn(),
    client: jest.fn(),
  },
}));
jest.mock('shared-kernel', () => ({
  ...jest.requireActual('shared-kernel'),
  reservationsApi: {
    get: jest.fn(),
    setStatus: jest.fn(),
    mine: jest.fn(),
    create: jest.fn(),
    depositReceived: jest.fn(),
    balanceReceived: jest.fn(),
  },
}));

const all = jest.mocked(adminApi.reservations);
const remove = jest.mocked(adminApi.deleteReservation);
const setStatus = jest.mocked(reservationsApi.setStatus);

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/admin/reservations']}>
      <Routes>
        <Route path="/admin/reservations" element={<ReservationsPage />} />
        <Route path="/reservation/:id" element={<h1>Détails de la réservation</h1>} />
        <Route path="/admin/client/:userId" element={<h1>Profil client</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function renderLoaded(list: Reservation[] = threeReservations()) {
  all.mockResolvedValue(list);
  const view = renderPage();
  await screen.findByRole('table');
  return view;
}

function setup(): UserEvent {
  return userEvent.setup({ delay: null });
}

/** The row of a reservation, by its number. */
function row(id: number): HTMLElement {
  return screen.getByRole('rowheader', { name: `Réservation #${id}` }).closest('tr')!;
}

function shownIds(): number[] {
  return screen.queryAllByRole('rowheader').map((cell) => Number(cell.textContent?.replace(/\D/g, '')));
}

const footer = () => screen.getByText(/^Affichage de \d+ réservation\(s\)$/).textContent;

let confirmSpy: jest.SpyInstance;

beforeEach(() => {
  all.mockReset();
  remove.mockReset();
  setStatus.mockReset();
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});

afterEach(() => confirmSpy.mockRestore());

describe('the list', () => {
  it("shows a spinner, then 'Gestion des Réservations' with the accessible table", async () => {
    const answer = deferred<Reservation[]>();
    all.mockReturnValue(answer.promise);
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Chargement des réservations…');
    await act(async () => answer.resolve(threeReservations()));
    expect(screen.getByRole('heading', { level: 1, name: 'Gestion des Réservations' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Gestion des Réservations | Séjours Messins'));
    const table = screen.getByRole('table', { name: 'Réservations' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => [th.textContent, th.getAttribute('scope')]),
    ).toEqual(['ID', 'Client', 'Appartement', 'Dates', 'Voyageurs', 'Total', 'Statut', 'Actions'].map((name) => [name, 'col']));
    expect(shownIds()).toEqual([12, 15, 3]);
    expect(footer()).toBe('Affichage de 3 réservation(s)');
    expect(all).toHaveBeenCalledWith();
  });

  it('shows each row: links to the reservation and the client, apartment, fr-FR dates, guests, total and coloured status', async () => {
    await renderLoaded();
    const cells = within(row(12)).getAllByRole('cell');
    expect(within(row(12)).getByRole('link', { name: 'Réservation #12' }).getAttribute('href')).toBe('/reservation/12');
    expect(within(cells[0]!).getByRole('link', { name: 'Marie Dupont' }).getAttribute('href')).toBe('/admin/client/7');
    expect(cells[0]!.textContent).toContain('marie@example.fr');
    expect(cells[1]!.textContent).toBe('Loft lumineux CathédraleMetz Centre');
    expect(cells[2]!.textContent).toBe('Du 03/12/2026au 06/12/2026');
    expect(cells[3]!.textContent).toBe('2');
    expect(cells[4]!.textContent).toBe('267 €');
    expect(within(cells[5]!).getByText('en attente').className).toContain('sk-badge--warning');
    expect(within(row(15)).getByText('confirmée').className).toContain('sk-badge--success');
    expect(within(row(3)).getByText('annulée').className).toContain('sk-badge--danger');
  });

  it('opens the reservation and the client profile from a row', async () => {
    const user = setup();
    const { unmount } = await renderLoaded();
    await user.click(within(row(15)).getByRole('link', { name: 'Réservation #15' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Détails de la réservation' })).toBeTruthy();
    unmount();
    await renderLoaded();
    await user.click(within(row(15)).getByRole('link', { name: 'Hugo Martin' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Profil client' })).toBeTruthy();
  });

  it("says 'Aucune réservation trouvée' when there is none", async () => {
    all.mockResolvedValue([]);
    renderPage();
    expect(await screen.findByText('Aucune réservation trouvée')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(footer()).toBe('Affichage de 0 réservation(s)');
  });

  it("says 'Impossible de charger les réservations' when the first load fails, and loads again with Réessayer", async () => {
    all.mockRejectedValueOnce(httpError(500)).mockResolvedValueOnce(threeReservations());
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de charger les réservations');
    await setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(all).toHaveBeenCalledTimes(2);
  });
});

describe('filter and search', () => {
  it('filters by status, Tous showing them all', async () => {
    const user = setup();
    await renderLoaded();
    const select = screen.getByRole('combobox', { name: 'Statut' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tous', 'en attente', 'confirmée', 'annulée', 'terminée']);
    await user.selectOptions(select, 'confirmée');
    expect(shownIds()).toEqual([15]);
    expect(footer()).toBe('Affichage de 1 réservation(s)');
    await user.selectOptions(select, 'terminée');
    expect(screen.getByText('Aucune réservation trouvée')).toBeTruthy();
    expect(footer()).toBe('Affichage de 0 réservation(s)');
    await user.selectOptions(select, 'Tous');
    expect(shownIds()).toEqual([12, 15, 3]);
  });

  it.each([
    ['a guest name', 'hugo', [15]],
    ['a guest name without accents or case', 'MARIE dupont', [12, 3]],
    ['an email', 'marie@example', [12, 3]],
    ['an apartment title', 'cathedrale', [12, 3]],
    ['a reservation id', '15', [15]],
    ['a reservation id as shown', '#3', [3]],
  ])('searches %s', async (_, query, ids) => {
    const user = setup();
    await renderLoaded();
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), query);
    expect(shownIds()).toEqual(ids);
    expect(footer()).toBe(`Affichage de ${ids.length} réservation(s)`);
  });

  it('combines the search with the status filter', async () => {
    const user = setup();
    await renderLoaded();
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'marie');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'annulée');
    expect(shownIds()).toEqual([3]);
    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'personne');
    expect(screen.getByText('Aucune réservation trouvée')).toBeTruthy();
  });
});

describe('refresh', () => {
  it("loads the list again with 'Rafraîchir'", async () => {
    const user = setup();
    await renderLoaded();
    all.mockResolvedValueOnce([reservation({ id: 20 })]);
    await user.click(screen.getByRole('button', { name: 'Rafraîchir' }));
    await waitFor(() => expect(shownIds()).toEqual([20]));
    expect(all).toHaveBeenCalledTimes(2);
  });

  it("keeps the list and says 'Impossible de rafraîchir les réservations' when it fails", async () => {
    const user = setup();
    await renderLoaded();
    all.mockRejectedValueOnce(networkError());
    await user.click(screen.getByRole('button', { name: 'Rafraîchir' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de rafraîchir les réservations');
    expect(shownIds()).toEqual([12, 15, 3]);
  });
});

describe('quick actions', () => {
  it("offers 'Confirmer' and 'Annuler' only while 'en attente'", async () => {
    await renderLoaded();
    expect(within(row(12)).getByRole('button', { name: 'Confirmer' })).toBeTruthy();
    expect(within(row(12)).getByRole('button', { name: 'Annuler' })).toBeTruthy();
    for (const id of [15, 3]) {
      expect(within(row(id)).queryByRole('button', { name: 'Confirmer' })).toBeNull();
      expect(within(row(id)).queryByRole('button', { name: 'Annuler' })).toBeNull();
      expect(within(row(id)).getByRole('button', { name: 'Modifier' })).toBeTruthy();
      expect(within(row(id)).getByRole('button', { name: 'Supprimer' })).toBeTruthy();
    }
  });

  it("'Confirmer' sends 'confirmée' and shows the reservation the server answered", async () => {
    setStatus.mockResolvedValue(reservation({ status: 'confirmée', user: null, appartement: null }));
    const user = setup();
    await renderLoaded();
    await user.click(within(row(12)).getByRole('button', { name: 'Confirmer' }));
    expect(setStatus).toHaveBeenCalledWith(12, 'confirmée', undefined);
    expect(await within(row(12)).findByText('confirmée')).toBeTruthy();
    expect(within(row(12)).queryByRole('button', { name: 'Confirmer' })).toBeNull();
    // What the answer left out stays as it was.
    expect(within(row(12)).getByRole('link', { name: 'Marie Dupont' })).toBeTruthy();
    expect(screen.getByText('Statut mis à jour avec succès: confirmée')).toBeTruthy();
  });

  it("'Annuler' asks first, then sends 'annulée'", async () => {
    setStatus.mockResolvedValue(reservation({ status: 'annulée' }));
    const user = setup();
    await renderLoaded();
    confirmSpy.mockReturnValueOnce(false);
    await user.click(within(row(12)).getByRole('button', { name: 'Annuler' }));
    expect(confirmSpy).toHaveBeenCalledWith('Êtes-vous sûr de vouloir annuler cette réservation ?');
    expect(setStatus).not.toHaveBeenCalled();
    await user.click(within(row(12)).getByRole('button', { name: 'Annuler' }));
    expect(setStatus).toHaveBeenCalledWith(12, 'annulée', undefined);
    expect(await within(row(12)).findByText('annulée')).toBeTruthy();
  });

  it.each([
    [
      'with the server message',
      httpError(400, 'Statut invalide: x. Les valeurs valides sont: en attente, confirmée, annulée, terminée'),
      'Impossible de mettre à jour le statut: Statut invalide: x. Les valeurs valides sont: en attente, confirmée, annulée, terminée',
    ],
    ['without one', networkError(), 'Impossible de mettre à jour le statut de la réservation'],
  ])('tells a failed quick action %s', async (_, error, message) => {
    setStatus.mockRejectedValue(error);
    const user = setup();
    await renderLoaded();
    await user.click(within(row(12)).getByRole('button', { name: 'Confirmer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(within(row(12)).getByText('en attente')).toBeTruthy();
  });
});

describe('row editing', () => {
  it("edits one row at a time: 'Modifier' shows a status select with 'Enregistrer' and 'Annuler'", async () => {
    const user = setup();
    await renderLoaded();
    await user.click(within(row(15)).getByRole('button', { name: 'Modifier' }));
    const select = within(row(15)).getByRole('combobox', { name: 'Nouveau statut de la réservation n° 15' }) as HTMLSelectElement;
    expect(select.value).toBe('confirmée');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['en attente', 'confirmée', 'annulée', 'terminée']);
    expect(within(row(15)).getByRole('button', { name: 'Enregistrer' })).toBeTruthy();
    expect(within(row(15)).queryByRole('button', { name: 'Supprimer' })).toBeNull();

    await user.click(within(row(3)).getByRole('button', { name: 'Modifier' }));
    expect(within(row(3)).getByRole('combobox')).toBeTruthy();
    expect(within(row(15)).queryByRole('combobox')).toBeNull();
    expect(screen.getAllByRole('combobox', { name: /Nouveau statut/ })).toHaveLength(1);

    await user.click(within(row(3)).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryAllByRole('combobox', { name: /Nouveau statut/ })).toHaveLength(0);
    expect(setStatus).not.toHaveBeenCalled();
  });

  it("'Enregistrer' sends the chosen status (any of the four) and closes the edit", async () => {
    setStatus.mockResolvedValue(reservation({ id: 15, userId: 8, status: 'terminée' }));
    const user = setup();
    await renderLoaded();
    await user.click(within(row(15)).getByRole('button', { name: 'Modifier' }));
    await user.selectOptions(within(row(15)).getByRole('combobox'), 'terminée');
    await user.click(within(row(15)).getByRole('button', { name: 'Enregistrer' }));
    expect(setStatus).toHaveBeenCalledWith(15, 'terminée', undefined);
    expect(await within(row(15)).findByText('terminée')).toBeTruthy();
    expect(within(row(15)).getByText('terminée').className).toContain('sk-badge--info');
    expect(within(row(15)).queryByRole('combobox')).toBeNull();
  });

  it("shows the server's reason when it refuses to mark a stay terminée", async () => {
    setStatus.mockRejectedValue(httpError(400, "Une réservation ne peut être terminée qu'après la date de départ."));
    const user = setup();
    await renderLoaded();
    await user.click(within(row(3)).getByRole('button', { name: 'Modifier' }));
    await user.selectOptions(within(row(3)).getByRole('combobox'), 'terminée');
    await user.click(within(row(3)).getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Impossible de sauvegarder les modifications: Une réservation ne peut être terminée qu'après la date de départ.",
    );
  });

  it("keeps the edit open and says 'Impossible de sauvegarder les modifications' when saving fails", async () => {
    setStatus.mockRejectedValue(httpError(500));
    const user = setup();
    await renderLoaded();
    await user.click(within(row(3)).getByRole('button', { name: 'Modifier' }));
    await user.selectOptions(within(row(3)).getByRole('combobox'), 'confirmée');
    await user.click(within(row(3)).getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de sauvegarder les modifications');
    expect((within(row(3)).getByRole('combobox') as HTMLSelectElement).value).toBe('confirmée');
  });

  it('closes without a call when the status did not change', async () => {
    const user = setup();
    await renderLoaded();
    await user.click(within(row(3)).getByRole('button', { name: 'Modifier' }));
    await user.click(within(row(3)).getByRole('button', { name: 'Enregistrer' }));
    expect(setStatus).not.toHaveBeenCalled();
    expect(within(row(3)).queryByRole('combobox')).toBeNull();
  });
});

describe('delete', () => {
  it('asks first and does nothing when declined', async () => {
    confirmSpy.mockReturnValue(false);
    const user = setup();
    await renderLoaded();
    await user.click(within(row(15)).getByRole('button', { name: 'Supprimer' }));
    expect(confirmSpy).toHaveBeenCalledWith('Êtes-vous sûr de vouloir supprimer cette réservation ?');
    expect(remove).not.toHaveBeenCalled();
    expect(shownIds()).toEqual([12, 15, 3]);
  });

  it('removes the row once the server confirms', async () => {
    remove.mockResolvedValue('Réservation supprimée.');
    const user = setup();
    await renderLoaded();
    await user.click(within(row(15)).getByRole('button', { name: 'Supprimer' }));
    expect(remove).toHaveBeenCalledWith(15);
    await waitFor(() => expect(shownIds()).toEqual([12, 3]));
    expect(screen.getByRole('status').textContent).toBe('Réservation supprimée.');
    expect(footer()).toBe('Affichage de 2 réservation(s)');
  });

  it("keeps the row and says 'Impossible de supprimer la réservation', with the server's reason", async () => {
    remove.mockRejectedValue(httpError(409, 'Cette réservation a des paiements ou un séjour : annulez-la plutôt.'));
    const user = setup();
    await renderLoaded();
    await user.click(within(row(15)).getByRole('button', { name: 'Supprimer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Impossible de supprimer la réservation : Cette réservation a des paiements ou un séjour : annulez-la plutôt.',
    );
    expect(shownIds()).toEqual([12, 15, 3]);
  });

  it("offers 'Supprimer' only where no money moved and the stay has not begun (DECISIONS 32)", async () => {
    await renderLoaded([
      reservation({ id: 20, supprimable: false }),
      reservation({ id: 21, startDate: '2027-01-03', endDate: '2027-01-05' }),
    ]);
    expect(within(row(20)).queryByRole('button', { name: 'Supprimer' })).toBeNull();
    expect(within(row(21)).getByRole('button', { name: 'Supprimer' })).toBeTruthy();
  });
});

describe('money (issue 31)', () => {
  it('asks for the reason before confirming a stay whose deposit is not received, and sends it', async () => {
    const promptSpy = jest.spyOn(window, 'prompt').mockReturnValueOnce(null).mockReturnValueOnce('Client fidèle');
    setStatus.mockResolvedValue(reservation({ id: 30, status: 'confirmée', paymentCompleted: false }));
    const user = setup();
    await renderLoaded([
      reservation({
        id: 30,
        paymentCompleted: false,
        paiement: { etat: 'en attente', echeance: '2026-11-25T10:00:00.000Z', rembourseCents: null },
      }),
    ]);
    await user.click(within(row(30)).getByRole('button', { name: 'Confirmer' }));
    expect(promptSpy).toHaveBeenCalledTimes(1);
    expect(setStatus).not.toHaveBeenCalled();
    await user.click(within(row(30)).getByRole('button', { name: 'Confirmer' }));
    expect(setStatus).toHaveBeenCalledWith(30, 'confirmée', 'Client fidèle');
    promptSpy.mockRestore();
  });

  it("lists 'Soldes à recevoir', the unpaid at arrival in red, and records 'Solde reçu'", async () => {
    const solde = (etat: 'à régler' | 'en retard' | 'à venir') => ({
      montantCents: 34_000,
      exigibleLe: '2026-11-26',
      resteCents: 34_000,
      etat,
    });
    const list = [
      reservation({ id: 40, status: 'confirmée', startDate: '2026-12-10', paymentMethod: 'virement', solde: solde('à régler') }),
      reservation({ id: 41, status: 'confirmée', startDate: '2026-12-01', paymentMethod: 'card', solde: solde('en retard') }),
      reservation({ id: 42, status: 'confirmée', startDate: '2027-01-10', solde: solde('à venir') }),
    ];
    const balanceReceived = jest
      .mocked(reservationsApi.balanceReceived)
      .mockResolvedValue(reservation({ id: 40, status: 'confirmée', solde: { ...solde('à régler'), resteCents: 0, etat: 'payé' } }));
    const user = setup();
    await renderLoaded(list);
    const section = screen.getByRole('region', { name: 'Soldes à recevoir' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(['Réservation n° 41', 'Réservation n° 40']);
    expect(items[0]!.textContent).toContain('lien de paiement Stripe envoyé');
    expect(within(items[0]!).getByText('Impayé à l’arrivée').className).toContain('adm-late');
    expect(items[1]!.textContent).toContain('340 €, référence SM-40, arrivée le 10 décembre 2026, par virement');
    // Also in red in the table.
    expect(within(row(41)).getByText('Impayé à l’arrivée : 340 €')).toBeTruthy();
    await user.click(within(items[1]!).getByRole('button', { name: 'Solde reçu pour la réservation n° 40' }));
    expect(balanceReceived).toHaveBeenCalledWith(40);
    expect(await screen.findByText('Solde reçu pour la réservation n° 40.')).toBeTruthy();
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
  });
});
