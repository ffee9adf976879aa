/**
 * The admin calendar page (issue 14, issue 33 item 9): the month of one apartment, picking a range
 * of days in the grid for the block form, and the timeline of every apartment. The kernel's HTTP
 * client is the boundary; the month shown is the current one, fixed here to July 2026.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { http, type CalendarData } from 'shared-kernel';
import { httpError } from '../../test/fixtures';
import CalendarPage from './CalendarPage';
import { QueryWrapper } from '../../../tooling/testing/query-client';

const get = jest.spyOn(http, 'get');
const post = jest.spyOn(http, 'post');

function july(overrides: Partial<CalendarData> = {}): CalendarData {
  return {
    du: '2026-07-01',
    au: '2026-07-31',
    appartements: [
      { id: 5, titre: 'Loft Cathédrale', slug: 'loft-cathedrale' },
      { id: 8, titre: 'Studio Gare', slug: 'studio-gare' },
    ],
    reservations: [
      { id: 12, appartementId: 5, startDate: '2026-07-03', endDate: '2026-07-05', status: 'confirmée', client: 'Claire Martin' },
      { id: 14, appartementId: 8, startDate: '2026-07-10', endDate: '2026-07-11', status: 'en attente', client: 'Paul Durand' },
    ],
    jours: [{ appartementId: 5, date: '2026-07-20', origine: 'manuel', source: null, note: 'Travaux', enConflit: false }],
    conflits: [],
    ...overrides,
  };
}

beforeEach(() => jest.useFakeTimers({ now: new Date('2026-07-08T10:00:00Z'), advanceTimers: true }));
afterEach(() => {
  jest.useRealTimers();
  jest.resetAllMocks();
});

function renderPage() {
  return render(
    <MemoryRouter>
      <CalendarPage />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
}

const day = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label} :`) });
/** The month's grid, once the calendar has loaded. */
const loaded = () => screen.findByRole('table', { name: 'Juillet 2026' });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

it("shows the first apartment's month: its stays and blocked days, each day saying what holds it", async () => {
  get.mockResolvedValueOnce({ data: july() });
  renderPage();
  await loaded();
  expect(screen.getByRole('heading', { name: 'Juillet 2026' })).toBeTruthy();
  expect(get).toHaveBeenCalledWith('/admin/calendrier', expect.objectContaining({ params: { du: '2026-07-01', au: '2026-07-31' } }));
  expect(day('3 juillet 2026').getAttribute('aria-label')).toBe('3 juillet 2026 : Réservation n° 12 (confirmée)');
  expect(day('5 juillet 2026').getAttribute('aria-label')).toBe('5 juillet 2026 : libre');
  expect(day('20 juillet 2026').getAttribute('aria-label')).toBe('20 juillet 2026 : Bloqué : Travaux');
  const stays = screen.getByRole('region', { name: 'Réservations du mois' });
  expect(
    within(stays)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Réservation n° 12 — Claire Martin, du 03/07/2026 au 05/07/2026 (confirmée)']);
});

it('picks a range in the grid, fills the form with it, and blocks those days of the chosen apartment', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  get.mockResolvedValue({ data: july() });
  post.mockResolvedValueOnce({ data: { jours: 3 } });
  renderPage();
  await loaded();
  await user.selectOptions(screen.getByLabelText('Appartement'), 'Studio Gare');
  expect(day('10 juillet 2026').getAttribute('aria-label')).toBe('10 juillet 2026 : Réservation n° 14 (en attente)');

  await user.click(day('14 juillet 2026'));
  expect([field('Du').value, field('Au (inclus)').value]).toEqual(['2026-07-14', '']);
  await user.click(day('16 juillet 2026'));
  expect([field('Du').value, field('Au (inclus)').value]).toEqual(['2026-07-14', '2026-07-16']);
  expect(['13', '14', '15', '16', '17'].map((d) => day(`${d} juillet 2026`).getAttribute('aria-pressed'))).toEqual([
    'false',
    'true',
    'true',
    'true',
    'false',
  ]);

  await user.click(screen.getByRole('button', { name: 'Bloquer ces jours' }));
  expect(post).toHaveBeenCalledWith('/admin/appartements/8/blocages', { du: '2026-07-14', au: '2026-07-16' });
  expect((await screen.findByText('3 jours bloqués du 14/07/2026 au 16/07/2026.')).getAttribute('role')).toBe('status');
  expect(get).toHaveBeenCalledTimes(2);
});

