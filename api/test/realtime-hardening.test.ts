/**
 * The realtime socket under abuse (issue 10): sockets per user are bounded, typing notices only
 * reach people the sender may write to, bad payloads answer in French, and the origin check
 * accepts the site's origins (and its loopback twin in development) but not a foreign origin, nor
 * one that merely equals the Host (DNS rebinding, issue 26).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Socket } from 'socket.io-client';
import { messages } from '../src/db/schema.js';
import { startServer, type TestServer } from './helpers.js';
import { threeUsersSuite } from './support/three-users.js';
import { openSocket } from './support/sockets.js';

describe('realtime hardening', () => {
  const suite = threeUsersSuite();
  const { t, id, sockets } = suite;

  function open(token: string, extraHeaders: Record<string, string> = {}): Socket {
    const socket = openSocket(suite.server.url, { auth: { token }, extraHeaders });
    sockets.push(socket);
    return socket;
  }

  /** 'authenticated', or the auth_error message, or the connect_error message. */
  function outcome(socket: Socket): Promise<string> {
    return new Promise((resolve) => {
      socket.once('authenticated', () => resolve('authenticated'));
      socket.once('auth_error', (e: { message: string }) => resolve(e.message));
      socket.once('connect_error', (e: Error) => resolve(`connect_error: ${e.message}`));
      setTimeout(() => resolve('rien en 3 s'), 3000);
    });
  }

  async function authenticated(token: string): Promise<Socket> {
    const socket = open(token);
    assert.equal(await outcome(socket), 'authenticated');
    return socket;
  }

  it('bounds the sockets of one user to 20, then answers auth_error in French', async () => {
    const mine = await Promise.all(Array.from({ length: 20 }, () => authenticated(t.other)));
    const extra = open(t.other);
    const disconnected = new Promise((resolve) => extra.once('disconnect', resolve));
    assert.equal(await outcome(extra), 'Trop de connexions ouvertes pour ce compte. Fermez des onglets puis réessayez.');
    await disconnected;
    // Another user is not affected; closing a tab frees a place.
    await authenticated(t.client).then((s) => s.disconnect());
    mine[0]!.disconnect();
    await new Promise((r) => setTimeout(r, 100));
    const again = await authenticated(t.other);
    for (const s of [...mine, again]) s.disconnect();
  });

  it('sends typing notices only to people the sender may write to', async () => {
    const admin = await authenticated(t.admin);
    const client = await authenticated(t.client);
    const other = await authenticated(t.other);
    const seen: string[] = [];
    for (const [name, s] of [
      ['admin', admin],
      ['client', client],
      ['other', other],
    ] as const) {
      s.on('typing_start', (p: { senderId: number }) => seen.push(`${name}<-${p.senderId}:start`));
      s.on('typing_stop', (p: { senderId: number }) => seen.push(`${name}<-${p.senderId}:stop`));
    }
    client.emit('typing_start', { receiverId: id.other }); // client -> client: not allowed
    client.emit('typing_stop', { receiverId: id.other });
    client.emit('typing_start', { receiverId: 2147483648 });
    client.emit('typing_start', { receiverId: id.admin }); // client -> support: allowed
    admin.emit('typing_stop', { receiverId: id.other }); // admin -> anyone: allowed
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(seen.sort(), [`admin<-${id.client}:start`, `other<-${id.admin}:stop`].sort());
    for (const s of [admin, client, other]) s.disconnect();
  });

  it('answers bad socket messages in French and stores nothing', async () => {
    const socket = await authenticated(t.client);
    const before = (await suite.server.database.db.select().from(messages)).length;
    const send = (payload: unknown) => socket.emitWithAck('send_message', payload);
    assert.deepEqual(await send({ receiverId: id.admin, contenu: { texte: 'objet' } }), {
      error: 'Le message doit être un texte.',
      status: 400,
    });
    assert.deepEqual(await send({ receiverId: id.admin, contenu: ['a', 'b'] }), { error: 'Le message doit être un texte.', status: 400 });
    assert.deepEqual(await send({ receiverId: id.admin, contenu: 42 }), { error: 'Le message doit être un texte.', status: 400 });
    assert.deepEqual(await send('pas un objet'), { error: 'Le message doit être un texte.', status: 400 });
    assert.deepEqual(await send({ receiverId: id.admin, contenu: 'avant\u0000après' }), {
      error: 'Le message contient un caractère non autorisé.',
      status: 400,
    });
    for (const big of [2147483648, 1e30, 2 ** 53, -1, 1.5, '2147483648']) {
      assert.deepEqual(
        await send({ receiverId: big, contenu: 'Bonjour' }),
        { error: 'Destinataire invalide.', status: 400 },
        `receiverId ${big}`,
      );
      assert.deepEqual(
        await send({ receiverId: id.admin, contenu: 'Bonjour', appartementId: big }),
        { error: 'Appartement invalide.', status: 400 },
        `appartementId ${big}`,
      );
    }
    assert.equal((await suite.server.database.db.select().from(messages)).length, before, 'nothing stored');
    const ok = (await send({ receiverId: id.admin, contenu: 'Un vrai message' })) as { message: { contenu: string } };
    assert.equal(ok.message.contenu, 'Un vrai message');
    socket.disconnect();
  });

  it('accepts the origin the page was served from, and refuses a foreign origin', async () => {
    assert.notEqual(suite.server.config.siteOrigin, suite.server.url, 'SITE_ORIGIN says localhost, the page is on 127.0.0.1');
    const sameHost = open(t.client, { origin: suite.server.url });
    assert.equal(await outcome(sameHost), 'authenticated');
    sameHost.disconnect();
    const configured = open(t.client, { origin: suite.server.config.siteOrigin });
    assert.equal(await outcome(configured), 'authenticated');
    configured.disconnect();
    const foreign = open(t.client, { origin: 'http://evil.example' });
    assert.match(await outcome(foreign), /^connect_error/);
    const otherPort = open(t.client, { origin: suite.server.url.replace(/:\d+$/, ':1') });
    assert.match(await outcome(otherPort), /^connect_error/);
  });
});

describe('socket origin behind a trusted proxy', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ trustProxy: true, siteOrigin: 'https://sejours.example' });
  });
  after(() => server.close());

  function outcome(headers: Record<string, string>): Promise<string> {
    const socket = openSocket(server.url, { extraHeaders: headers });
    return new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', () => resolve('refused'));
      setTimeout(() => resolve('rien en 3 s'), 3000);
    }).finally(() => socket.disconnect());
  }

  it('accepts the https origin of the site behind the proxy, not a foreign one nor one equal to the forwarded host', async () => {
    const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'sejours.example' };
    assert.equal(await outcome({ ...proxied, origin: 'https://sejours.example' }), 'connected');
    assert.equal(await outcome({ ...proxied, origin: 'http://sejours.example' }), 'refused');
    assert.equal(await outcome({ ...proxied, origin: 'https://evil.example' }), 'refused');
    // DNS rebinding: the attacker's name points at the server; the browser sends it as Origin and Host.
    assert.equal(
      await outcome({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'rebind.example', origin: 'https://rebind.example' }),
      'refused',
    );
  });
});
