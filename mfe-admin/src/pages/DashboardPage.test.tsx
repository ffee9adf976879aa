import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, todayIn, type Statistiques, type StatistiquesPeriode } from 'shared-kernel';
import { appartement, httpError } from '../../test/fixtures';
import { presetPeriod } from '../dashboard/periods';
import DashboardPage, { DASHBOARD_EMPTY, DASHBOARD_FAILED } from './DashboardPage';
import { QueryWrapper } from '../../../tooling/testing/query-client';

const period = (overrides: Partial<StatistiquesPeriode> = {}): StatistiquesPeriode => ({
  du: '2027-01-15',
  au: '2027-02-14',
  nuitsVendues: 40,
  nuitsOuvertes: 64,
  tauxOccupation: 0.625,
  chiffreAffairesCents: 460_000,
  prixMoyenNuitCents: 11_500,
  revparCents: 7_188,
  annulations: 1,
  nuitsAutresCanaux: 2,
  parMois: [
    { mois: '2027-01', nuitsVendues: 10, nuitsOuvertes: 34, tauxOccupation: 0.2941, chiffreAffairesCents: 115_000 },
    { mois: '2027-02', nuitsVendues: 30, nuitsOuvertes: 30, tauxOccupation: 1, chiffreAffairesCents: 345_000 },
  ],
  parAppartement: [
    {
      appartementId: 2,
      titre: 'Loft Cathédrale',
      nuitsVendues: 30,
      nuitsOuvertes: 32,
      tauxOccupation: 0.9375,
      chiffreAffairesCents: 345_000,
      prixMoyenNuitCents: 11_500,
      revparCents: 10_781,
      annulations: 0,
      nuitsAutresCanaux: 2,
    },
    {
      appartementId: 5,
      titre: 'Studio Gare',
      nuitsVendues: 10,
      nuitsOuvertes: 32,
      tauxOccupation: 0.3125,
      chiffreAffairesCents: 115_000,
      prixMoyenNuitCents: 11_500,
      revparCents: 3_594,
      annulations: 1,
      nuitsAutresCanaux: 0,
    },
  ],
  ...overrides,
});

const figures = (over: Partial<Statistiques> = {}): Statistiques => ({
  ...period(),
  anneePrecedente: period({
    du: '2026-01-15',
    au: '2026-02-14',
    chiffreAffairesCents: 200_000,
    parMois: [{ mois: '2026-01', nuitsVendues: 5, nuitsOuvertes: 34, tauxOccupation: 0.1471, chiffreAffairesCents: 50_000 }],
  }),
  ...over,
});

const apartments = [
  appartement({ id: 2, titre: 'Loft Cathédrale', slug: 'loft' }),
  appartement({ id: 5, titre: 'Studio Gare', slug: 'studio' }),
];

/** The HTTP layer: the statistics answer, and the apartments for the select. */
function serve(answer: () => Promise<{ data: unknown }>) {
  return jest.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/admin/statistiques') return answer();
    return { data: apartments };
  });
}

const statisticsCalls = (get: jest.SpyInstance) =>
  get.mock.calls.filter(([url]) => url === '/admin/statistiques').map(([, config]) => (config as { params: unknown }).params);

afterEach(() => jest.restoreAllMocks());

it('asks for this month in Paris and shows the figures in tiles and tables, against a year before', async () => {
  const get = serve(async () => ({ data: figures() }));
  render(<DashboardPage />, { wrapper: QueryWrapper });
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tableau de bord');
  const tile = (label: string) => (screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement).textContent;
  await waitFor(() => expect(tile('Taux d’occupation')).toBe('62,5 %'));
  expect(statisticsCalls(get)).toEqual([presetPeriod('mois', todayIn('Europe/Paris'))]);
  expect(screen.getByRole('button', { name: 'Ce mois' }).getAttribute('aria-pressed')).toBe('true');
  expect(screen.getByText('40 nuits vendues sur 64 ouvertes')).toBeTruthy();
  expect(tile('Chiffre d’affaires')).toBe('4 600 €');
  expect(screen.getByText('un an avant : 2 000 €')).toBeTruthy();
  expect(tile('Prix moyen par nuit')).toBe('115 €');
  expect(tile('RevPAR')).toBe('71,88 €');
  expect(tile('Annulations')).toBe('1');
  expect(tile('Nuits autres canaux')).toBe('2');

  const occupancy = within(screen.getByRole('table', { name: 'Taux d’occupation par mois, et le même mois un an avant' }));
  const [, january, february] = occupancy.getAllByRole('row');
  expect(within(january!).getByRole('rowheader').textContent).toBe('janvier 2027');
  expect(
    within(january!)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['29,4 % (10 nuits / 34)', '14,7 %']);
  expect(
    within(february!)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['100 % (30 nuits / 30)', '—']);

  const revenue = within(screen.getByRole('table', { name: 'Chiffre d’affaires par mois, et le même mois un an avant' }));
  expect(revenue.getAllByRole('row')[1]!.textContent).toBe('janvier 20271 150 €500 €');

  const perApartment = within(screen.getByRole('table', { name: 'Chiffres par appartement' }));
  const loft = perApartment.getByRole('rowheader', { name: 'Loft Cathédrale' }).parentElement!;
  expect(
    within(loft)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['3 450 €', '30 / 32', '93,8 %', '115 €', '107,81 €', '2', '0']);
});