it('starts a new range on a third click, or on a click before the start', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  get.mockResolvedValueOnce({ data: july() });
  renderPage();
  await loaded();
  await user.click(day('14 juillet 2026'));
  await user.click(day('12 juillet 2026'));
  expect([field('Du').value, field('Au (inclus)').value]).toEqual(['2026-07-12', '']);
  await user.click(day('13 juillet 2026'));
  await user.click(day('22 juillet 2026'));
  expect([field('Du').value, field('Au (inclus)').value]).toEqual(['2026-07-22', '']);
});

it('shows every apartment on the timeline, and offers to reload a calendar that failed', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  get.mockRejectedValueOnce(httpError(500)).mockResolvedValueOnce({ data: july() });
  renderPage();
  expect((await screen.findByRole('alert')).textContent).toBe("Le calendrier n'a pas pu être chargé.");
  await user.click(screen.getByRole('button', { name: 'Réessayer' }));
  await loaded();

  await user.selectOptions(screen.getByLabelText('Vue'), 'Frise de tous les appartements');
  const timeline = screen.getByRole('region', { name: 'Frise de tous les appartements' });
  expect(
    within(timeline)
      .getAllByRole('rowheader')
      .map((th) => th.textContent),
  ).toEqual(['Loft Cathédrale', 'Studio Gare']);
  expect(within(timeline).getByText('10/07/2026 : Réservation n° 14 (en attente)')).toBeTruthy();
  expect(within(timeline).getByText('20/07/2026 : Bloqué : Travaux')).toBeTruthy();
  expect(screen.queryByRole('form', { name: 'Bloquer ou débloquer des jours' })).toBeNull();
  expect(screen.queryByLabelText('Appartement')).toBeNull();
});

it('shows the apartments of the town chosen, asking the server for that town only', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const villes = [
    { ville: 'Metz', slug: 'metz', nombre: 1 },
    { ville: 'Thionville', slug: 'thionville', nombre: 1 },
  ];
  get
    .mockResolvedValueOnce({ data: { ...july(), villes } })
    // As the server answers: the town asked for, and the catalogue's towns.
    .mockResolvedValueOnce({
      data: { ...july({ appartements: [{ id: 8, titre: 'Studio Gare', slug: 'studio-gare' }] }), ville: 'thionville', villes },
    });
  renderPage();
  await loaded();
  await user.selectOptions(screen.getByLabelText('Vue'), 'Frise de tous les appartements');
  const town = screen.getByRole('combobox', { name: 'Ville' });
  expect(
    within(town)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Toutes les villes', 'Metz (1)', 'Thionville (1)']);
  await user.selectOptions(town, 'Thionville (1)');
  expect(get).toHaveBeenLastCalledWith(
    '/admin/calendrier',
    expect.objectContaining({ params: { du: '2026-07-01', au: '2026-07-31', ville: 'thionville' } }),
  );
  const timeline = await screen.findByRole('region', { name: 'Frise des appartements de Thionville' });
  expect(
    within(timeline)
      .getAllByRole('rowheader')
      .map((th) => th.textContent),
  ).toEqual(['Studio Gare']);
});

it('puts only the visible lines of 500 apartments in the page, the table telling all of them', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const appartements = Array.from({ length: 500 }, (_, i) => ({
    id: i + 1,
    titre: `Appartement ${String(i + 1).padStart(3, '0')}`,
    slug: `a-${i + 1}`,
  }));
  get.mockResolvedValueOnce({ data: july({ appartements, reservations: [], jours: [] }) });
  renderPage();
  await loaded();
  await user.selectOptions(screen.getByLabelText('Vue'), 'Frise de tous les appartements');
  const timeline = screen.getByRole('region', { name: 'Frise de tous les appartements' });
  const lines = within(timeline).getAllByRole('rowheader');
  expect(lines.length).toBeGreaterThan(10);
  expect(lines.length).toBeLessThan(40);
  expect(lines[0]!.textContent).toBe('Appartement 001');
  expect(within(timeline).getByRole('table').getAttribute('aria-rowcount')).toBe('501');
  expect(lines[0]!.closest('tr')!.getAttribute('aria-rowindex')).toBe('2');
  expect(within(timeline).queryByText('Appartement 500')).toBeNull();
  // The region takes the focus: the keyboard scrolls it.
  expect(timeline.getAttribute('tabindex')).toBe('0');
});
