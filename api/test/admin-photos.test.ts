/**
 * Apartment photos uploaded by an admin (issue 30 item 4) and every field of the apartment editable
 * (item 5): upload → variants served → listed by the API and preloaded with srcset by the public
 * page; reorder, delete; every refusal in French with nothing stored; admins only.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { appartements } from '../src/db/schema.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { HEIC_UNSUPPORTED, PHOTO_NOT_AN_IMAGE, PHOTO_TOO_MANY_PIXELS, PHOTO_UNREADABLE } from '../src/modules/photos/photo-files.js';
import { ALT_REQUIRED } from '../src/modules/photos/alt-texts.js';
import { NO_PHOTO, NOT_MULTIPART } from '../src/modules/photos/routes.js';
import { ORDER_MISMATCH, PHOTO_NOT_LISTED } from '../src/modules/photos/service.js';
import { startServer, type TestServer } from './helpers.js';

interface Part {
  field: string;
  value: string | Buffer;
  fileName?: string;
  type?: string;
}

/** A multipart body with several files and fields, as a browser's FormData sends it. */
function formData(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = '----sm' + Math.random().toString(16).slice(2);
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"${p.fileName ? `; filename="${p.fileName}"` : ''}\r\n` +
        (p.fileName ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : '') +
        '\r\n',
    ),
    Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
    Buffer.from('\r\n'),
  ]);
  return { body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

const photo = (bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg'): Part => ({ field: 'photo', value: bytes, fileName: name, type });
const alt = (text: string): Part => ({ field: 'alt', value: text });

/** A JPEG carrying GPS coordinates and a camera name in its EXIF. */
async function jpegWithGps(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2e86c1' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Appareil', Model: 'Espion' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '49/1 7/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '6/1 10/1 0/1' },
    })
    .toBuffer();
}

/** A small real PNG whose header claims 20000 × 20000 pixels (400 million): a decompression bomb. */
async function bombPng(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(20000, 16);
  png.writeUInt32BE(20000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** The first bytes of an iPhone photo: an ISO-BMFF 'ftyp' box of brand 'heic'. */
const heic = () => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(200, 7)]);

/** A site as the build leaves it, enough for the server to write an apartment page. */
function builtSite(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sm-photos-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><html lang="fr"><head><meta charset=utf-8><title>Séjours Messins</title></head><body><div id="root"></div></body></html>',
  );
  return root;
}

