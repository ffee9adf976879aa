import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { reservationsApi, type Reservation, adminApi, type AdminReservationsPage as ServerPage } from 'shared-kernel';
import type { ListFilters } from '../reservations/listQuery';
import { deferred, httpError, networkError, reservation, threeReservations } from '../../test/fixtures';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import ReservationsPage from './ReservationsPage';

/** What the server holds: the fake server below filters and pages it, as GET /api/admin/reservations. */
const all = jest.spyOn(adminApi, 'reservations');
const serverPage = jest.spyOn(adminApi, 'reservationsPage');
const csv = jest.spyOn(adminApi, 'reservationsCsv');
const remove = jest.spyOn(adminApi, 'deleteReservation');
// The reservation's own calls answer nothing until a test says what (a change then fails).
const setStatus = jest.spyOn(reservationsApi, 'setStatus').mockReset();
jest.spyOn(reservationsApi, 'depositReceived').mockReset();
jest.spyOn(reservationsApi, 'balanceReceived').mockReset();
// The payment settings unread: the payment panels take the widest balance window.
jest.spyOn(reservationsApi, 'paymentOptions').mockRejectedValue(networkError());
const VILLES = [
  { ville: 'Metz', slug: 'metz', nombre: 3 },
  { ville: 'Montigny-lès-Metz', slug: 'montigny-les-metz', nombre: 1 },
];

/** The reservations as the changes answered so far left them (a refused change leaves them as they were). */
async function afterChanges(list: Reservation[]): Promise<Reservation[]> {
  const updated = new Map<number, Reservation>();
  const changes = [setStatus, jest.mocked(reservationsApi.depositReceived), jest.mocked(reservationsApi.balanceReceived)];
  for (const mock of changes)
    for (const result of mock.mock.results) {
      const answer = await Promise.resolve(result.value).catch(() => null);
      if (answer && typeof answer === 'object' && 'id' in answer) updated.set(answer.id, answer as Reservation);
    }
  const removed = new Set<number>();
  for (const [i, [id]] of remove.mock.calls.entries())
    if (
      (await Promise.resolve(remove.mock.results[i]?.value).then(
        () => true,
        () => false,
      )) === true
    )
      removed.add(id);
  return list.filter((r) => !removed.has(r.id)).map((r) => ({ ...r, ...updated.get(r.id), user: r.user, appartement: r.appartement }));
}

let lastRead: Promise<Reservation[]> = Promise.resolve([]);
/** The server: the page's call reads the list (`all`), the payment panels' calls (100 a page) read the same. */
function fakeServer() {
  serverPage.mockImplementation(async (q: ListFilters & { page: number; parPage?: number }): Promise<ServerPage> => {
    if (q.parPage !== 100) lastRead = adminApi.reservations();
    const list = await afterChanges(await (q.parPage === 100 ? lastRead.catch(() => []) : lastRead));
    const client = q.client.toLowerCase();
    const kept = list.filter(
      (r) =>
        (!q.statut || r.status === q.statut) &&
        (!q.au || r.startDate <= q.au) &&
        (!q.du || r.endDate > q.du) &&
        (!client || `${r.user?.nom} ${r.user?.email}`.toLowerCase().includes(client)),
    );
    const per = q.parPage ?? 50;
    return { reservations: kept.slice((q.page - 1) * per, q.page * per), total: kept.length, page: q.page, parPage: per, villes: VILLES };
  });
}

/** The address the page is at (filters and page). */
function Address() {
  const { search } = useLocation();
  return <div data-testid="address">{search}</div>;
}
const address = () => screen.getByTestId('address').textContent;

function renderPage(entry = '/admin/reservations') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Address />
      <Routes>
        <Route path="/admin/reservations" element={<ReservationsPage />} />
        <Route path="/reservation/:id" element={<h1>Détails de la réservation</h1>} />
        <Route path="/admin/client/:userId" element={<h1>Profil client</h1>} />
      </Routes>
    </MemoryRouter>,
    { wrapper: QueryWrapper },
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

const total = () => screen.getByText(/^(Aucune réservation|\d+ réservations?)( correspondant aux filtres)?$/).textContent;

