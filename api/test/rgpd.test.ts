import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { avis, mailQueue, messages, ownerLeads, paiements, passwordResets, reservations, sessions, users } from '../src/db/schema.js';
import { MAIL_JOBS } from '../src/mail/install.js';
import { HOUSEKEEPING_JOB } from '../src/modules/rgpd/housekeeping.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { io as connect } from 'socket.io-client';
import { startServer, verifyEmailOf, type TestServer } from './helpers.js';
import { allApartments } from './support/catalogue.js';
import { insertStay } from './support/reservation-rows.js';

const ADMIN = ['admin@sejours-messins.fr', 'Admin-Metz-2026'] as const;

/** A valid 1×1 PNG (made with sharp). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d494441540899636060606000000005000187a14ed40000000049454e44ae426082',
  'hex',
);

function avatarUpload(): { body: Buffer; contentType: string } {
  const boundary = '----sm' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('GDPR: data export, account erasure, housekeeping', () => {
  let server: TestServer;
  let apartmentId = 0;
  let adminId = 0;
  let adminToken = '';
  let n = 0;
  const today = () => todayIn('Europe/Paris');

  before(async () => {
    server = await startServer({ registerLimits: { perIp: 1000, windowSeconds: 3600 } });
    adminToken = await server.login(...ADMIN);
    adminId = (await server.request('GET', '/api/auth/me', { token: adminToken })).body.user.id;
    apartmentId = (await allApartments(server)).find((a: { slug: string }) => a.slug === demoApartments[0]!.slug).id;
  });
  after(() => server.close());

  /** A fresh client with a token. */
  async function client(nom = 'Julie Exemple'): Promise<{ id: number; email: string; password: string; token: string }> {
    n += 1;
    const email = `client${n}-${Date.now()}@exemple.fr`;
    const password = `Motdepasse-${n}-solide`;
    const reg = await server.request('POST', '/api/users/register', { body: { nom, email, password } });
    assert.equal(reg.status, 201, reg.text);
    const token = await server.login(email, password);
    // The person owns the address (DECISIONS 38): what was sent with it joins the account.
    await verifyEmailOf(server, email);
    return { id: reg.body.user.id, email, password, token };
  }

  /** A stay inserted directly (past or future dates the booking API would refuse or need payment for). */
  async function stay(
    userId: number,
    startOffset: number,
    nights: number,
    status: 'en attente' | 'confirmée' | 'annulée' | 'terminée',
  ): Promise<number> {
    const startDate = addDaysIso(today(), startOffset);
    return insertStay(server, {
      userId,
      appartementId: apartmentId,
      startDate,
      endDate: addDaysIso(startDate, nights),
      totalPrice: 300,
      status,
      guests: 2,
    });
  }

  const userRow = async (id: number) => (await server.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  describe('GET /api/users/me/export', () => {
    it('answers 401 without a session', async () => {
      const res = await server.request('GET', '/api/users/me/export');
      assert.equal(res.status, 401);
      assert.equal(res.body.message, 'Authentification requise. Veuillez vous connecter.');
    });

    it("holds the caller's account, reservations, reviews and messages, and nothing of anyone else", async () => {
      const me = await client('Julie Exemple');
      const other = await client('Paul Autre');
      const mine = await stay(me.id, -10, 2, 'terminée');
      const theirs = await stay(other.id, -20, 2, 'terminée');
      await server.database.db
        .insert(avis)
        .values({ appartementId: apartmentId, userId: me.id, reservationId: mine, note: 4, commentaire: 'Très bon séjour, calme.' });
      await server.database.db
        .insert(avis)
        .values({ appartementId: apartmentId, userId: other.id, reservationId: theirs, note: 2, commentaire: "L'avis de Paul." });
      const sent = await server.request('POST', '/api/messages/envoyer', {
        token: me.token,
        body: { receiverId: adminId, contenu: 'Bonjour, une question sur le parking.' },
      });
      assert.equal(sent.status, 201, sent.text);
      const reply = await server.request('POST', '/api/messages/envoyer', {
        token: adminToken,
        body: { receiverId: me.id, contenu: 'Le parking est gratuit.' },
      });
      assert.equal(reply.status, 201, reply.text);
      await server.request('POST', '/api/messages/envoyer', {
        token: other.token,
        body: { receiverId: adminId, contenu: 'Message de Paul.' },
      });

      const res = await server.request('GET', '/api/users/me/export', { token: me.token });
      assert.equal(res.status, 200, res.text);
      assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename="mes-donnees-\d{4}-\d{2}-\d{2}\.json"$/);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const data = res.body;
      assert.equal(data.compte.id, me.id);
      assert.equal(data.compte.email, me.email);
      assert.equal(data.compte.nom, 'Julie Exemple');
      assert.ok(!('passwordHash' in data.compte) && !res.text.includes('scrypt'), 'no password hash');
      assert.deepEqual(
        data.reservations.map((r: { id: number }) => r.id),
        [mine],
      );
      assert.equal(data.reservations[0].appartement.titre, demoApartments[0]!.titre);
      assert.equal(data.reservations[0].statut, 'terminée');
      assert.deepEqual(
        data.avis.map((a: { commentaire: string }) => a.commentaire),
        ['Très bon séjour, calme.'],
      );
      assert.deepEqual(
        data.messages.map((m: { sens: string; contenu: string }) => [m.sens, m.contenu]),
        [
          ['envoyé', 'Bonjour, une question sur le parking.'],
          ['reçu', 'Le parking est gratuit.'],
        ],
      );
      assert.ok(!res.text.includes('Paul'), "nothing of another user's data");
    });

    it('also holds the mail preferences, the payments and accepted terms, the mails sent and owner requests made with the address', async () => {
      const me = await client('Claire Exportée');
      const other = await client('Paul Autre');
      const off = await server.request('PUT', '/api/users/mail-preferences', {
        token: me.token,
        body: { actifs: { 'rappel-arrivee': false } },
      });
      assert.equal(off.status, 200, off.text);
      const mine = await stay(me.id, -30, 2, 'terminée');
      const acceptedAt = new Date('2026-10-01T09:30:00Z');
      await server.database.db
        .update(reservations)
        .set({ cgvVersion: '2026-11', cgvAccepteeLe: acceptedAt })
        .where(eq(reservations.id, mine));
      await server.database.db
        .insert(paiements)
        .values({ reservationId: mine, fournisseur: 'virement', type: 'acompte', montantCents: 30000, etat: 'payé' });
      const theirs = await stay(other.id, -40, 2, 'terminée');
      await server.database.db
        .insert(paiements)
        .values({ reservationId: theirs, fournisseur: 'virement', type: 'acompte', montantCents: 77700, etat: 'payé' });
      const sentAt = new Date('2026-10-02T08:00:00Z');
      await server.database.db.insert(mailQueue).values([
        {
          kind: 'reservation-confirmee',
          toAddress: me.email,
          userId: me.id,
          subject: 'Votre réservation est confirmée',
          textBody: 't',
          htmlBody: '<p>t</p>',
          status: 'sent',
          sentAt,
        },
        {
          kind: 'rappel-arrivee',
          toAddress: me.email,
          userId: me.id,
          subject: 'Pas encore parti',
          textBody: 't',
          htmlBody: '<p>t</p>',
          status: 'pending',
        },
        {
          kind: 'reservation-confirmee',
          toAddress: other.email,
          userId: other.id,
          subject: 'Le mail de Paul',
          textBody: 't',
          htmlBody: '<p>t</p>',
          status: 'sent',
          sentAt,
        },
      ]);
      await server.database.db.insert(ownerLeads).values([
        {
          nom: 'Exportée',
          prenom: 'Claire',
          email: me.email.toUpperCase(),
          message: 'Un T2 rue Serpenoise',
          consentement: "J'accepte d'être recontacté.",
        },
        { nom: 'Autre', prenom: 'Paul', email: other.email, message: 'Le studio de Paul', consentement: "J'accepte d'être recontacté." },
      ]);

      const res = await server.request('GET', '/api/users/me/export', { token: me.token });
      assert.equal(res.status, 200, res.text);
      const data = res.body;
      assert.deepEqual(
        data.preferencesEmails.map((p: { type: string; actif: boolean }) => [p.type, p.actif]),
        [
          ['rappel-arrivee', false],
          ['invitation-avis', true],
          ['resume-messages', true],
        ],
      );
      assert.equal(data.preferencesEmails[0].libelle, 'Rappel 3 jours avant mon arrivée');
      const [reservation] = data.reservations;
      assert.equal(reservation.cgvVersion, '2026-11');
      assert.equal(reservation.cgvAccepteesLe, acceptedAt.toISOString());
      assert.deepEqual(
        reservation.paiements.map((p: { type: string; moyen: string; montant: number; etat: string }) => [
          p.type,
          p.moyen,
          p.montant,
          p.etat,
        ]),
        [['acompte', 'virement', 300, 'payé']],
      );
      assert.deepEqual(data.emailsEnvoyes, [
        { type: 'reservation-confirmee', objet: 'Votre réservation est confirmée', envoyeLe: sentAt.toISOString() },
      ]);
      assert.deepEqual(
        data.demandesProprietaire.map((l: { message: string; statut: string }) => [l.message, l.statut]),
        [['Un T2 rue Serpenoise', 'nouveau']],
      );
      // Structural, not a substring search for '777': timestamps and the random addresses may hold those digits.
      const amounts = (data.reservations as { paiements: { montant: number }[] }[]).flatMap((r) => r.paiements.map((p) => p.montant));
      assert.ok(!amounts.includes(777), "another user's payment is not exported");
      assert.ok(!res.text.includes('Paul') && !res.text.includes(other.email), "nothing of another user's data");
    });
  });

  describe('DELETE /api/users/me', () => {
    it('answers 401 without a session, and cannot name another user', async () => {
      const victim = await client();
      const res = await server.request('DELETE', '/api/users/me', { body: { motDePasse: victim.password } });
      assert.equal(res.status, 401);
      // There is no route taking a user id: the only account one can erase is the caller's own.
      const other = await server.request('DELETE', `/api/users/${victim.id}`, {
        token: (await client()).token,
        body: { motDePasse: victim.password },
      });
      assert.equal(other.status, 404);
      assert.equal((await userRow(victim.id)).supprimeLe, null);
    });

    it('refuses a missing or wrong password (400, 403), and limits the attempts (429)', async () => {
      const me = await client();
      const missing = await server.request('DELETE', '/api/users/me', { token: me.token, body: {} });
      assert.equal(missing.status, 400);
      assert.equal(missing.body.message, 'Saisissez votre mot de passe pour confirmer la suppression de votre compte.');
      const wrong = await server.request('DELETE', '/api/users/me', { token: me.token, body: { motDePasse: 'pas-le-bon-mot-de-passe' } });
      assert.equal(wrong.status, 403);
      assert.equal(wrong.body.message, 'Mot de passe incorrect : votre compte n’a pas été supprimé.');
      const numeric = await server.request('DELETE', '/api/users/me', { token: me.token, body: { motDePasse: 12345 } });
      assert.equal(numeric.status, 400);
      for (let i = 0; i < 4; i += 1)
        await server.request('DELETE', '/api/users/me', { token: me.token, body: { motDePasse: `faux-${i}` } });
      const blocked = await server.request('DELETE', '/api/users/me', { token: me.token, body: { motDePasse: me.password } });
      assert.equal(blocked.status, 429);
      assert.equal(blocked.body.message, 'Trop de tentatives. Veuillez réessayer dans quelques minutes.');
      const row = await userRow(me.id);
      assert.equal(row.supprimeLe, null);
      assert.equal(row.email, me.email);
    });

    for (const [label, startOffset, nights, status] of [
      ['an upcoming confirmed stay', 5, 3, 'confirmée'],
      ['a pending stay', 30, 2, 'en attente'],
      ['a stay in progress', -2, 4, 'confirmée'],
      ['a stay whose departure is today', -3, 3, 'confirmée'],
    ] as const) {
      it(`refuses with the reason while there is ${label} (409)`, async () => {
        const me = await client();
        const id = await stay(me.id, startOffset, nights, status);
        const res = await server.request('DELETE', '/api/users/me', { token: me.token, body: { motDePasse: me.password } });
        assert.equal(res.status, 409, res.text);
        assert.match(
          res.body.message,
          /^Votre compte ne peut pas être supprimé tant qu'un séjour est à venir ou en cours \(du \d{1,2} \S+ \d{4} au \d{1,2} \S+ \d{4}\)\. Annulez-le ou attendez la fin du séjour\.$/,
        );
        assert.equal((await userRow(me.id)).supprimeLe, null);
        assert.equal((await server.request('GET', '/api/auth/me', { token: me.token })).status, 200, 'still signed in');
        await server.database.db.delete(reservations).where(eq(reservations.id, id));
      });
    }

    it('refuses an admin account (409)', async () => {
      const res = await server.request('DELETE', '/api/users/me', { token: adminToken, body: { motDePasse: ADMIN[1] } });
      assert.equal(res.status, 409);
      assert.match(res.body.message, /administrateur/);
    });

    it('erases the person, keeps the records without identity, ends every session and socket', async () => {
      const me = await client('Julie Exemple');
      const secondToken = await server.login(me.email, me.password);
      const upload = avatarUpload();
      const avatar = await server.request('POST', '/api/users/upload-avatar', {
        token: me.token,
        rawBody: upload.body as unknown as string,
        headers: { 'content-type': upload.contentType },
      });
      assert.equal(avatar.status, 200, avatar.text);
      const avatarFile = path.join(server.config.dataDir, 'uploads', 'avatars', path.basename(avatar.body.avatarUrl));
      assert.ok(existsSync(avatarFile));
      await server.request('PUT', '/api/users/update', {
        token: me.token,
        body: { phone: '0612345678', city: 'Metz', billingAddress: '3 rue Serpenoise', bio: 'Voyageuse.' },
      });
      const past = await stay(me.id, -30, 3, 'terminée');
      const cancelled = await stay(me.id, 40, 2, 'annulée');
      await server.database.db
        .insert(avis)
        .values({ appartementId: apartmentId, userId: me.id, reservationId: past, note: 5, commentaire: 'Parfait, merci !' });
      await server.request('POST', '/api/messages/envoyer', {
        token: me.token,
        body: { receiverId: adminId, contenu: 'Merci pour l’accueil.' },
      });
      // The admin stays away: the chat digest mailed to them quotes the person's name and message.
      await server.database.db.execute(sql`update messages set created_at = now() - interval '11 minutes' where sender_id = ${me.id}`);
      await server.app.jobs.runNow(MAIL_JOBS.digest, { force: true });
      const quoting = sql`${mailQueue.kind} = 'resume-messages' and ${mailQueue.userId} = ${adminId} and ${mailQueue.textBody} like ${'%Julie Exemple : Merci pour l’accueil.%'}`;
      assert.equal(
        (await server.database.db.select({ id: mailQueue.id }).from(mailQueue).where(quoting)).length,
        1,
        "the admin's digest quotes the person",
      );
      await server.database.db
        .insert(passwordResets)
        .values({ userId: me.id, tokenHash: `hash-${me.id}`, expiresAt: new Date(Date.now() + 3600_000) });
      await server.database.db.insert(mailQueue).values({
        kind: 'rappel-arrivee',
        toAddress: me.email,
        userId: me.id,
        subject: 'Votre arrivée approche',
        textBody: 'Bonjour',
        htmlBody: '<p>Bonjour</p>',
      });
      // An admin's notice about this person (as the reservation listener queues it) and one about someone else.
      await server.database.db.insert(mailQueue).values([
        {
          kind: 'admin-nouvelle-reservation',
          toAddress: 'admin@sejours-messins.fr',
          userId: adminId,
          aboutEmail: me.email.toLowerCase(),
          subject: `Nouvelle réservation n° ${past}`,
          textBody: 'Client : Julie Exemple',
          htmlBody: '<p>Julie</p>',
          status: 'sent',
          sentAt: new Date(),
        },
        {
          kind: 'admin-nouvelle-reservation',
          toAddress: 'admin@sejours-messins.fr',
          userId: adminId,
          aboutEmail: `autre-${me.id}@exemple.fr`,
          subject: 'Au sujet de quelqu’un d’autre',
          textBody: 't',
          htmlBody: '<p>t</p>',
          status: 'sent',
          sentAt: new Date(),
        },
        {
          kind: 'resume-messages',
          toAddress: 'admin@sejours-messins.fr',
          userId: adminId,
          aboutUserIds: [adminId],
          subject: 'Un résumé qui cite quelqu’un d’autre',
          textBody: 't',
          htmlBody: '<p>t</p>',
          status: 'sent',
          sentAt: new Date(),
        },
      ]);
      const someoneElse = `proprietaire-${me.id}@exemple.fr`;
      await server.database.db.insert(ownerLeads).values([
        {
          nom: 'Exemple',
          prenom: 'Julie',
          email: me.email.toUpperCase(),
          message: 'Mon T3 à Queuleu',
          consentement: "J'accepte d'être recontacté.",
        },
        { nom: 'Voisin', prenom: 'Marc', email: someoneElse, message: 'Un studio', consentement: "J'accepte d'être recontacté." },
      ]);

      const socket = connect(server.url, { transports: ['websocket'], auth: { token: me.token }, reconnection: false });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

      const res = await server.request('DELETE', '/api/users/me', { token: me.token, body: { motDePasse: me.password } });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.message, 'Votre compte a été supprimé. Vos données personnelles ont été effacées.');
      assert.match(res.headers.get('set-cookie') ?? '', /sm_token=;/);
      await disconnected;
      socket.close();

      // Erased: every personal field, the password, the avatar file.
      const row = await userRow(me.id);
      assert.equal(row.nom, 'Ancien client');
      assert.equal(row.email, `ancien-client-${me.id}@supprime.invalid`);
      for (const field of [
        'passwordHash',
        'googleId',
        'photo',
        'telephone',
        'adresse',
        'city',
        'postalCode',
        'country',
        'bio',
        'dateNaissance',
        'methodePaiement',
        'preferences',
      ] as const) {
        assert.equal(row[field], null, field);
      }
      assert.ok(row.supprimeLe instanceof Date);
      assert.ok(!existsSync(avatarFile), 'avatar file removed');
      assert.equal((await server.database.db.select().from(passwordResets).where(eq(passwordResets.userId, me.id))).length, 0);
      assert.equal(
        (await server.database.db.select().from(mailQueue).where(eq(mailQueue.userId, me.id))).length,
        0,
        'no mail to the person is kept',
      );
      const notices = await server.database.db.select({ subject: mailQueue.subject }).from(mailQueue).where(eq(mailQueue.userId, adminId));
      assert.ok(!notices.some((n) => n.subject === `Nouvelle réservation n° ${past}`), "the admins' notice naming the person is erased");
      assert.ok(
        notices.some((n) => n.subject === 'Au sujet de quelqu’un d’autre'),
        'a notice about someone else stays',
      );
      assert.equal(
        (await server.database.db.select({ id: mailQueue.id }).from(mailQueue).where(quoting)).length,
        0,
        "the admin's digest quoting the person is erased",
      );
      assert.equal(
        (
          await server.database.db
            .select({ id: mailQueue.id })
            .from(mailQueue)
            .where(sql`${mailQueue.aboutUserIds} @> array[${me.id}]::integer[]`)
        ).length,
        0,
      );
      assert.ok(
        notices.some((n) => n.subject === 'Un résumé qui cite quelqu’un d’autre'),
        'a digest quoting someone else stays',
      );
      const leads = await server.database.db.select({ email: ownerLeads.email }).from(ownerLeads);
      assert.ok(!leads.some((l) => l.email.toLowerCase() === me.email.toLowerCase()), "the person's owner requests are erased");
      assert.ok(
        leads.some((l) => l.email === someoneElse),
        "another person's request stays",
      );
      const mySessions = await server.database.db.select().from(sessions).where(eq(sessions.userId, me.id));
      assert.equal(mySessions.length, 2);
      assert.ok(
        mySessions.every((s) => s.revokedAt !== null),
        'every session revoked',
      );
      for (const token of [me.token, secondToken]) assert.equal((await server.request('GET', '/api/auth/me', { token })).status, 401);
      const login = await server.request('POST', '/api/auth/login', { body: { email: me.email, password: me.password } });
      assert.equal(login.status, 401);

      // Kept: the reservations as accounting records (amounts, dates), the review and the message as 'Ancien client'.
      const kept = await server.database.db.select().from(reservations).where(eq(reservations.userId, me.id));
      assert.deepEqual(
        kept.map((r) => r.id).sort((a, b) => a - b),
        [past, cancelled].sort((a, b) => a - b),
      );
      assert.ok(kept.every((r) => r.totalPrice === 300));
      const reviews = await server.request('GET', `/api/appartements/${apartmentId}/avis`);
      const review = reviews.body.avis.find((a: { commentaire: string }) => a.commentaire === 'Parfait, merci !');
      assert.equal(review.auteur, 'Ancien client');
      const [message] = await server.database.db.select().from(messages).where(eq(messages.senderId, me.id));
      assert.equal(message!.contenu, 'Merci pour l’accueil.');
      const contacts = await server.request('GET', '/api/messages/conversations', { token: adminToken });
      const contact = contacts.body.find((c: { id: number }) => c.id === me.id);
      assert.equal(contact.nom, 'Ancien client');
      assert.equal(contact.photo, null);
      const conversation = await server.request('GET', `/api/messages/utilisateur/${me.id}`, { token: adminToken });
      assert.equal(conversation.status, 200);
      assert.ok(conversation.text.includes('Merci pour l’accueil.') && !conversation.text.includes('Julie'), conversation.text);

      // Admins no longer see the person's data.
      const profile = await server.request('GET', `/api/users/${me.id}`, { token: adminToken });
      assert.equal(profile.status, 404);
      assert.equal(profile.body.message, 'Ce client a supprimé son compte : ses données personnelles ont été effacées.');
      const adminList = await server.request('GET', '/api/reservations/all', { token: adminToken });
      const listed = adminList.body.filter((r: { id: number }) => r.id === past);
      assert.equal(listed.length, 1);
      assert.ok(!JSON.stringify(listed).includes('Julie') && !JSON.stringify(listed).includes(me.email), JSON.stringify(listed));

      // The address is free again: the person may open a new account with it.
      const again = await server.request('POST', '/api/users/register', {
        body: { nom: 'Julie Exemple', email: me.email, password: me.password },
      });
      assert.equal(again.status, 201, again.text);
      assert.notEqual(again.body.user.id, me.id);
    });
  });

  describe('housekeeping job', () => {
    it('purges expired and revoked sessions and expired or used reset tokens, and nothing else', async () => {
      const me = await client();
      const db = server.database.db;
      const hour = 3600_000;
      const { randomUUID } = await import('node:crypto');
      const expired = randomUUID();
      const revoked = randomUUID();
      await db.insert(sessions).values([
        { id: expired, userId: me.id, expiresAt: new Date(Date.now() - hour) },
        { id: revoked, userId: me.id, expiresAt: new Date(Date.now() + hour), revokedAt: new Date() },
      ]);
      await db.insert(passwordResets).values([
        { userId: me.id, tokenHash: `expired-${me.id}`, expiresAt: new Date(Date.now() - 1000) },
        { userId: me.id, tokenHash: `used-${me.id}`, expiresAt: new Date(Date.now() + hour), usedAt: new Date() },
        { userId: me.id, tokenHash: `live-${me.id}`, expiresAt: new Date(Date.now() + hour) },
      ]);
      assert.equal(await server.app.jobs.runNow(HOUSEKEEPING_JOB), true);
      const left = await db.select().from(sessions).where(eq(sessions.userId, me.id));
      assert.deepEqual(
        left.map((s) => s.revokedAt),
        [null],
        'only the live session of the login stays',
      );
      assert.equal((await server.request('GET', '/api/auth/me', { token: me.token })).status, 200, 'the live session still works');
      const resets = await db.select().from(passwordResets).where(eq(passwordResets.userId, me.id));
      assert.deepEqual(
        resets.map((r) => r.tokenHash),
        [`live-${me.id}`],
      );
    });

    it('deletes mails sent or given up more than a year ago and owner requests untouched for three years, as the privacy policy says', async () => {
      const me = await client();
      const db = server.database.db;
      const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000);
      const mail = (subject: string, status: 'sent' | 'failed' | 'pending', at: Date) => ({
        kind: 'reservation-confirmee',
        toAddress: me.email,
        userId: me.id,
        subject,
        textBody: 't',
        htmlBody: '<p>t</p>',
        status,
        sentAt: status === 'sent' ? at : null,
        createdAt: at,
      });
      await db
        .insert(mailQueue)
        .values([
          mail('envoyé il y a 400 jours', 'sent', daysAgo(400)),
          mail('abandonné il y a 400 jours', 'failed', daysAgo(400)),
          mail('envoyé il y a 300 jours', 'sent', daysAgo(300)),
          mail('toujours en attente', 'pending', daysAgo(400)),
        ]);
      const lead = (nom: string, updatedAt: Date) => ({
        nom,
        email: `${nom.toLowerCase()}-${me.id}@exemple.fr`,
        consentement: "J'accepte d'être recontacté.",
        createdAt: updatedAt,
        updatedAt,
      });
      await db.insert(ownerLeads).values([lead('Ancienne', daysAgo(3 * 365 + 2)), lead('Suivie', daysAgo(3 * 365 - 30))]);

      assert.equal(await server.app.jobs.runNow(HOUSEKEEPING_JOB), true);
      const mails = await db.select({ subject: mailQueue.subject }).from(mailQueue).where(eq(mailQueue.userId, me.id));
      assert.deepEqual(mails.map((m) => m.subject).sort(), ['envoyé il y a 300 jours', 'toujours en attente']);
      const leads = await db
        .select({ nom: ownerLeads.nom })
        .from(ownerLeads)
        .where(sql`${ownerLeads.email} like ${`%-${me.id}@exemple.fr`}`);
      assert.deepEqual(
        leads.map((l) => l.nom),
        ['Suivie'],
      );
    });
  });
});