describe('apartment photos uploaded by an admin', () => {
  let server: TestServer;
  let root: string;
  let admin = '';
  let client = '';
  let id = 0;
  const slug = demoApartments[1]!.slug;

  before(async () => {
    root = builtSite();
    server = await startServer({ staticRoot: root, photoMaxBytes: 1024 * 1024 }, { serveSite: true });
    admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    id = (await server.request('GET', `/api/appartements/slug/${slug}`)).body.id;
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function upload(parts: Part[], token = admin, apartment = id) {
    const { body, contentType } = formData(parts);
    const res = await fetch(`${server.url}/api/admin/appartements/${apartment}/photos`, {
      method: 'POST',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': contentType },
      body,
    });
    return { status: res.status, body: (await res.json()) as { message?: string; images: string[]; imagesAlt: Record<string, string> } };
  }

  const stored = async () =>
    (
      await server.database.db
        .select({ images: appartements.images, imagesAlt: appartements.imagesAlt })
        .from(appartements)
        .where(eq(appartements.id, id))
    )[0]!;
  const photoFiles = () => {
    try {
      return readdirSync(path.join(server.config.dataDir, 'uploads', 'photos')).length;
    } catch {
      return 0;
    }
  };

  let jpegUrl = '';
  let pngUrl = '';

  it('takes a JPEG and a PNG at once, each with its alt text, and answers the list with them last', async () => {
    const before = await stored();
    const png = await sharp({ create: { width: 640, height: 480, channels: 4, background: '#f4d03f80' } })
      .png()
      .toBuffer();
    const res = await upload([
      photo(await jpegWithGps()),
      alt('Le salon, deux canapés face à la fenêtre'),
      photo(png, 'plan.png', 'image/png'),
      alt('Plan'),
    ]);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(res.body.images.slice(0, -2), before.images);
    [jpegUrl, pngUrl] = res.body.images.slice(-2) as [string, string];
    // The id carries the stored size (issue 28): pages give the <img> the real ratio before the bytes.
    assert.match(jpegUrl, /^\/media\/photos\/[0-9a-f-]{36}-1200x900\.jpg$/);
    assert.match(pngUrl, /^\/media\/photos\/[0-9a-f-]{36}-640x480\.jpg$/);
    assert.equal(res.body.imagesAlt[jpegUrl], 'Le salon, deux canapés face à la fenêtre');
    assert.equal(res.body.imagesAlt[pngUrl], 'Plan');
    assert.deepEqual((await stored()).images, res.body.images);
    assert.equal(photoFiles(), 14, 'a JPEG and six variants per photo');
  });

  it('serves every variant as AVIF and WebP, never wider than the photo, and a JPEG without EXIF or GPS', async () => {
    const base = jpegUrl.replace(/\.jpg$/, '');
    for (const [format, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
    ] as const) {
      for (const width of [480, 800, 1600]) {
        const res = await fetch(`${server.url}${base}-${width}.${format}`);
        assert.equal(res.status, 200, `${width}.${format}`);
        assert.equal(res.headers.get('content-type'), type);
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        assert.equal(meta.width, Math.min(width, 1200));
        assert.equal(meta.exif, undefined);
      }
    }
    const res = await fetch(`${server.url}${jpegUrl}`);
    assert.equal(res.headers.get('content-type'), 'image/jpeg');
    assert.match(res.headers.get('cache-control') ?? '', /immutable/);
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.exif, undefined, 'no EXIF, so no GPS');
    assert.ok(!bytes.includes(Buffer.from('Espion')));
    assert.deepEqual([meta.width, meta.height], [1200, 900]);
    assert.equal((await fetch(`${server.url}${base}-640.avif`)).status, 404, 'a width the server never makes');
  });

  it('shows the photo first on the public apartment page, preloaded with its srcset, once moved to the front', async () => {
    const current = (await stored()).images as string[];
    const order = [jpegUrl, ...current.filter((url) => url !== jpegUrl)];
    const moved = await server.request('PUT', `/api/admin/appartements/${id}/photos/ordre`, { token: admin, body: { images: order } });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.deepEqual(moved.body.images, order);
    const api = await server.request('GET', `/api/appartements/slug/${slug}`);
    assert.equal(api.body.images[0], jpegUrl);
    assert.equal(api.body.imagesAlt[jpegUrl], 'Le salon, deux canapés face à la fenêtre');
    const page = await server.request('GET', `/appartement/${slug}`);
    const base = jpegUrl.replace(/\.jpg$/, '');
    const srcset = [480, 800, 1600].map((w) => `${base}-${w}.avif ${w}w`).join(', ');
    assert.ok(
      page.text.includes(`href="${jpegUrl}" as="image" imagesrcset="${srcset}"`),
      'the first photo is preloaded with its AVIF srcset',
    );
    assert.ok(page.text.includes('Le salon, deux canapés face à la fenêtre'), 'its alt text is in the page data');
  });

  it('refuses an order that is not the same photos, and an unknown photo to delete', async () => {
    const current = (await stored()).images as string[];
    for (const images of [current.slice(1), [...current, current[0]!], [...current.slice(1), 'https://ailleurs.fr/x.jpg']]) {
      const res = await server.request('PUT', `/api/admin/appartements/${id}/photos/ordre`, { token: admin, body: { images } });
      assert.deepEqual([res.status, res.body.message], [400, ORDER_MISMATCH]);
    }
    const res = await server.request('DELETE', `/api/admin/appartements/${id}/photos`, {
      token: admin,
      body: { url: '/media/photos/inconnue.jpg' },
    });
    assert.deepEqual([res.status, res.body.message], [404, PHOTO_NOT_LISTED]);
    assert.deepEqual((await stored()).images, current);
  });

  it('deletes a photo: gone from the list, its alt text and its files', async () => {
    const res = await server.request('DELETE', `/api/admin/appartements/${id}/photos`, { token: admin, body: { url: pngUrl } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.ok(!res.body.images.includes(pngUrl));
    assert.equal(res.body.imagesAlt[pngUrl], undefined);
    assert.equal(photoFiles(), 7);
    assert.equal((await fetch(`${server.url}${pngUrl}`)).status, 404);
    assert.equal((await fetch(`${server.url}${pngUrl.replace('.jpg', '-800.webp')}`)).status, 404);
  });

  it('removes the files of an uploaded photo the apartment form drops from the list', async () => {
    const res = await upload([photo(await jpegWithGps(300, 200)), alt('La chambre')]);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const added = res.body.images.at(-1)!;
    assert.equal(photoFiles(), 14);
    const a = (await server.request('GET', `/api/appartements/slug/${slug}`)).body;
    const images = a.images.filter((url: string) => url !== added);
    const saved = await server.request('PUT', `/api/appartements/${id}`, {
      token: admin,
      body: { ...a, images, imagesAlt: a.imagesAlt, hote: undefined, regles: undefined },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(photoFiles(), 7, 'the dropped photo’s seven files are gone, the other photo’s stay');
    assert.equal((await fetch(`${server.url}${added}`)).status, 404);
    assert.equal((await fetch(`${server.url}${jpegUrl}`)).status, 200);
  });

  it('refuses bad files with a French 4xx and stores nothing', async () => {
    const before = await stored();
    const files = photoFiles();
    const cases: Array<[string, Part[], number, string]> = [
      ['HTML named .jpg', [photo(Buffer.from('<html><script>alert(1)</script></html>')), alt('x')], 415, PHOTO_NOT_AN_IMAGE],
      [
        'an SVG',
        [photo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 'image/svg+xml'), alt('x')],
        415,
        PHOTO_NOT_AN_IMAGE,
      ],
      ['an iPhone HEIC', [photo(heic(), 'IMG_0001.HEIC', 'image/heic'), alt('x')], 415, HEIC_UNSUPPORTED],
      ['a truncated JPEG', [photo((await jpegWithGps()).subarray(0, 600)), alt('x')], 400, PHOTO_UNREADABLE],
      ['a decompression bomb', [photo(await bombPng(), 'b.png', 'image/png'), alt('x')], 413, PHOTO_TOO_MANY_PIXELS],
      [
        'over the size limit',
        [photo(Buffer.concat([await jpegWithGps(), Buffer.alloc(1024 * 1024)])), alt('x')],
        413,
        'Une photo ne doit pas dépasser 1 Mo.',
      ],
      ['a photo without alt', [photo(await jpegWithGps(100, 100))], 400, ALT_REQUIRED],
      ['a blank alt', [photo(await jpegWithGps(100, 100)), alt('   ')], 400, ALT_REQUIRED],
      ['two photos, one alt', [photo(await jpegWithGps(100, 100)), photo(await jpegWithGps(100, 100)), alt('x')], 400, ALT_REQUIRED],
      ['no photo', [alt('x')], 400, NO_PHOTO],
      [
        'one good photo and one bad',
        [photo(await jpegWithGps(100, 100)), alt('bon'), photo(Buffer.from('GIF89a')), alt('mauvais')],
        415,
        PHOTO_NOT_AN_IMAGE,
      ],
    ];
    for (const [name, parts, status, message] of cases) {
      const res = await upload(parts);
      assert.deepEqual([res.status, res.body.message], [status, message], name);
    }
    const json = await server.request('POST', `/api/admin/appartements/${id}/photos`, { token: admin, body: { photo: 'x' } });
    assert.deepEqual([json.status, json.body.message], [415, NOT_MULTIPART]);
    assert.deepEqual(await stored(), before);
    assert.equal(photoFiles(), files);
  });

  it('is for admins only (401 without a session, 403 for a client), and 404 for an unknown apartment', async () => {
    const parts = [photo(await jpegWithGps(100, 100)), alt('x')];
    assert.equal((await upload(parts, '')).status, 401);
    assert.equal((await upload(parts, client)).status, 403);
    assert.equal((await upload(parts, admin, 999999)).status, 404);
    const order = { body: { images: [] } };
    assert.equal((await server.request('PUT', `/api/admin/appartements/${id}/photos/ordre`, order)).status, 401);
    assert.equal((await server.request('PUT', `/api/admin/appartements/${id}/photos/ordre`, { ...order, token: client })).status, 403);
    const del = { body: { url: jpegUrl } };
    assert.equal((await server.request('DELETE', `/api/admin/appartements/${id}/photos`, del)).status, 401);
    assert.equal((await server.request('DELETE', `/api/admin/appartements/${id}/photos`, { ...del, token: client })).status, 403);
    assert.ok(((await stored()).images as string[]).includes(jpegUrl));
  });
});

describe('every field of an existing apartment is editable', () => {
  let server: TestServer;
  let root: string;
  let admin = '';
  const slug = demoApartments[2]!.slug;
  let current: Record<string, any> = {};

  before(async () => {
    root = builtSite();
    server = await startServer({ staticRoot: root }, { serveSite: true });
    admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    current = (await server.request('GET', `/api/appartements/slug/${slug}`)).body;
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** What the editor sends: the apartment as it is, with `changes`. */
  const edit = (changes: Record<string, unknown>) =>
    server.request('PUT', `/api/appartements/${current.id}`, {
      token: admin,
      body: {
        titre: current.titre,
        description: current.description,
        localisation: current.localisation,
        prixParNuit: current.prixParNuit,
        surface: current.surface,
        capacite: current.capacite,
        images: current.images,
        inclus: current.inclus,
        nonInclus: current.nonInclus,
        smoobuId: current.smoobuId,
        ...changes,
      },
    });

  it('saves the policy, times, host name and photo, town and coordinates, and the public page shows them', async () => {
    const res = await edit({
      politiqueAnnulation: 'Stricte',
      regles: { arrivee: '16:00 - 22:00', depart: 'avant 10:00' },
      hote: {
        nom: 'Élise Muller',
        experience: '3 ans',
        tauxReponse: '98%',
        delaiReponse: '2h',
        photo: 'https://images.exemple.fr/elise.jpg',
      },
      ville: 'Montigny-lès-Metz',
      latitude: '49,1003',
      longitude: '6,1535',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const api = (await server.request('GET', `/api/appartements/slug/${slug}`)).body;
    assert.equal(api.politiqueAnnulation, 'Stricte');
    assert.deepEqual(api.regles, { arrivee: '16:00 - 22:00', depart: 'avant 10:00', voyageursMax: current.capacite.voyageurs });
    assert.deepEqual(api.hote, {
      nom: 'Élise Muller',
      experience: '3 ans',
      tauxReponse: '98%',
      delaiReponse: '2h',
      photo: 'https://images.exemple.fr/elise.jpg',
    });
    assert.deepEqual([api.ville, api.latitude, api.longitude], ['Montigny-lès-Metz', 49.1003, 6.1535]);
    const page = await server.request('GET', `/appartement/${slug}`);
    for (const text of [
      'Stricte',
      '16:00 - 22:00',
      'avant 10:00',
      'Élise Muller',
      'https://images.exemple.fr/elise.jpg',
      'Montigny-lès-Metz',
    ])
      assert.ok(page.text.includes(text), text);
  });

  it('gives an emptied time its default, removes the host photo when emptied, and leaves every extra field as it is when the body has none', async () => {
    assert.equal((await edit({ regles: { arrivee: ' ', depart: 'avant 10:00' } })).status, 200);
    const defaulted = (await server.request('GET', `/api/appartements/slug/${slug}`)).body;
    assert.deepEqual(defaulted.regles, { arrivee: '15:00 - 00:00', depart: 'avant 10:00', voyageursMax: current.capacite.voyageurs });
    assert.equal((await edit({ regles: { arrivee: '16:00 - 22:00', depart: 'avant 10:00' } })).status, 200);
    assert.equal((await edit({ hote: { nom: 'Élise Muller', photo: '' } })).status, 200);
    const api = (await server.request('GET', `/api/appartements/slug/${slug}`)).body;
    assert.equal(api.hote.photo, undefined);
    assert.equal((await edit({ titre: 'Appartement renommé' })).status, 200);
    const after = (await server.request('GET', `/api/appartements/slug/${slug}`)).body;
    assert.equal(after.titre, 'Appartement renommé');
    assert.equal(after.politiqueAnnulation, 'Stricte');
    assert.equal(after.regles.arrivee, '16:00 - 22:00');
    assert.equal(after.hote.nom, 'Élise Muller');
  });

  it('refuses bad values with French 400s and changes nothing', async () => {
    const before = (await server.request('GET', `/api/appartements/slug/${slug}`)).body;
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ politiqueAnnulation: 'Souple' }, "Politique d'annulation invalide. Valeurs acceptées : Flexible, Modérée, Stricte."],
      [{ regles: { arrivee: 'x'.repeat(81), depart: 'avant 10:00' } }, 'Le champ « arrivée » ne peut pas dépasser 80 caractères.'],
      [{ hote: { nom: 42 } }, 'Le champ « nom de l’hôte » doit être un texte.'],
      [{ hote: { nom: 'A', photo: 'javascript:alert(1)' } }, /^Photo de l’hôte : /],
      [{ hote: 'pas un objet' }, 'Le champ « hote » doit être un JSON valide.'],
      [{ latitude: '49,1', longitude: '' }, /./],
    ];
    for (const [changes, message] of cases) {
      const res = await edit(changes);
      assert.equal(res.status, 400, JSON.stringify(changes));
      if (message instanceof RegExp) assert.match(res.body.message, message);
      else assert.equal(res.body.message, message);
    }
    assert.deepEqual((await server.request('GET', `/api/appartements/slug/${slug}`)).body, before);
  });

  it('keeps the alt texts of the photos still listed, and refuses to blank the alt of an uploaded photo', async () => {
    const uploaded = '/media/photos/0f8c1d7e-1234-4abc-9def-0123456789ab.jpg';
    await server.database.db
      .update(appartements)
      .set({ images: [uploaded, ...current.images], imagesAlt: { [uploaded]: 'La cuisine' } })
      .where(eq(appartements.id, current.id));
    const kept = await edit({ images: [...current.images, uploaded] });
    assert.equal(kept.status, 200, JSON.stringify(kept.body));
    assert.deepEqual(kept.body.appartement.imagesAlt, { [uploaded]: 'La cuisine' });
    const blank = await edit({ images: [uploaded], imagesAlt: { [uploaded]: ' ' } });
    assert.deepEqual([blank.status, blank.body.message], [400, ALT_REQUIRED]);
    const changed = await edit({ images: [uploaded], imagesAlt: { [uploaded]: 'La cuisine équipée' } });
    assert.deepEqual(changed.body.appartement.imagesAlt, { [uploaded]: 'La cuisine équipée' });
  });
});
