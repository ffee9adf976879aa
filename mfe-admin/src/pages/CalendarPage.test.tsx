/**
 * The admin calendar page (issue 14, issue 33 item 9): the month of one apartment, picking a range
 * of days in the grid for the block form, and the timeline of every apartment. The kernel's HTTP
 * client is the boundary; the month shown is the current one, fixed here to July 2026. The month view
 * lists the apartments from the admin's list and reads only the chosen one's month (issue 32).
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import {
  http,
  type AdminCalendar,
  type AdminCalendarPage,
  type AppartementIndex,
  type CalendarConflict,
  type CalendarData,
} from 'shared-kernel';
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

/** The timeline's page as the server sends it: `parPage` apartments of `total`, of every town. */
function julyPage(page: number, all: CalendarData['appartements'], overrides: Partial<CalendarData> = {}): AdminCalendarPage {
  const appartements = all.slice((page - 1) * 50, page * 50);
  return {
    ...july({ appartements, reservations: [], jours: [], ...overrides }),
    ville: null,
    villes: [],
    total: all.length,
    page,
    parPage: 50,
  };
}

/** GET /api/admin/appartements: the admin's list (by number, the page lists them by title). */
const index: AppartementIndex[] = [
  { id: 5, titre: 'Loft Cathédrale', slug: 'loft-cathedrale', ville: 'Metz', smoobuId: null, publie: true },
  { id: 8, titre: 'Studio Gare', slug: 'studio-gare', ville: 'Thionville', smoobuId: null, publie: true },
];
const villes = [
  { ville: 'Metz', slug: 'metz', nombre: 1 },
  { ville: 'Thionville', slug: 'thionville', nombre: 1 },
];

/** One apartment's month as the server sends it: the whole calendar reduced to that apartment. */
function ofApartment(all: CalendarData, id: number): AdminCalendar {
  const mine = <T extends { appartementId: number }>(rows: T[]) => rows.filter((r) => r.appartementId === id);
  return {
    ...all,
    appartements: all.appartements.filter((a) => a.id === id),
    reservations: mine(all.reservations),
    jours: mine(all.jours),
    conflits: mine(all.conflits),
    ville: null,
    villes,
  };
}

type Params = Record<string, string>;

/** The server: the apartments' list, the current conflicts, and `calendar` for GET /admin/calendrier. */
function answer(calendar: (params: Params) => unknown, apartments: AppartementIndex[] = index, conflicts: CalendarConflict[] = []) {
  get.mockImplementation(async (url, config) => {
    if (url === '/admin/appartements') return { data: apartments };
    if (url === '/admin/calendrier/conflits') return { data: conflicts };
    return { data: calendar((config?.params ?? {}) as Params) };
  });
}

/** July as the server answers it: one apartment's month, or a page of the timeline's. */
function julyServer(params: Params) {
  if (params.appartement) return ofApartment(july(), Number(params.appartement));
  return { ...july(), ville: null, villes, total: 2, page: 1, parPage: 50 };
}

/** The params of every read of GET /admin/calendrier, in order. */
const calendarReads = () => get.mock.calls.filter(([url]) => url === '/admin/calendrier').map(([, config]) => config?.params);
const monthAsked = (appartement: number) => ({ du: '2026-07-01', au: '2026-07-31', appartement: String(appartement) });

const pageAsked = (page: number) => ({ params: { du: '2026-07-01', au: '2026-07-31', page: String(page), parPage: '50' } });

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
  answer(julyServer);
  renderPage();
  await loaded();
  expect(screen.getByRole('heading', { name: 'Juillet 2026' })).toBeTruthy();
  expect(get).toHaveBeenCalledWith('/admin/calendrier', expect.objectContaining({ params: monthAsked(5) }));
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
  answer(julyServer);
  post.mockResolvedValueOnce({ data: { jours: 3 } });
  renderPage();
  await loaded();
  await user.selectOptions(screen.getByLabelText('Appartement'), 'Studio Gare');
  await waitFor(() => expect(day('10 juillet 2026').getAttribute('aria-label')).toBe('10 juillet 2026 : Réservation n° 14 (en attente)'));

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
  // The chosen apartment's month, read again after the change.
  await waitFor(() => expect(calendarReads()).toEqual([monthAsked(5), monthAsked(8), monthAsked(8)]));
});