let confirmSpy: jest.SpyInstance;

beforeEach(() => {
  all.mockReset();
  serverPage.mockReset();
  csv.mockReset();
  fakeServer();
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
    const table = screen.getByRole('table', { name: 'Réservations, page 1 sur 1' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => [th.textContent, th.getAttribute('scope')]),
    ).toEqual(['ID', 'Client', 'Appartement', 'Dates', 'Voyageurs', 'Total', 'Statut', 'Actions'].map((name) => [name, 'col']));
    expect(shownIds()).toEqual([12, 15, 3]);
    expect(total()).toBe('3 réservations');
    expect(screen.getByRole('navigation', { name: 'Pages des réservations' }).textContent).toBe('Page 1 sur 1');
    expect(serverPage).toHaveBeenCalledWith({ statut: '', du: '', au: '', appartement: '', ville: '', client: '', page: 1 });
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
    expect(total()).toBe('Aucune réservation');
    expect(screen.getByRole('button', { name: 'Exporter en CSV' }).hasAttribute('disabled')).toBe(true);
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

describe('filters, pages and export, on the server and in the address', () => {
  it('sends the chosen filters to the server, puts them in the address, and shows what it kept', async () => {
    const user = setup();
    await renderLoaded();
    const select = screen.getByRole('combobox', { name: 'Statut' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tous', 'en attente', 'confirmée', 'annulée', 'terminée']);
    expect(
      within(screen.getByRole('combobox', { name: 'Ville' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Toutes', 'Metz', 'Montigny-lès-Metz']);
    await user.selectOptions(select, 'annulée');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ville' }), 'Metz');
    await user.type(screen.getByRole('searchbox', { name: 'Client' }), 'marie');
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    await waitFor(() => expect(shownIds()).toEqual([3]));
    expect(address()).toBe('?statut=annul%C3%A9e&ville=metz&client=marie');
    expect(serverPage).toHaveBeenLastCalledWith(expect.objectContaining({ statut: 'annulée', ville: 'metz', client: 'marie', page: 1 }));
    expect(total()).toBe('1 réservation correspondant aux filtres');
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(shownIds()).toEqual([12, 15, 3]));
    expect(address()).toBe('');
    expect((screen.getByRole('searchbox', { name: 'Client' }) as HTMLInputElement).value).toBe('');
  });

  it('reads the filters and the page of a shared address, and fills the form with them', async () => {
    all.mockResolvedValue(threeReservations());
    renderPage('/admin/reservations?statut=annul%C3%A9e&client=marie&du=2026-01-01&appartement=4&page=1');
    await screen.findByRole('table');
    expect(serverPage).toHaveBeenCalledWith({
      statut: 'annulée',
      du: '2026-01-01',
      au: '',
      appartement: '4',
      ville: '',
      client: 'marie',
      page: 1,
    });
    expect((screen.getByRole('combobox', { name: 'Statut' }) as HTMLSelectElement).value).toBe('annulée');
    expect((screen.getByRole('searchbox', { name: 'Client' }) as HTMLInputElement).value).toBe('marie');
    expect((screen.getByLabelText('Du') as HTMLInputElement).value).toBe('2026-01-01');
    expect((screen.getByLabelText('N° d’appartement') as HTMLInputElement).value).toBe('4');
  });

  it('refuses an end date before the start and an apartment that is not a number, without a call', async () => {
    const user = setup();
    await renderLoaded();
    const calls = serverPage.mock.calls.length;
    await user.type(screen.getByLabelText('Du'), '2026-05-10');
    await user.type(screen.getByLabelText('Au'), '2026-05-01');
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('La date « au » doit être postérieure ou égale à la date « du ».');
    await user.clear(screen.getByLabelText('Au'));
    await user.type(screen.getByLabelText('N° d’appartement'), 'loft');
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Le numéro d’appartement est un nombre entier.');
    expect(serverPage.mock.calls.length).toBe(calls);
    expect(address()).toBe('');
  });

  it('tells the reason of a filter the server refuses', async () => {
    all.mockRejectedValueOnce(httpError(400, 'Aucun appartement dans cette ville : choisissez une ville de la liste.'));
    renderPage('/admin/reservations?ville=atlantide');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Impossible de charger les réservations : Aucun appartement dans cette ville : choisissez une ville de la liste.',
    );
  });

  it('pages with « Page 2 sur 3 » and real links to the previous and the next page, keeping the filters', async () => {
    const many = Array.from({ length: 120 }, (_, i) => reservation({ id: 1000 - i, status: 'confirmée' }));
    const user = setup();
    all.mockResolvedValue(many);
    renderPage('/admin/reservations?statut=confirm%C3%A9e');
    await screen.findByRole('table');
    const pager = () => screen.getByRole('navigation', { name: 'Pages des réservations' });
    expect(total()).toBe('120 réservations correspondant aux filtres');
    expect(pager().textContent).toBe('Page 1 sur 3Page suivante');
    expect(within(pager()).queryByRole('link', { name: 'Page précédente' })).toBeNull();
    expect(shownIds()).toHaveLength(50);
    const next = within(pager()).getByRole('link', { name: 'Page suivante' });
    expect(next.getAttribute('href')).toBe('/admin/reservations?statut=confirm%C3%A9e&page=2');
    await user.click(next);
    await waitFor(() => expect(shownIds()[0]).toBe(950));
    expect(address()).toBe('?statut=confirm%C3%A9e&page=2');
    expect(serverPage).toHaveBeenLastCalledWith(expect.objectContaining({ statut: 'confirmée', page: 2 }));
    expect(pager().textContent).toBe('Page précédentePage 2 sur 3Page suivante');
    expect(screen.getByRole('table', { name: 'Réservations « confirmée » filtrées, page 2 sur 3' })).toBeTruthy();
    await user.click(within(pager()).getByRole('link', { name: 'Page suivante' }));
    await waitFor(() => expect(shownIds()).toHaveLength(20));
    expect(within(pager()).queryByRole('link', { name: 'Page suivante' })).toBeNull();
    await user.click(within(pager()).getByRole('link', { name: 'Page précédente' }));
    await waitFor(() => expect(address()).toBe('?statut=confirm%C3%A9e&page=2'));
  });

  it('exports exactly the filtered list as the server’s CSV, and tells its refusal', async () => {
    const saved: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:csv'), revokeObjectURL: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    csv
      .mockResolvedValueOnce(new Blob(['\ufeffRéférence;Statut']))
      .mockRejectedValueOnce(httpError(400, 'Plus de 20000 réservations correspondent.'));
    const user = setup();
    all.mockResolvedValue(threeReservations());
    renderPage('/admin/reservations?statut=annul%C3%A9e&du=2026-01-01&au=2026-12-31&page=1');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    expect(csv).toHaveBeenCalledWith({ statut: 'annulée', du: '2026-01-01', au: '2026-12-31', appartement: '', ville: '', client: '' });
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('reservations-2026-01-01-au-2026-12-31.csv');
    expect(saved).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Impossible d’exporter les réservations : Plus de 20000 réservations correspondent.',
    );
    click.mockRestore();
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
    expect(total()).toBe('2 réservations');
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
    // The panels read their own lists (every page of the stays awaiting money), after the table's page.
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(['Réservation n° 41', 'Réservation n° 40']);
    expect(items[0]!.textContent).toContain('lien de paiement Stripe envoyé');
    expect(within(items[0]!).getByText('Impayé à l’arrivée').className).toContain('adm-late');
    expect(items[1]!.textContent).toContain('340 €, référence SM-40, arrivée le 10 décembre 2026, par virement');
    // Also in red in the table.
    expect(within(row(41)).getByText('Impayé à l’arrivée : 340 €')).toBeTruthy();
    await user.click(within(items[1]!).getByRole('button', { name: 'Solde reçu pour la réservation n° 40' }));
    expect(balanceReceived).toHaveBeenCalledWith(40);
    expect(await screen.findByText('Solde reçu pour la réservation n° 40.')).toBeTruthy();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(serverPage).toHaveBeenCalledWith(expect.objectContaining({ statut: 'confirmée', parPage: 100, page: 1 }));
  });
});
