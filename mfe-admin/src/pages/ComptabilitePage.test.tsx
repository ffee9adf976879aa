import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, type ComptabiliteMois } from 'shared-kernel';
import { httpError } from '../../test/fixtures';
import { monthDays } from '../accounting/months';
import ComptabilitePage, { MONTH_FAILED } from './ComptabilitePage';
import { QueryWrapper } from '../../../tooling/testing/query-client';

const month = (overrides: Partial<ComptabiliteMois> = {}): ComptabiliteMois => ({
  mois: '2026-11',
  recuCents: 150_000,
  rembourseCents: 50_000,
  netCents: 100_000,
  aRembourserCents: 26_700,
  taxeSejourCents: 1_234,
  recuParMoyen: { stripe: 100_000, virement: 50_000, especes: 0, autre: 0 },
  mouvements: 9,
  ...overrides,
});

/** The value next to a label of the month's totals. */
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(() => jest.restoreAllMocks());

it("shows the month's totals from the books, received by means", async () => {
  const get = jest.spyOn(http, 'get').mockResolvedValue({ data: month() });
  render(<ComptabilitePage />, { wrapper: QueryWrapper });
  expect(await screen.findByText('Reçu', { selector: 'dt' })).toBeTruthy();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Comptabilité');
  expect(valueOf('Reçu')).toBe('1 500 €');
  expect(valueOf('dont Stripe')).toBe('1 000 €');
  expect(valueOf('dont Virement')).toBe('500 €');
  expect(screen.queryByText('dont Espèces')).toBeNull();
  expect(valueOf('Remboursé')).toBe('500 €');
  expect(valueOf('Net')).toBe('1 000 €');
  expect(valueOf('Remboursements à effectuer en fin de mois')).toBe('267 €');
  expect(valueOf('Taxe de séjour collectée (séjours terminés dans le mois)')).toBe('12,34 €');
  expect(get.mock.calls[0]![0]).toBe('/admin/comptabilite');
});

it('downloads the CSV of the chosen period, and tells the server’s refusal', async () => {
  jest.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/admin/comptabilite') return { data: month() };
    throw httpError(400, 'La date de fin (au) doit être postérieure ou égale à la date de début (du).');
  });
  const user = userEvent.setup();
  render(<ComptabilitePage />, { wrapper: QueryWrapper });
  await screen.findByText('Reçu', { selector: 'dt' });
  const form = screen.getByRole('form', { name: 'Export comptable' });
  const du = within(form).getByLabelText('Du') as HTMLInputElement;
  expect(du.value).toMatch(/^\d{4}-\d{2}-01$/);
  await user.click(within(form).getByRole('button', { name: 'Exporter en CSV' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'La date de fin (au) doit être postérieure ou égale à la date de début (du).',
  );
});

it('says when the totals cannot be computed', async () => {
  jest.spyOn(http, 'get').mockRejectedValue(new Error('réseau'));
  render(<ComptabilitePage />, { wrapper: QueryWrapper });
  await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MONTH_FAILED));
});

it('knows the days of a month', () => {
  expect(monthDays('2026-02')).toEqual({ du: '2026-02-01', au: '2026-02-28' });
  expect(monthDays('2028-02')).toEqual({ du: '2028-02-01', au: '2028-02-29' });
  expect(monthDays('2026-12')).toEqual({ du: '2026-12-01', au: '2026-12-31' });
});
