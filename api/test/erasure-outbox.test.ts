/**
 * Erasure erases mails and logs (issue 26): after DELETE /api/users/me the person's files in
 * DATA_DIR/outbox are gone (mails to them, and the admins' notices naming them), another person's
 * stay; the mail log lines name a mail id, never an address.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { mailQueue } from '../src/db/schema.js';
import { MAIL_JOBS } from '../src/mail/install.js';
import { outboxDir } from '../src/mail/mailer.js';
import { startServer, type TestServer } from './helpers.js';

describe('erasing an account erases its outbox files, and mail logs name no address', () => {
  let server: TestServer;
  const lines: string[] = [];
  before(async () => {
    server = await startServer({ logLevel: 'info' }, { logStream: { write: (line: string) => void lines.push(line) } });
  });
  after(() => server.close());

  const outbox = () => {
    const dir = outboxDir(server.config.dataDir);
    try {
      return readdirSync(dir).map((f) => ({ file: f, text: readFileSync(path.join(dir, f), 'utf8') }));
    } catch {
      return [];
    }
  };

  it('removes the mails to the person and the notices naming them; keeps the others', async () => {
    const email = 'effacee.outbox@exemple.fr';
    const password = 'motdepasse-effacee';
    const reg = await server.request('POST', '/api/users/register', { body: { nom: 'Zélie Effacée', email, password } });
    assert.equal(reg.status, 201);
    const id = reg.body.user.id as number;
    const token = await server.login(email, password);
    const adminToken = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    const adminId = (await server.request('GET', '/api/auth/me', { token: adminToken })).body.user.id as number;
    // A password reset mail (sent at once, not queued).
    assert.equal((await server.request('POST', '/api/auth/forgot-password', { body: { email } })).status, 200);
    await server.database.db.insert(mailQueue).values([
      {
        kind: 'reservation-confirmee',
        toAddress: email,
        userId: id,
        subject: 'Votre réservation est confirmée',
        textBody: 'Bonjour Zelie',
        htmlBody: '<p>Bonjour Zelie</p>',
      },
      {
        kind: 'rappel-arrivee',
        toAddress: email,
        userId: id,
        subject: 'Votre arrivée approche',
        textBody: 'Bonjour Zelie',
        htmlBody: '<p>Bonjour Zelie</p>',
      },
      {
        kind: 'admin-nouvelle-reservation',
        toAddress: 'admin@sejours-messins.fr',
        userId: adminId,
        aboutEmail: email,
        subject: 'Nouvelle réservation',
        textBody: `Client : Zelie Effacee <${email}>`,
        htmlBody: '<p>Zelie</p>',
      },
      {
        kind: 'resume-messages',
        toAddress: 'admin@sejours-messins.fr',
        userId: adminId,
        aboutUserIds: [id],
        subject: 'Nouveaux messages',
        textBody: 'Zelie Effacee : bonjour',
        htmlBody: '<p>Zelie</p>',
      },
      {
        kind: 'admin-nouvelle-reservation',
        toAddress: 'admin@sejours-messins.fr',
        userId: adminId,
        aboutEmail: 'quelquun.dautre@exemple.fr',
        subject: 'Au sujet de quelqu’un d’autre',
        textBody: 'Client : Paul Autre',
        htmlBody: '<p>Paul Autre</p>',
      },
    ]);
    await server.app.jobs.runNow(MAIL_JOBS.queue, { force: true });
    const naming = (files: { file: string; text: string }[]) =>
      files.filter((f) => f.file.includes(email) || f.text.includes(email) || f.text.includes('Zelie'));
    assert.equal(
      naming(outbox()).length,
      6,
      'the verification link of the sign-up, the reset, two mails to the person and two notices naming them were written',
    );

    const erased = await server.request('DELETE', '/api/users/me', { token, body: { motDePasse: password } });
    assert.equal(erased.status, 200, erased.text);
    const left = outbox();
    assert.deepEqual(
      naming(left).map((f) => f.file),
      [],
      'no outbox file names the person any more',
    );
    assert.ok(
      left.some((f) => f.text.includes('Paul Autre')),
      "another person's notice stays",
    );

    const log = lines.join('');
    assert.match(log, /Email mail-\d+ écrit dans/, 'mail log lines name the mail');
    assert.ok(!log.includes(email), 'no log line holds the address');
    assert.ok(!log.includes('admin@sejours-messins.fr'), 'nor the admin address');
  });
});
