/**
 * Issue 31: a payment event's mails are queued in the transaction of the event, so the mail_queue row
 * commits with the movement. A process that dies right after the commit (simulated: the after-commit
 * work never runs) still sends them; a payment that rolls back queues none.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { mailQueue } from '../src/db/schema.js';
import { AfterCommit } from '../src/modules/payments/after-commit.js';
import { recordMovement } from '../src/modules/ledger/ledger.js';
import { startServer, type TestServer } from './helpers.js';
import { apartmentIdBySlug, flexible } from './support/catalogue.js';
import { bookTwoNights } from './support/bookings.js';

const today = () => todayIn('Europe/Paris');

describe('payment mails commit with the payment', () => {
  let server: TestServer;
  let client: string;
  let admin: string;
  let apt: number;
  let offset = 40;
  const run = AfterCommit.prototype.run;

  const book = async () => {
    offset += 3;
    return (await bookTwoNights(server, client, apt, addDaysIso(today(), offset), 'virement')).id;
  };
  const subjects = async (id: number) =>
    (await server.database.db.select({ subject: mailQueue.subject, text: mailQueue.textBody }).from(mailQueue))
      .filter((m) => m.text.includes(`/reservation/${id}`) || m.subject.includes(`n° ${id}`))
      .map((m) => m.subject);

  before(async () => {
    server = await startServer();
    client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    apt = await apartmentIdBySlug(server, flexible.slug);
  });
  after(async () => {
    AfterCommit.prototype.run = run;
    await server.close();
  });

  it('a crash right after the commit loses no mail: confirmation, cancellation and refund mails are already queued', async () => {
    const id = await book();
    // From here, nothing that runs after a commit happens (as if the process died right after it).
    AfterCommit.prototype.run = async () => undefined;
    try {
      assert.equal((await server.request('POST', `/api/admin/reservations/${id}/acompte-recu`, { token: admin, body: {} })).status, 200);
      assert.ok(
        (await subjects(id)).some((s) => s.startsWith('Réservation confirmée')),
        'confirmation queued with the deposit',
      );
      assert.equal(
        (await server.request('PUT', `/api/reservations/${id}/status`, { token: admin, body: { status: 'annulée' } })).status,
        200,
      );
      const queued = await subjects(id);
      assert.ok(
        queued.some((s) => s.startsWith('Réservation annulée')),
        'cancellation queued with its refund owed',
      );
      assert.ok(
        queued.some((s) => s.startsWith(`Réservation n° ${id} annulée`)),
        'admins told in the same commit',
      );
    } finally {
      AfterCommit.prototype.run = run;
    }
  });

  it('a payment that rolls back queues no mail', async () => {
    const id = await book();
    const before = (await subjects(id)).length;
    await assert.rejects(
      server.database.db.transaction(async (tx) => {
        await recordMovement(tx, { reservationId: id, type: 'acompte_recu', montantCents: 100, moyen: 'virement', auteur: 'admin' });
        await server.app.reservationEvents.publishIn(tx, { type: 'confirmée', reservationId: id });
        throw new Error('panne simulée avant la validation');
      }),
      /panne simulée/,
    );
    assert.equal((await subjects(id)).length, before);
  });
});
