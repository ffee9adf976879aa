import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { appartements, reservations } from '../src/db/schema.js';
import { startServer, type TestServer } from './helpers.js';
import { apartmentForm } from './support/apartment-form.js';
import { allApartments } from './support/catalogue.js';
import { insertStay } from './support/reservation-rows.js';

const valid = () =>
  apartmentForm({
    description: 'Un studio rénové au cœur de Metz, à deux pas de la cathédrale.',
    inclus: ['Wifi', 'Piscine'],
    slug: 'studio-neuf-rue-taison',
    note: 1,
    nombreAvis: 99,
    numeroEnregistrement: '57463000124AB',
  });

describe('administration', () => {
  let server: TestServer;
  const t = { admin: '', client: '' };
  let clientId = 0;

  before(async () => {
    server = await startServer();
    t.admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    t.client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    clientId = (await server.request('GET', '/api/auth/me', { token: t.client })).body.user.id;
  });
  after(() => server.close());

  /** A reservation no money moved on (entered by hand, no payment asked): the only kind an admin may delete. */
  const moneylessStay = async (inDays: number) => {
    const start = addDaysIso(todayIn('Europe/Paris'), inDays);
    const apt = (await allApartments(server))[3].id;
    return insertStay(server, {
      userId: clientId,
      appartementId: apt,
      startDate: start,
      endDate: addDaysIso(start, 1),
      totalPrice: 80,
      status: 'en attente',
    });
  };

  describe('permission matrix: visitor 401, client 403, admin 2xx', () => {
    let matrixNight = 400;
    const endpoints: Array<[string, string | (() => Promise<string>), (() => unknown) | undefined, number]> = [
      ['POST', '/api/appartements', () => ({ ...valid(), slug: `perm-${Math.random().toString(36).slice(2, 8)}`, smoobuId: null }), 201],
      [
        'PUT',
        async () => `/api/appartements/${(await allApartments(server))[0].id}`,
        () => ({ ...valid(), smoobuId: null, slug: undefined }),
        200,
      ],
      ['GET', '/api/reservations/all', undefined, 200],
      // Each call its own night: the visitor's and client's stays stay in place, and two on one night would be refused.
      ['DELETE', async () => `/api/reservations/${await moneylessStay((matrixNight += 2))}`, undefined, 200],
      ['GET', async () => `/api/users/${clientId}`, undefined, 200],
    ];
    for (const [method, route, body, ok] of endpoints) {
      for (const [who, expected] of [
        ['visitor', 401],
        ['client', 403],
        ['admin', ok],
      ] as const) {
        it(`${method} ${typeof route === 'string' ? route : route.toString().includes('users') ? '/api/users/:id' : method === 'DELETE' ? '/api/reservations/:id' : '/api/appartements/:id'} → ${expected} for ${who}`, async () => {
          const path = typeof route === 'string' ? route : await route();
          const res = await server.request(method, path, {
            ...(who === 'visitor' ? {} : { token: t[who] }),
            ...(body ? { body: body() } : {}),
          });
          assert.equal(res.status, expected, res.text.slice(0, 200));
          if (expected === 401) assert.equal(res.body.message, 'Authentification requise. Veuillez vous connecter.');
          if (expected === 403) assert.equal(res.body.message, 'Accès réservé aux administrateurs.');
        });
      }
    }
  });

  it('tells a visitor 401 and a client 403 before anything about the apartment form they sent', async () => {
    const bad = { titre: 1, capacite: '{voyageurs' };
    for (const [method, path] of [
      ['POST', '/api/appartements'],
      ['PUT', `/api/appartements/${(await allApartments(server))[0].id}`],
    ] as const) {
      const visitor = await server.request(method, path, { body: bad });
      assert.equal(visitor.status, 401, visitor.text);
      const client = await server.request(method, path, { token: t.client, body: bad });
      assert.equal(client.status, 403, client.text);
    }
  });

  describe('adding an apartment', () => {
    it('stores every field, computes no rating from the payload, and the home list shows it', async () => {
      const res = await server.request('POST', '/api/appartements', { token: t.admin, body: valid() });
      assert.equal(res.status, 201, res.text);
      assert.equal(typeof res.body.id, 'number');
      const a = res.body.appartement;
      assert.equal(a.slug, 'studio-neuf-rue-taison');
      assert.deepEqual(a.capacite, { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 });
      assert.deepEqual(a.inclus, ['Wifi', 'Piscine']);
      assert.deepEqual(a.nonInclus, ['Sèche-cheveux']);
      assert.equal(a.smoobuId, 4567890);
      assert.equal(a.politiqueAnnulation, 'Modérée');
      assert.equal(a.hote.nom, 'Claire');
      assert.equal(a.regles.arrivee, '16:00 - 22:00');
      assert.equal(a.note, 5, 'no review yet: the payload cannot set the rating');
      assert.equal(a.nombreAvis, 0);
      const list = await server.request('GET', '/api/appartements');
      assert.ok(
        list.body.appartements.some((x: { slug: string }) => x.slug === 'studio-neuf-rue-taison'),
        'the cached list is rebuilt after the write',
      );
    });

    it('answers 409 with a code the form can act on for a taken smoobuId or slug', async () => {
      const smoobu = await server.request('POST', '/api/appartements', { token: t.admin, body: { ...valid(), slug: 'autre-slug' } });
      assert.equal(smoobu.status, 409);
      assert.deepEqual(smoobu.body, {
        message: 'Cet identifiant Smoobu est déjà utilisé par un autre appartement.',
        code: 'SMOOBU_ID_TAKEN',
      });
      const slug = await server.request('POST', '/api/appartements', { token: t.admin, body: { ...valid(), smoobuId: 1234999 } });
      assert.equal(slug.status, 409);
      assert.equal(slug.body.code, 'SLUG_TAKEN');
    });

    it('derives the slug from the title when none is sent', async () => {
      const res = await server.request('POST', '/api/appartements', {
        token: t.admin,
        body: { ...valid(), slug: undefined, smoobuId: null, titre: 'Loft « Arsenal » & terrasse, Metz !' },
      });
      assert.equal(res.status, 201);
      assert.equal(res.body.appartement.slug, 'loft-arsenal-terrasse-metz');
    });

    const rules: Array<[string, Record<string, unknown>, string]> = [
      ['no image', { images: '[]' }, 'Vous devez ajouter au moins une image'],
      ['a missing title', { titre: '' }, 'Veuillez remplir tous les champs obligatoires'],
      ['a missing location', { localisation: '  ' }, 'Veuillez remplir tous les champs obligatoires'],
      ['a missing description', { description: undefined }, 'Veuillez remplir tous les champs obligatoires'],
      ['a missing price', { prixParNuit: undefined }, 'Veuillez remplir tous les champs obligatoires'],
      [
        'an image without http',
        { images: ['ftp://exemple.fr/a.jpg'] },
        'Veuillez entrer une URL valide commençant par http:// ou https://',
      ],
      [
        'an image URL of 500 characters',
        { images: [`https://exemple.fr/${'a'.repeat(481)}`] },
        "L'URL est trop longue. Veuillez entrer une URL plus courte.",
      ],
      ['a price of 0', { prixParNuit: 0 }, 'Le champ « prix par nuit » doit être au moins 1.'],
      ['a surface of 0', { surface: 0 }, 'Le champ « surface » doit être au moins 1.'],
      [
        'no traveller',
        { capacite: { voyageurs: 0, chambres: 1, lits: 1, sallesDeBain: 1 } },
        'Le champ « nombre de voyageurs » doit être au moins 1.',
      ],
      [
        'no bed',
        { capacite: { voyageurs: 1, chambres: 0, lits: 0, sallesDeBain: 0 } },
        'Le champ « nombre de lits » doit être au moins 1.',
      ],
      [
        'a fractional bedroom count',
        { capacite: { voyageurs: 1, chambres: 1.5, lits: 1, sallesDeBain: 0 } },
        'Le champ « nombre de chambres » doit être un nombre entier.',
      ],
      ['broken JSON', { capacite: '{voyageurs: 2' }, 'Le champ « capacite » doit être un JSON valide.'],
      ['a 6-digit smoobuId', { smoobuId: 123456 }, "L'identifiant Smoobu doit être un entier de 7 chiffres (1000000 à 9999999)."],
      [
        'an unknown policy',
        { politiqueAnnulation: 'Souple' },
        "Politique d'annulation invalide. Valeurs acceptées : Flexible, Modérée, Stricte.",
      ],
      ['a bad slug', { slug: 'Pas Un Slug' }, 'Le slug doit contenir des minuscules, des chiffres et des tirets, 30 caractères au plus.'],
      // Issue 33 item 2: the messages the body's schema now gives, as the form's parser gave them.
      ['a title of 121 characters', { titre: 'x'.repeat(121) }, 'Le champ « titre » ne peut pas dépasser 120 caractères.'],
      [
        'a padded title within 120 characters (counted trimmed)',
        { titre: `  ${'x'.repeat(120)}  `, images: '[]' },
        'Vous devez ajouter au moins une image',
      ],
      ['a null price', { prixParNuit: null }, 'Veuillez remplir tous les champs obligatoires'],
      ['a blank price', { prixParNuit: ' ' }, 'Le champ « prix par nuit » doit être un nombre.'],
      ['a price as text beyond the limit', { prixParNuit: '1000001' }, 'Le champ « prix par nuit » est trop grand.'],
      ['no surface', { surface: undefined }, 'Le champ « surface » doit être un nombre.'],
      [
        'half a traveller (not whole before below the minimum)',
        { capacite: { voyageurs: 0.5, chambres: 1, lits: 1, sallesDeBain: 0 } },
        'Le champ « nombre de voyageurs » doit être un nombre entier.',
      ],
      [
        'too many travellers and no other count (the first count first)',
        { capacite: JSON.stringify({ voyageurs: 1e30 }) },
        'Le champ « nombre de voyageurs » est trop grand.',
      ],
      ['a capacity that is a list', { capacite: '[]' }, 'Le champ « capacite » doit indiquer voyageurs, chambres, lits et salles de bain.'],
      [
        'thirty-one images, one of them no text (the entries before their number)',
        { images: [...Array.from({ length: 30 }, (_, i) => `https://exemple.fr/${i}.jpg`), 1] },
        'Le champ « images » doit être une liste d’URL.',
      ],
      ['thirty-one images', { images: Array.from({ length: 31 }, (_, i) => `https://exemple.fr/${i}.jpg`) }, 'Trente images au plus.'],
      ['a blank label', { inclus: ['Wifi', ' '] }, 'Le champ « inclus » doit être une liste de libellés.'],
      ['a Smoobu id as text', { smoobuId: 'abc' }, "L'identifiant Smoobu doit être un entier de 7 chiffres (1000000 à 9999999)."],
      ['six stars', { classement: '6' }, 'Le classement doit être « non classé » (0) ou de 1 à 5 étoiles.'],
      ['publication as text', { publie: 'oui' }, 'Le champ « publie » doit valoir true ou false.'],
      [
        'publication without a number',
        { publie: true, numeroEnregistrement: ' ' },
        "Le numéro d'enregistrement est obligatoire pour publier un appartement.",
      ],
      ['a town that is a number', { ville: 57000 }, 'Le champ « ville » doit être un texte.'],
      ['a latitude alone', { latitude: '49,1197' }, 'Indiquez la latitude et la longitude, ou aucune des deux.'],
      ['pricing rules as a list', { tarifs: '[1]' }, 'Le champ « tarifs » doit être un objet.'],
      ['a host as text', { hote: '"Claire"' }, 'Le champ « hote » doit être un objet.'],
    ];
    for (const [label, patch, message] of rules) {
      it(`refuses ${label} with its French message, storing nothing`, async () => {
        const before = (await server.database.db.select({ id: appartements.id }).from(appartements)).length;
        const res = await server.request('POST', '/api/appartements', {
          token: t.admin,
          body: { ...valid(), smoobuId: null, slug: `regle-${Math.random().toString(36).slice(2, 8)}`, ...patch },
        });
        assert.equal(res.status, 400, res.text);
        assert.equal(res.body.message, message);
        assert.equal((await server.database.db.select({ id: appartements.id }).from(appartements)).length, before);
      });
    }
  });

  describe('editing an apartment', () => {
    it('updates the fields, sends the new price back, accepts a price of 0 and the site’s own images', async () => {
      const list = await server.request('GET', '/api/appartements');
      const target = list.body.appartements[1];
      const body = {
        titre: target.titre,
        description: target.description,
        localisation: target.localisation,
        prixParNuit: 99.9,
        surface: 40,
        capacite: { voyageurs: 3, chambres: 1, lits: 2, sallesDeBain: 1 },
        inclus: JSON.stringify(['Wifi', 'Netflix']),
        nonInclus: JSON.stringify(['Animaux de compagnie']),
        smoobuId: null,
        images: JSON.stringify(target.images),
      };
      const res = await server.request('PUT', `/api/appartements/${target.id}`, { token: t.admin, body });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.appartement.prixParNuit, 99.9);
      assert.deepEqual(res.body.appartement.inclus, ['Wifi', 'Netflix']);
      assert.equal(res.body.appartement.smoobuId, null);
      const again = await server.request('GET', `/api/appartements/slug/${target.slug}`);
      assert.equal(again.body.prixParNuit, 99.9);
      const listed = (await allApartments(server)).find((a: { id: number }) => a.id === target.id);
      assert.equal(listed.prixParNuit, 99.9, 'the list shows the new price at once');
      const free = await server.request('PUT', `/api/appartements/${target.id}`, {
        token: t.admin,
        body: { ...body, prixParNuit: 0, surface: 0 },
      });
      assert.equal(free.status, 200);
      const bad = await server.request('PUT', `/api/appartements/${target.id}`, {
        token: t.admin,
        body: { ...body, capacite: { voyageurs: 0, chambres: 0, lits: 1, sallesDeBain: 0 } },
      });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.message, 'Le champ « nombre de voyageurs » doit être au moins 1.');
      const missing = await server.request('PUT', '/api/appartements/999999', { token: t.admin, body });
      assert.equal(missing.status, 404);
      assert.equal(missing.body.message, 'Appartement introuvable.');
    });
  });

  describe('reservations and clients', () => {
    it('lists every reservation with its guest and apartment, filters by client, and deletion frees the dates', async () => {
      const apt = (await allApartments(server))[4].id;
      const start = addDaysIso(todayIn('Europe/Paris'), 90);
      const booked = await server.request('POST', '/api/reservations', {
        token: t.client,
        body: { accepteCgv: true, appartementId: apt, startDate: start, endDate: addDaysIso(start, 2), guestsCount: 1 },
      });
      const all = await server.request('GET', '/api/reservations/all', { token: t.admin });
      const found = all.body.find((r: { id: number }) => r.id === booked.body.reservation.id);
      assert.equal(found.user.email, 'camille.martin@exemple.fr');
      assert.equal(typeof found.appartement.titre, 'string');
      assert.ok(
        all.body.some((r: { userId: number }) => r.userId !== clientId),
        'everyone’s reservations',
      );
      const mine = await server.request('GET', `/api/reservations/all?userId=${clientId}`, { token: t.admin });
      assert.ok(mine.body.length > 0 && mine.body.every((r: { userId: number }) => r.userId === clientId));
      // Issue 31: a booking made through the site owes its deposit from the start: it is in the books, never deleted.
      assert.equal(found.supprimable, false);
      const kept = await server.request('DELETE', `/api/reservations/${booked.body.reservation.id}`, { token: t.admin });
      assert.equal(kept.status, 409);
      assert.equal(kept.body.message, 'Cette réservation a des paiements ou un séjour : annulez-la plutôt.');
      assert.equal((await server.database.db.select().from(reservations).where(eq(reservations.id, booked.body.reservation.id))).length, 1);
      // One entered by hand with no money asked may go, and its dates are free again.
      const manual = await moneylessStay(300);
      const listed = (await server.request('GET', '/api/reservations/all', { token: t.admin })).body.find(
        (r: { id: number }) => r.id === manual,
      );
      assert.equal(listed.supprimable, true);
      const del = await server.request('DELETE', `/api/reservations/${manual}`, { token: t.admin });
      assert.equal(del.status, 200);
      assert.equal(del.body.message, 'Réservation supprimée.');
      assert.equal((await server.database.db.select().from(reservations).where(eq(reservations.id, manual))).length, 0);
      const manualStart = addDaysIso(todayIn('Europe/Paris'), 300);
      const apt3 = (await allApartments(server))[3].id;
      const rebook = await server.request('POST', '/api/reservations', {
        token: t.client,
        body: { accepteCgv: true, appartementId: apt3, startDate: manualStart, endDate: addDaysIso(manualStart, 1), guestsCount: 1 },
      });
      assert.equal(rebook.status, 201, 'the dates are free again');
      assert.equal((await server.request('DELETE', '/api/reservations/999999', { token: t.admin })).status, 404);
    });

    it("shows a client's own fields, and 404 for an unknown user", async () => {
      const res = await server.request('GET', `/api/users/${clientId}`, { token: t.admin });
      assert.equal(res.body.user.email, 'camille.martin@exemple.fr');
      assert.equal(res.body.user.nom, 'Camille Martin');
      assert.ok(!('passwordHash' in res.body.user));
      const missing = await server.request('GET', '/api/users/999999', { token: t.admin });
      assert.equal(missing.status, 404);
      assert.equal(missing.body.message, 'Utilisateur introuvable.');
    });
  });
});