describe('GET /api/legal', () => {
  it('serves the configured publisher, host, mediator and controller; demo values are flagged as examples', async () => {
    const demo = await startServer();
    try {
      const res = await demo.request('GET', '/api/legal');
      assert.equal(res.status, 200);
      assert.equal(res.body.exemple, true);
      assert.match(res.body.editeur.nom, /\(exemple\)$/);
      assert.match(res.body.hebergeur.nom, /\(exemple\)$/);
    } finally {
      await demo.close();
    }
    const { legalSettings } = await import('../src/modules/legal/settings.js');
    const configured = await startServer({
      legal: legalSettings({
        LEGAL_RAISON_SOCIALE: 'Metz Séjours SARL',
        LEGAL_SIRET: '123 456 789 00012',
        LEGAL_HEBERGEUR_NOM: 'OVH SAS',
        LEGAL_MEDIATEUR_NOM: 'CM2C',
        LEGAL_MEDIATEUR_SITE: 'https://www.cm2c.net',
        LEGAL_CONTACT_EMAIL: 'bonjour@metz-sejours.fr',
      }),
    });
    try {
      const res = await configured.request('GET', '/api/legal');
      assert.equal(res.body.exemple, false);
      assert.equal(res.body.editeur.nom, 'Metz Séjours SARL');
      assert.equal(res.body.editeur.siret, '123 456 789 00012');
      assert.equal(res.body.hebergeur.nom, 'OVH SAS');
      assert.deepEqual([res.body.mediateur.nom, res.body.mediateur.site], ['CM2C', 'https://www.cm2c.net']);
      assert.equal(res.body.responsableTraitement.nom, 'Metz Séjours SARL');
      assert.equal(res.body.responsableTraitement.contact, 'bonjour@metz-sejours.fr');
    } finally {
      await configured.close();
    }
  });
});
