/** A stay booked through the API as a guest does it, for the payment tests. */
import assert from 'node:assert/strict';
import { addDaysIso } from 'shared-kernel/rules';
import type { TestServer } from '../helpers.js';

/** Books two nights from `startDate` for one adult, terms accepted, and checks the API created it. */
export async function bookTwoNights(
  server: TestServer,
  token: string,
  appartementId: number,
  startDate: string,
  paymentMethod: 'card' | 'virement',
): Promise<{ id: number; deposit: number }> {
  const res = await server.request('POST', '/api/reservations', {
    token,
    body: { appartementId, startDate, endDate: addDaysIso(startDate, 2), adultes: 1, accepteCgv: true, paymentMethod },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.reservation;
}