it('switches to a preset, a custom range and one apartment', async () => {
  const get = serve(async () => ({ data: figures() }));
  const user = userEvent.setup();
  render(<DashboardPage />, { wrapper: QueryWrapper });
  await screen.findByRole('table', { name: 'Chiffres par appartement' });

  await user.click(screen.getByRole('button', { name: 'Cette année' }));
  const year = todayIn('Europe/Paris').slice(0, 4);
  await waitFor(() => expect(statisticsCalls(get).at(-1)).toEqual({ du: `${year}-01-01`, au: `${year}-12-31` }));
  expect(screen.getByRole('button', { name: 'Cette année' }).getAttribute('aria-pressed')).toBe('true');
  expect(screen.getByRole('button', { name: 'Ce mois' }).getAttribute('aria-pressed')).toBe('false');

  const range = screen.getByRole('form', { name: 'Période personnalisée' });
  await user.clear(within(range).getByLabelText('Du'));
  await user.type(within(range).getByLabelText('Du'), '2026-03-01');
  await user.clear(within(range).getByLabelText('Au'));
  await user.type(within(range).getByLabelText('Au'), '2026-05-31');
  await user.click(within(range).getByRole('button', { name: 'Afficher la période' }));
  await waitFor(() => expect(statisticsCalls(get).at(-1)).toEqual({ du: '2026-03-01', au: '2026-05-31' }));
  expect(screen.getByRole('button', { name: 'Cette année' }).getAttribute('aria-pressed')).toBe('false');

  await user.selectOptions(screen.getByLabelText('Appartement'), 'Studio Gare');
  await waitFor(() => expect(statisticsCalls(get).at(-1)).toEqual({ du: '2026-03-01', au: '2026-05-31', appartementId: 5 }));
});

it('refuses an inverted custom range without asking the server', async () => {
  const get = serve(async () => ({ data: figures() }));
  const user = userEvent.setup();
  render(<DashboardPage />, { wrapper: QueryWrapper });
  await screen.findByRole('table', { name: 'Chiffres par appartement' });
  const range = screen.getByRole('form', { name: 'Période personnalisée' });
  await user.clear(within(range).getByLabelText('Du'));
  await user.type(within(range).getByLabelText('Du'), '2026-05-31');
  await user.clear(within(range).getByLabelText('Au'));
  await user.type(within(range).getByLabelText('Au'), '2026-03-01');
  await user.click(within(range).getByRole('button', { name: 'Afficher la période' }));
  expect((await screen.findByRole('alert')).textContent).toBe('La date de fin doit être postérieure ou égale à la date de début.');
  expect(statisticsCalls(get)).toHaveLength(1);
});

it('downloads the CSV of the period shown, and tells the server’s refusal', async () => {
  const saved: Blob[] = [];
  Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:csv'), revokeObjectURL: () => undefined });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  let csvAnswer: () => Promise<{ data: unknown }> = async () => ({ data: new Blob(['\ufeffLigne;Mois']) });
  const get = jest.spyOn(http, 'get').mockImplementation(async (url: string, config?: { params?: unknown }) => {
    if (url !== '/admin/statistiques') return { data: apartments };
    return (config?.params as { format?: string } | undefined)?.format === 'csv' ? csvAnswer() : { data: figures() };
  });
  const user = userEvent.setup();
  render(<DashboardPage />, { wrapper: QueryWrapper });
  await screen.findByRole('table', { name: 'Chiffres par appartement' });
  await user.click(screen.getByRole('button', { name: 'Télécharger le CSV' }));
  const { du, au } = presetPeriod('mois', todayIn('Europe/Paris'));
  expect(get).toHaveBeenCalledWith(
    '/admin/statistiques',
    expect.objectContaining({ params: { du, au, format: 'csv' }, responseType: 'blob' }),
  );
  await waitFor(() => expect(click).toHaveBeenCalled());
  expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(`statistiques-${du}-${au}.csv`);
  expect(saved).toHaveLength(1);

  csvAnswer = async () => {
    throw httpError(400, 'La période ne peut pas dépasser 3 ans (1096 jours).');
  };
  await user.click(screen.getByRole('button', { name: 'Télécharger le CSV' }));
  expect((await screen.findByRole('alert')).textContent).toBe('La période ne peut pas dépasser 3 ans (1096 jours).');
});

it('says when nothing was sold, and when the figures cannot be computed', async () => {
  const empty = period({
    nuitsVendues: 0,
    tauxOccupation: 0,
    chiffreAffairesCents: 0,
    prixMoyenNuitCents: null,
    revparCents: 0,
    parAppartement: [],
  });
  serve(async () => ({ data: { ...empty, anneePrecedente: empty } }));
  const { unmount } = render(<DashboardPage />, { wrapper: QueryWrapper });
  expect((await screen.findByText(DASHBOARD_EMPTY)).textContent).toBe(DASHBOARD_EMPTY);
  expect(screen.queryByRole('table')).toBeNull();
  expect(screen.getByText('Aucun appartement dans cette sélection.')).toBeTruthy();
  unmount();

  jest.restoreAllMocks();
  serve(async () => {
    throw new Error('réseau');
  });
  render(<DashboardPage />, { wrapper: QueryWrapper });
  expect((await screen.findByRole('alert')).textContent).toBe(DASHBOARD_FAILED);
});
