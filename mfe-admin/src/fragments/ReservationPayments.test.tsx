import { render, screen, within } from '@testing-library/react';
import { reservationsApi, type Paiement } from 'shared-kernel';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import { deferred, httpError } from '../../test/fixtures';
import { PAYMENTS_EMPTY, PAYMENTS_FAILED } from '../payments/text';
import ReservationPayments from './ReservationPayments';

const payments = jest.spyOn(reservationsApi, 'payments');
afterEach(() => payments.mockReset());

const payment = (overrides: Partial<Paiement> = {}): Paiement => ({
  id: 1,
  reservationId: 12,
  fournisseur: 'stripe',
  type: 'acompte',
  montantCents: 8010,
  etat: 'payé',
  stripeSessionId: 'cs_test_1',
  stripePaymentIntentId: 'pi_test_1',
  stripeRefundId: null,
  createdAt: '2026-11-20T09:30:00.000Z',
  updatedAt: '2026-11-20T09:31:00.000Z',
  ...overrides,
});

it('shows a spinner, then every payment event of the reservation', async () => {
  const answer = deferred<Paiement[]>();
  payments.mockReturnValue(answer.promise);
  render(<ReservationPayments reservationId={12} />, { wrapper: QueryWrapper });
  expect(screen.getByRole('status').textContent).toBe('Chargement des paiements…');
  answer.resolve([
    payment(),
    payment({
      id: 2,
      fournisseur: 'virement',
      type: 'solde',
      montantCents: 18690,
      etat: 'en attente',
      stripeSessionId: null,
      stripePaymentIntentId: null,
    }),
  ]);
  const table = await screen.findByRole('table');
  expect(payments).toHaveBeenCalledWith(12);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent),
    ),
  ).toEqual([
    ['Acompte', 'Stripe', '80,10 €', 'payé', 'cs_test_1 · pi_test_1'],
    ['Solde', 'Virement', '186,90 €', 'en attente', '—'],
  ]);
  expect(screen.queryByRole('status')).toBeNull();
});

it('says when the reservation has no payment', async () => {
  payments.mockResolvedValue([]);
  render(<ReservationPayments reservationId={12} />, { wrapper: QueryWrapper });
  expect(await screen.findByText(PAYMENTS_EMPTY)).toBeTruthy();
});

it('says when the payments cannot be loaded', async () => {
  payments.mockRejectedValue(httpError(500));
  // The data layer logs the failed read for whoever debugs the page.
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(<ReservationPayments reservationId={12} />, { wrapper: QueryWrapper });
  expect((await screen.findByRole('alert')).textContent).toBe(PAYMENTS_FAILED);
  expect(screen.queryByRole('table')).toBeNull();
  logged.mockRestore();
});
