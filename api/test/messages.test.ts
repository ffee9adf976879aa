import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { messages } from '../src/db/schema.js';
import { threeUsersSuite } from './support/three-users.js';
import { openSocket } from './support/sockets.js';

describe('messaging', () => {
  const suite = threeUsersSuite();
  const { t, id, sockets } = suite;

  const send = (token: string, body: Record<string, unknown>) => suite.server.request('POST', '/api/messages/envoyer', { token, body });

  describe('HTTP', () => {
    it('needs a signed-in user on every route', async () => {
      for (const [method, route, body] of [
        ['GET', '/api/messages/conversations'],
        ['GET', '/api/messages/non-lus'],
        ['GET', '/api/messages/utilisateur/1'],
        ['POST', '/api/messages/marquer-lus', { messageIds: [1] }],
        ['POST', '/api/messages/envoyer', { receiverId: 1, contenu: 'x' }],
        ['POST', '/api/messages/contacter-support', { contenu: 'x' }],
      ] as const) {
        const res = await suite.server.request(method, route, body ? { body } : {});
        assert.equal(res.status, 401, route);
      }
    });

    it('routes a client to support: the message goes to an admin, who sees the client as a contact', async () => {
      const res = await suite.server.request('POST', '/api/messages/contacter-support', {
        token: t.client,
        body: { contenu: '  Bonjour, le parking est-il couvert ?  ' },
      });
      assert.equal(res.status, 201);
      assert.deepEqual(res.body.supportInfo, { adminId: id.admin, adminName: 'Claire Administratrice' });
      assert.equal(res.body.message.contenu, 'Bonjour, le parking est-il couvert ?');
      assert.equal(res.body.message.type, 'support');
      const [row] = await suite.server.database.db.select().from(messages).where(eq(messages.id, res.body.message.id));
      assert.equal(row!.receiverId, id.admin);
      const contacts = await suite.server.request('GET', '/api/messages/conversations', { token: t.admin });
      assert.deepEqual(
        contacts.body.find((c: { id: number }) => c.id === id.client),
        { id: id.client, nom: 'Camille Martin', role: 'client', photo: null, nonLus: 1 },
      );
      const mine = await suite.server.request('GET', '/api/messages/conversations', { token: t.client });
      assert.deepEqual(
        mine.body.map((c: { id: number }) => c.id),
        [id.admin],
        'never the caller',
      );
      assert.equal((await suite.server.request('GET', '/api/messages/non-lus', { token: t.admin })).body.count, 1);
    });

    it('lets a client write to support only, and an admin to anyone', async () => {
      const toClient = await send(t.client, { receiverId: id.other, contenu: 'Salut Paul' });
      assert.equal(toClient.status, 403);
      assert.equal(toClient.body.message, "Vous ne pouvez écrire qu'au support.");
      assert.equal((await send(t.client, { receiverId: id.admin, contenu: 'Merci !' })).status, 201);
      assert.equal((await send(t.admin, { receiverId: id.other, contenu: 'Bienvenue Paul' })).status, 201);
    });

    it('validates the text, the receiver and the type in French', async () => {
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [{ receiverId: id.admin, contenu: '   ' }, 400, 'Le message ne peut pas être vide.'],
        [{ receiverId: id.admin, contenu: 'x'.repeat(2001) }, 400, 'Le message ne peut pas dépasser 2000 caractères.'],
        [{ receiverId: 999999, contenu: 'Allô ?' }, 404, 'Destinataire introuvable.'],
        [{ receiverId: id.client, contenu: 'moi-même' }, 400, 'Vous ne pouvez pas vous écrire à vous-même.'],
        [
          { receiverId: id.admin, contenu: 'Type ?', type: 'spam' },
          400,
          'Type de message invalide. Valeurs acceptées : general, support, appartement.',
        ],
        [{ receiverId: id.admin, contenu: 'Et cet appart ?', type: 'appartement', appartementId: 999999 }, 404, 'Appartement introuvable.'],
        [{ receiverId: '2', contenu: 'Texte' }, 400, 'Le champ « destinataire » doit être un nombre entier.'],
      ];
      const before = (await suite.server.database.db.select().from(messages)).length;
      for (const [body, status, message] of cases) {
        const res = await send(t.client, body);
        assert.equal(res.status, status, JSON.stringify(body).slice(0, 60));
        assert.equal(res.body.message, message);
      }
      assert.equal((await suite.server.database.db.select().from(messages)).length, before, 'nothing stored');
      assert.equal((await send(t.client, { receiverId: id.admin, contenu: 'x'.repeat(2000) })).status, 201, '2000 characters are fine');
    });

    it('returns only the messages between the caller and that user, oldest first', async () => {
      const res = await suite.server.request('GET', `/api/messages/utilisateur/${id.admin}`, { token: t.client });
      assert.ok(res.body.length >= 2);
      assert.ok(
        res.body.every(
          (m: { senderId: number; receiverId: number }) => [m.senderId, m.receiverId].sort().join() === [id.client, id.admin].sort().join(),
        ),
      );
      const times = res.body.map((m: { createdAt: string }) => m.createdAt);
      assert.deepEqual(times, [...times].sort());
      // Paul asking for Camille's conversation with the admin sees none of it
      const spy = await suite.server.request('GET', `/api/messages/utilisateur/${id.admin}`, { token: t.other });
      assert.ok(spy.body.every((m: { senderId: number; receiverId: number }) => m.senderId === id.other || m.receiverId === id.other));
      const spy2 = await suite.server.request('GET', `/api/messages/utilisateur/${id.client}`, { token: t.other });
      assert.deepEqual(spy2.body, []);
    });

    it('marks read only messages addressed to the caller', async () => {
      const toAdmin = (await send(t.client, { receiverId: id.admin, contenu: 'À lire' })).body.id as number;
      const stolen = await suite.server.request('POST', '/api/messages/marquer-lus', { token: t.other, body: { messageIds: [toAdmin] } });
      assert.deepEqual(stolen.body.messageIds, []);
      const ownByClient = await suite.server.request('POST', '/api/messages/marquer-lus', {
        token: t.client,
        body: { messageIds: [toAdmin] },
      });
      assert.deepEqual(ownByClient.body.messageIds, [], 'the sender cannot mark its own message read');
      let [row] = await suite.server.database.db.select().from(messages).where(eq(messages.id, toAdmin));
      assert.equal(row!.lu, false);
      const done = await suite.server.request('POST', '/api/messages/marquer-lus', { token: t.admin, body: { messageIds: [toAdmin] } });
      assert.deepEqual(done.body.messageIds, [toAdmin]);
      [row] = await suite.server.database.db.select().from(messages).where(eq(messages.id, toAdmin));
      assert.equal(row!.lu, true);
    });
  });

  describe('realtime socket', () => {
    function open(options: { token?: string; origin?: string } = {}): Socket {
      const socket = openSocket(suite.server.url, {
        ...(options.token ? { auth: { token: options.token } } : {}),
        ...(options.origin ? { extraHeaders: { origin: options.origin } } : {}),
      });
      sockets.push(socket);
      return socket;
    }
    function next<T = any>(socket: Socket, event: string, ms = 2000): Promise<T> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`pas de ${event} en ${ms} ms`)), ms);
        socket.once(event, (data: T) => {
          clearTimeout(timer);
          resolve(data);
        });
      });
    }
    function nothing(socket: Socket, event: string, ms = 400): Promise<void> {
      return new Promise((resolve, reject) => {
        const handler = () => reject(new Error(`${event} inattendu`));
        socket.once(event, handler);
        setTimeout(() => {
          socket.off(event, handler);
          resolve();
        }, ms);
      });
    }

    it('authenticates with the handshake token, or with the authenticate event', async () => {
      const a = open({ token: t.admin });
      assert.deepEqual(await next(a, 'authenticated'), { userId: id.admin });
      const b = open();
      await next(b, 'connect');
      b.emit('authenticate', t.client);
      assert.deepEqual(await next(b, 'authenticated'), { userId: id.client });
    });

    it('refuses a bad, an expired or a revoked token with auth_error', async () => {
      const bad = open({ token: 'pas-un-jeton' });
      assert.match((await next(bad, 'auth_error')).message, /Session invalide ou expirée/);
      const revokedToken = await suite.server.login('paul.simon@exemple.fr', 'motdepasse-paul');
      await suite.server.request('POST', '/api/auth/logout', { token: revokedToken, body: {} });
      const revoked = open({ token: revokedToken });
      assert.match((await next(revoked, 'auth_error')).message, /Session invalide ou expirée/);
      revoked.emit('send_message', { receiverId: id.admin, contenu: 'intrus' }, () => undefined);
      await nothing(revoked, 'new_message');
    });

    it('refuses a page from another origin', async () => {
      const foreign = open({ token: t.client, origin: 'https://pirate.exemple' });
      const error = await next<Error>(foreign, 'connect_error');
      assert.ok(error);
    });

    it('delivers a message sent over the socket or HTTP once, to the receiver and to the sender’s other tabs', async () => {
      const admin = open({ token: t.admin });
      const clientTab1 = open({ token: t.client });
      const clientTab2 = open({ token: t.client });
      await Promise.all([next(admin, 'authenticated'), next(clientTab1, 'authenticated'), next(clientTab2, 'authenticated')]);
      const received = next(admin, 'new_message');
      const otherTab = next(clientTab2, 'new_message');
      const ack = await clientTab1.emitWithAck('send_message', { receiverId: id.admin, contenu: 'Par le socket', type: 'support' });
      assert.equal(ack.message.contenu, 'Par le socket');
      assert.equal((await received).id, ack.message.id);
      assert.equal((await otherTab).id, ack.message.id);
      const rows = await suite.server.database.db.select().from(messages).where(eq(messages.contenu, 'Par le socket'));
      assert.equal(rows.length, 1, 'stored once');
      const viaHttp = next(clientTab1, 'new_message');
      const sent = await send(t.admin, { receiverId: id.client, contenu: 'Réponse par HTTP' });
      assert.equal((await viaHttp).id, sent.body.id);
    });

    it('refuses over the socket what HTTP refuses', async () => {
      const client = open({ token: t.client });
      await next(client, 'authenticated');
      assert.deepEqual(await client.emitWithAck('send_message', { receiverId: id.other, contenu: 'Salut' }), {
        error: "Vous ne pouvez écrire qu'au support.",
        status: 403,
      });
      assert.deepEqual(await client.emitWithAck('send_message', { receiverId: id.admin, contenu: ' ' }), {
        error: 'Le message ne peut pas être vide.',
        status: 400,
      });
    });

    it('tells the sender when the receiver reads, and forwards typing', async () => {
      const admin = open({ token: t.admin });
      const client = open({ token: t.client });
      await Promise.all([next(admin, 'authenticated'), next(client, 'authenticated')]);
      const typing = next(admin, 'typing_start');
      client.emit('typing_start', { receiverId: id.admin });
      assert.deepEqual(await typing, { senderId: id.client });
      const stop = next(admin, 'typing_stop');
      client.emit('typing_stop', { receiverId: id.admin });
      assert.deepEqual(await stop, { senderId: id.client });
      const sent = await send(t.client, { receiverId: id.admin, contenu: 'Lisez-moi' });
      const receipt = next(client, 'messages_read');
      await suite.server.request('POST', '/api/messages/marquer-lus', { token: t.admin, body: { messageIds: [sent.body.id] } });
      assert.deepEqual(await receipt, { receiverId: id.admin, messageIds: [sent.body.id] });
    });

    it('disconnects the sockets of a session that logs out', async () => {
      const token = await suite.server.login('paul.simon@exemple.fr', 'motdepasse-paul');
      const socket = open({ token });
      await next(socket, 'authenticated');
      const gone = next(socket, 'disconnect');
      await suite.server.request('POST', '/api/auth/logout', { token, body: {} });
      assert.equal(await gone, 'io server disconnect');
    });

    it('rate-limits sending per user, over HTTP and the socket together', async () => {
      const token = await suite.server.login('paul.simon@exemple.fr', 'motdepasse-paul');
      // Paul may write to support: send until refused
      const statuses: number[] = [];
      for (let i = 0; i < 22; i += 1) statuses.push((await send(token, { receiverId: id.admin, contenu: `Message ${i}` })).status);
      assert.equal(statuses.filter((s) => s === 201).length, 20);
      const refused = await send(token, { receiverId: id.admin, contenu: 'Encore' });
      assert.equal(refused.status, 429);
      assert.equal(refused.body.message, 'Vous envoyez trop de messages. Patientez quelques secondes.');
      const socket = open({ token });
      await next(socket, 'authenticated');
      assert.deepEqual(await socket.emitWithAck('send_message', { receiverId: id.admin, contenu: 'Par le socket' }), {
        error: 'Vous envoyez trop de messages. Patientez quelques secondes.',
        status: 429,
      });
    });
  });
});
