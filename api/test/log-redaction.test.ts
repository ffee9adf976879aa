import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.js';
import { startServer, type TestServer } from './helpers.js';

describe('logs never carry a password, a password hash or a token', () => {
  let server: TestServer;
  const lines: string[] = [];
  before(async () => {
    server = await startServer({ logLevel: 'trace' }, { logStream: { write: (line: string) => void lines.push(line) } });
  });
  after(() => server.close());

  it('redacts request headers and scrubs error messages and free text', async () => {
    const password = 'Mot-de-passe-journal-2026';
    const reg = await server.request('POST', '/api/users/register', {
      body: { nom: 'Jules Journal', email: 'jules.journal@exemple.fr', password },
    });
    assert.equal(reg.status, 201, reg.text);
    const token = await server.login('jules.journal@exemple.fr', password);
    assert.equal((await server.request('GET', '/api/auth/me', { token, headers: { cookie: `sm_token=${token}` } })).status, 200);
    const [row] = await server.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'jules.journal@exemple.fr'));
    const hash = row!.hash!;
    assert.match(hash, /^scrypt\$/);

    // What a failed query looks like when logged: the driver quotes the query's parameters.
    const failure = new Error(
      `Failed query: insert into "users" ("nom", "email", "password_hash") values ($1, $2, $3)\nparams: Jules,jules.journal@exemple.fr,${hash}`,
    );
    server.app.log.error(
      { err: failure, user: { email: 'jules.journal@exemple.fr', passwordHash: hash }, token, password },
      'unhandled error',
    );
    server.app.log.warn(`session ${token} refusée, empreinte ${hash}`);
    server.app.log.info({ req: { headers: { authorization: `Bearer ${token}`, cookie: `sm_token=${token}` } } }, 'requête');

    const resetToken = 'Jeton-De-Reinitialisation_0123456789abcdefghijklmnop';
    await server.request('GET', `/reset-password/${resetToken}`);

    const output = lines.join('');
    assert.ok(output.includes('unhandled error') && output.includes('refusée'), 'the lines were captured');
    assert.ok(output.includes('/api/auth/me'), 'requests are logged at this level');
    assert.ok(output.includes('/reset-password/'), 'the reset page request is logged');
    for (const secret of [hash, hash.split('$').pop()!, token, password, resetToken])
      assert.ok(!output.includes(secret), `secret in the log: ${secret.slice(0, 12)}…`);
    assert.match(output, /\[masqué\]/);
  });

  it('keeps out of request logs the iCal export tokens (current and old), reset tokens and the query values of secret-bearing routes', async () => {
    const before = lines.length;
    const adminToken = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    const list = await server.request('GET', '/api/appartements');
    const id = list.body.appartements[0].id as number;
    const first = await server.request('GET', `/api/admin/appartements/${id}/calendriers`, { token: adminToken });
    assert.equal(first.status, 200);
    const oldToken = /\/ical\/\d+\/([^/]+)\.ics$/.exec(first.body.exportUrl)![1]!;
    const rotated = await server.request('POST', `/api/admin/appartements/${id}/calendriers/regenerer`, { token: adminToken });
    assert.equal(rotated.status, 200, rotated.text);
    const currentToken = /\/ical\/\d+\/([^/]+)\.ics$/.exec(rotated.body.exportUrl)![1]!;
    assert.notEqual(currentToken, oldToken);
    assert.equal((await server.request('GET', `/ical/${id}/${currentToken}.ics`)).status, 200);
    assert.equal((await server.request('GET', `/ical/${id}/${oldToken}.ics`)).status, 404);
    assert.equal(
      (await server.request('GET', `/ical/${id}/${currentToken}.ics/suite`)).status,
      404,
      'no route: the not-found line is logged too',
    );
    const metricsToken = 'Jeton-Supervision-Dans-La-Requete-42';
    await server.request('GET', `/metrics?token=${metricsToken}`);
    const resetToken = 'Reinitialisation-Par-Requete-0123456789';
    await server.request('GET', `/reset-password?token=${resetToken}`);
    const anyToken = 'Un-Jeton-Quelconque-987654321';
    await server.request('GET', `/api/appartements?jeton=${anyToken}&tri=prix`);

    const output = lines.slice(before).join('');
    assert.ok(output.includes('/metrics?token=') && output.includes('/ical/'), 'the requests were logged');
    assert.ok(output.includes('tri=prix'), 'an ordinary query value stays readable');
    for (const secret of [oldToken, currentToken, metricsToken, resetToken, anyToken, adminToken])
      assert.ok(!output.includes(secret), `token in the log: ${secret.slice(0, 12)}…`);
  });
});