it('starts a new range on a third click, or on a click before the start', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  answer(julyServer);
  renderPage();
  await loaded();
  await user.click(day('14 juillet 2026'));
  await user.click(day('12 juillet 2026'));
  expect([field('Du').value, field('Au (inclus)').value]).toEqual(['2026-07-12', '']);
  await user.click(day('13 juillet 2026'));
  await user.click(day('22 juillet 2026'));
  expect([field('Du').value, field('Au (inclus)').value]).toEqual(['2026-07-22', '']);
});

it("lists the apartments from the admin's list and asks only the chosen apartment's month, the other's when the select changes", async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  // The list by number, Studio Gare first: the select lists them by title.
  answer(julyServer, [index[1]!, index[0]!]);
  renderPage();
  await loaded();
  expect(get).toHaveBeenCalledWith('/admin/appartements', expect.anything());
  const select = screen.getByRole('combobox', { name: 'Appartement' }) as HTMLSelectElement;
  expect(
    within(select)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Loft Cathédrale', 'Studio Gare']);
  expect(select.value).toBe('5');
  expect(calendarReads()).toEqual([monthAsked(5)]);

  await user.selectOptions(select, 'Studio Gare');
  await waitFor(() => expect(day('10 juillet 2026').getAttribute('aria-label')).toBe('10 juillet 2026 : Réservation n° 14 (en attente)'));
  expect(calendarReads()).toEqual([monthAsked(5), monthAsked(8)]);
  expect(get).toHaveBeenLastCalledWith('/admin/calendrier', expect.objectContaining({ params: monthAsked(8) }));
  expect(
    within(screen.getByRole('region', { name: 'Réservations du mois' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Réservation n° 14 — Paul Durand, du 10/07/2026 au 11/07/2026 (en attente)']);
  expect(day('20 juillet 2026').getAttribute('aria-label')).toBe('20 juillet 2026 : libre');
});

it("lists only the chosen town's apartments in the month view, and reads the month of that town's first one", async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  answer(julyServer);
  renderPage();
  await loaded();
  await user.selectOptions(screen.getByRole('combobox', { name: 'Ville' }), 'Thionville (1)');
  const select = screen.getByRole('combobox', { name: 'Appartement' });
  expect(
    within(select)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Studio Gare']);
  await waitFor(() => expect(day('10 juillet 2026').getAttribute('aria-label')).toBe('10 juillet 2026 : Réservation n° 14 (en attente)'));
  expect(calendarReads()).toEqual([monthAsked(5), monthAsked(8)]);
});

it('shows every apartment on the timeline, and offers to reload a calendar that failed', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  let failing = true;
  answer((params) => {
    if (failing) {
      failing = false;
      throw httpError(500);
    }
    return julyServer(params);
  });
  renderPage();
  expect((await screen.findByRole('alert')).textContent).toBe("Le calendrier n'a pas pu être chargé.");
  await user.click(screen.getByRole('button', { name: 'Réessayer' }));
  await loaded();

  await user.selectOptions(screen.getByLabelText('Vue'), 'Frise de tous les appartements');
  // The timeline asks for its first page of apartments.
  const timeline = await screen.findByRole('region', { name: 'Frise de tous les appartements' });
  expect(get).toHaveBeenLastCalledWith('/admin/calendrier', expect.objectContaining(pageAsked(1)));
  expect(screen.getByText('2 appartements')).toBeTruthy();
  expect(
    within(timeline)
      .getAllByRole('rowheader')
      .map((th) => th.textContent),
  ).toEqual(['Loft Cathédrale', 'Studio Gare']);
  expect(within(timeline).getByText('10/07/2026 : Réservation n° 14 (en attente)')).toBeTruthy();
  expect(within(timeline).getByText('20/07/2026 : Bloqué : Travaux')).toBeTruthy();
  expect(screen.queryByRole('form', { name: 'Bloquer ou débloquer des jours' })).toBeNull();
  expect(screen.queryByLabelText('Appartement')).toBeNull();
  // Every apartment came on the first page: no line says more are loading.
  expect(within(timeline).queryByText('Chargement des appartements suivants…')).toBeNull();
  expect(calendarReads()).toEqual([monthAsked(5), monthAsked(5), pageAsked(1).params]);
});

it('shows the apartments of the town chosen, asking the server for that town only', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  answer((params) =>
    params.ville === 'thionville'
      ? // As the server answers: the town asked for, and the catalogue's towns.
        {
          ...july({ appartements: [{ id: 8, titre: 'Studio Gare', slug: 'studio-gare' }] }),
          ville: 'thionville',
          villes,
          total: 1,
          page: 1,
          parPage: 50,
        }
      : julyServer(params),
  );
  renderPage();
  await loaded();
  await user.selectOptions(screen.getByLabelText('Vue'), 'Frise de tous les appartements');
  await screen.findByRole('region', { name: 'Frise de tous les appartements' });
  const town = screen.getByRole('combobox', { name: 'Ville' });
  expect(
    within(town)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Toutes les villes', 'Metz (1)', 'Thionville (1)']);
  await user.selectOptions(town, 'Thionville (1)');
  expect(get).toHaveBeenLastCalledWith(
    '/admin/calendrier',
    expect.objectContaining({ params: { du: '2026-07-01', au: '2026-07-31', ville: 'thionville', page: '1', parPage: '50' } }),
  );
  const timeline = await screen.findByRole('region', { name: 'Frise des appartements de Thionville' });
  expect(screen.getByText('1 appartement')).toBeTruthy();
  expect(
    within(timeline)
      .getAllByRole('rowheader')
      .map((th) => th.textContent),
  ).toEqual(['Studio Gare']);
});

const fiveHundred = Array.from({ length: 500 }, (_, i) => ({
  id: i + 1,
  titre: `Appartement ${String(i + 1).padStart(3, '0')}`,
  slug: `a-${i + 1}`,
}));

/** The month view's reads (the list, the first apartment's month) and the timeline's pages, as the server answers them. */
function answerPages(failing: Set<number> = new Set(), conflicts: CalendarConflict[] = []) {
  const list = fiveHundred.map((a) => ({ ...a, ville: 'Metz', smoobuId: null, publie: true }));
  answer(
    (params) => {
      if (!params.parPage) return ofApartment(july({ appartements: fiveHundred, reservations: [], jours: [] }), Number(params.appartement));
      const page = Number(params.page);
      if (failing.has(page)) {
        failing.delete(page);
        throw httpError(500);
      }
      const stay = {
        id: 900 + page,
        appartementId: (page - 1) * 50 + 1,
        startDate: '2026-07-10',
        endDate: '2026-07-12',
        status: 'confirmée',
        client: 'A',
      };
      return julyPage(page, fiveHundred, { reservations: [stay] });
    },
    list,
    conflicts,
  );
}

/** Scrolls the timeline's region to its `line`-th line (jsdom lays nothing out: the offset is set). */
function scrollTo(region: HTMLElement, line: number) {
  Object.defineProperty(region, 'scrollTop', { configurable: true, value: line * 28 });
  fireEvent.scroll(region);
}

const pageCalls = () => get.mock.calls.filter(([, config]) => (config?.params as { parPage?: string } | undefined)?.parPage);

it('puts only the visible lines of 500 apartments in the page, the table telling all of them, the first page only asked', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  answerPages();
  renderPage();
  await loaded();
  await user.selectOptions(screen.getByLabelText('Vue'), 'Frise de tous les appartements');
  const timeline = await screen.findByRole('region', { name: 'Frise de tous les appartements' });
  const lines = within(timeline).getAllByRole('rowheader');
  expect(lines.length).toBeGreaterThan(10);
  expect(lines.length).toBeLessThan(40);
  expect(lines[0]!.textContent).toBe('Appartement 001');
  expect(screen.getByText('500 appartements')).toBeTruthy();
  expect(within(timeline).getByRole('table').getAttribute('aria-rowcount')).toBe('501');
  expect(lines[0]!.closest('tr')!.getAttribute('aria-rowindex')).toBe('2');
  expect(within(timeline).queryByText('Appartement 500')).toBeNull();
  expect(within(timeline).getByText('10/07/2026 : Réservation n° 901 (confirmée)')).toBeTruthy();
  // The region takes the focus: the keyboard scrolls it.
  expect(timeline.getAttribute('tabindex')).toBe('0');
  expect(pageCalls().map(([, config]) => config)).toEqual([expect.objectContaining(pageAsked(1))]);
});

it('loads the next page of apartments when the timeline is scrolled near the last line loaded, and offers to retry one that failed', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  answerPages(new Set([3]));
  renderPage();
  await loaded();
  await user.selectOptions(screen.getByLabelText('Vue'), 'Frise de tous les appartements');
  const timeline = await screen.findByRole('region', { name: 'Frise de tous les appartements' });
  // Lines 10 to 35 in view: the 50 loaded are enough.
  scrollTo(timeline, 10);
  expect(await within(timeline).findByText('Appartement 030')).toBeTruthy();
  expect(pageCalls()).toHaveLength(1);

  // Near the 50th line: the second page is asked, its lines (and their stays) follow the first's.
  scrollTo(timeline, 30);
  expect(await within(timeline).findByText('Chargement des appartements suivants…')).toBeTruthy();
  expect(await within(timeline).findByText('Appartement 051')).toBeTruthy();
  expect(get).toHaveBeenLastCalledWith('/admin/calendrier', expect.objectContaining(pageAsked(2)));
  const line51 = within(timeline).getByText('Appartement 051').closest('tr')!;
  expect(line51.getAttribute('aria-rowindex')).toBe('52');
  expect(within(line51).getByText('10/07/2026 : Réservation n° 902 (confirmée)')).toBeTruthy();
  expect(within(timeline).queryByText('Chargement des appartements suivants…')).toBeNull();
  expect(within(timeline).getByRole('table').getAttribute('aria-rowcount')).toBe('501');

  // The third page fails: the line after the last says so, and asks it again on a click.
  scrollTo(timeline, 80);
  expect(await within(timeline).findByText("Les appartements suivants n'ont pas pu être chargés.", { exact: false })).toBeTruthy();
  expect(within(timeline).getByText('Appartement 100')).toBeTruthy();
  expect(pageCalls()).toHaveLength(3);
  await user.click(within(timeline).getByRole('button', { name: 'Réessayer' }));
  expect(await within(timeline).findByText('Appartement 101')).toBeTruthy();
  await waitFor(() => expect(pageCalls()).toHaveLength(4));
  expect(get).toHaveBeenLastCalledWith('/admin/calendrier', expect.objectContaining(pageAsked(3)));
});

it('lists on the timeline every current conflict, of the apartments of the pages not loaded too', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const conflict: CalendarConflict = {
    id: 3,
    appartementId: 420,
    appartement: 'Appartement 420',
    reservationId: 77,
    source: 'Airbnb',
    debut: '2026-07-20',
    fin: '2026-07-22',
    createdAt: '2026-07-01T08:00:00.000Z',
  };
  answerPages(new Set(), [conflict]);
  renderPage();
  await loaded();
  await user.selectOptions(screen.getByLabelText('Vue'), 'Frise de tous les appartements');
  const timeline = await screen.findByRole('region', { name: 'Frise de tous les appartements' });
  expect(within(timeline).queryByText('Appartement 420')).toBeNull();
  expect(pageCalls()).toHaveLength(1);
  const banner = screen.getByText('Conflit de calendrier').closest('.adm-conflicts')!;
  expect(
    within(banner as HTMLElement).getByText(
      'Appartement 420 : le calendrier Airbnb bloque des nuits de la réservation n° 77 (du 20/07/2026 au 22/07/2026).',
    ),
  ).toBeTruthy();
});
