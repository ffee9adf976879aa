import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { http, type Remboursement } from 'shared-kernel';
import { httpError } from '../../test/fixtures';
import RefundsPage, { REFUNDS_LOAD_FAILED } from './RefundsPage';
import { QueryWrapper } from '../../../tooling/testing/query-client';

const refund = (overrides: Partial<Remboursement> = {}): Remboursement => ({
  id: 5,
  reservationId: 12,
  montantCents: 50_000,
  moyen: 'virement',
  etat: 'à effectuer',
  iban: 'FR7630006000011234567890189',
  titulaire: 'Marie Dupont',
  client: { id: 7, nom: 'Marie Dupont', email: 'marie@example.fr' },
  creeLe: '2026-11-20T09:15:00.000Z',
  effectueLe: null,
  reference: null,
  erreur: null,
  ...overrides,
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <RefundsPage />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );

afterEach(() => jest.restoreAllMocks());

it('lists what is owed, with the IBAN of a transfer, and what Stripe is doing', async () => {
  jest.spyOn(http, 'get').mockResolvedValue({
    data: [
      refund(),
      refund({ id: 6, reservationId: 13, moyen: 'stripe', etat: 'demandé', iban: null, titulaire: null, montantCents: 26_700 }),
    ],
  });
  renderPage();
  expect(await screen.findByText('2 remboursements en attente, 767 € au total.')).toBeTruthy();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Remboursements à effectuer');
  const [transfer, stripe] = screen.getAllByRole('listitem');
  expect(within(transfer!).getByRole('heading', { name: '500 € à rembourser à Marie Dupont' })).toBeTruthy();
  expect(within(transfer!).getByText('FR76 3000 6000 0112 3456 7890 189 (Marie Dupont)')).toBeTruthy();
  expect(within(transfer!).getByRole('link', { name: 'n° 12' }).getAttribute('href')).toBe('/reservation/12');
  expect(within(transfer!).getByRole('button', { name: 'Marquer effectué' })).toBeTruthy();
  expect(within(stripe!).getByText('Demandé à Stripe : marqué effectué dès que Stripe le confirme.')).toBeTruthy();
  expect(within(stripe!).queryByRole('button', { name: 'Marquer effectué' })).toBeNull();
});

it('waits for the guest’s IBAN before a transfer can be marked made', async () => {
  jest.spyOn(http, 'get').mockResolvedValue({ data: [refund({ iban: null, titulaire: null })] });
  renderPage();
  const item = await screen.findByRole('listitem');
  expect(within(item).getByText('Pas encore communiqué par le client')).toBeTruthy();
  expect(within(item).queryByRole('button', { name: 'Marquer effectué' })).toBeNull();
});

it('marks a transfer made with its date and reference, then the guest is told', async () => {
  jest.spyOn(http, 'get').mockResolvedValue({ data: [refund()] });
  const post = jest
    .spyOn(http, 'post')
    .mockResolvedValue({ data: { remboursement: refund({ etat: 'effectué', effectueLe: '2026-11-24', reference: 'VIR-118' }) } });
  const user = userEvent.setup();
  renderPage();
  const item = await screen.findByRole('listitem');
  await user.click(within(item).getByRole('button', { name: 'Marquer effectué' }));
  expect(within(item).getByRole('alert').textContent).toBe('Indiquez la référence du virement de remboursement (au moins 2 caractères).');
  expect(post).not.toHaveBeenCalled();
  const date = within(item).getByLabelText('Date du virement');
  await user.clear(date);
  await user.type(date, '2026-11-24');
  await user.type(within(item).getByLabelText('Référence du virement'), ' VIR-118 ');
  await user.click(within(item).getByRole('button', { name: 'Marquer effectué' }));
  expect(post).toHaveBeenCalledWith('/admin/remboursements/5/effectue', { date: '2026-11-24', reference: 'VIR-118' });
  expect(
    await screen.findByText('Remboursement de 500 € à Marie Dupont marqué effectué : le client en est informé par e-mail.'),
  ).toBeTruthy();
  expect(screen.queryByRole('listitem')).toBeNull();
  expect(screen.getByText('Aucun remboursement en attente.')).toBeTruthy();
});

it("shows the server's refusal and keeps the refund", async () => {
  jest.spyOn(http, 'get').mockResolvedValue({ data: [refund()] });
  jest.spyOn(http, 'post').mockRejectedValue(httpError(409, 'Ce remboursement est déjà marqué effectué.'));
  const user = userEvent.setup();
  renderPage();
  const item = await screen.findByRole('listitem');
  await user.type(within(item).getByLabelText('Référence du virement'), 'VIR-1');
  await user.click(within(item).getByRole('button', { name: 'Marquer effectué' }));
  expect((await within(item).findByRole('alert')).textContent).toBe('Ce remboursement est déjà marqué effectué.');
  expect(screen.getAllByRole('listitem')).toHaveLength(1);
});

it('says when the list cannot be loaded, and loads again', async () => {
  const get = jest.spyOn(http, 'get').mockRejectedValueOnce(new Error('réseau')).mockResolvedValue({ data: [] });
  const user = userEvent.setup();
  renderPage();
  expect((await screen.findByRole('alert')).textContent).toBe(REFUNDS_LOAD_FAILED);
  await user.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByText('Aucun remboursement en attente.')).toBeTruthy();
  expect(get).toHaveBeenCalledTimes(2);
});
