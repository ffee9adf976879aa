/**
 * Apartment photos uploaded from the editor (issue 30 item 4) and the one apartment form (issue 33):
 * on a phone (360 px) an admin opens 'Modifier l'appartement', uploads a photo made here by sharp
 * with its alt text, moves it first with the keyboard, saves, and the page shows it in AVIF/WebP
 * with srcset and its alt text. The editor has no serious axe finding and no sideways scroll.
 * Runs on this worker's private server: it changes a demo apartment.
 */
import sharp from 'sharp';
import { axeSerious, sidewaysOverflow } from '../support/a11y';
import { DEMO_ADMIN, demoApartments } from '../support/demo';
import { signIn } from '../support/journeys';
import { expect, test } from '../support/people';
import { onPrivateServer, type PrivateServer } from '../support/private-server';

const isolated = test.extend<object, { privateServer: PrivateServer }>(onPrivateServer);

// bypassCSP: axe is injected as an inline script, which the site's CSP rightly refuses.
isolated.use({ viewport: { width: 360, height: 740 }, bypassCSP: true });

isolated(
  'téléverser une photo avec son texte alternatif, la mettre en premier au clavier, la voir sur la page',
  async ({ page, request }) => {
    test.setTimeout(90_000);
    const slug = demoApartments[0]!.slug;
    const alt = `Le salon au soleil ${Math.random().toString(36).slice(2, 6)}`;
    // A small photo made here (no binary in the repository), with a camera name in its EXIF.
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#d35400' } })
      .jpeg()
      .withExif({ IFD0: { Model: 'Espion' } })
      .toBuffer();

    await signIn(page, DEMO_ADMIN);
    await page.goto(`/appartement/${slug}`);
    await page.getByRole('button', { name: "Modifier l'appartement" }).click();
    const form = page.getByRole('form', { name: "Modifier l'appartement" });
    await expect(form).toBeVisible();
    const count = await form.getByLabel(/^Image \d+$/).count();

    await form.getByLabel('Ajouter des photos').setInputFiles({ name: 'salon.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await form.getByLabel('Texte alternatif de « salon.jpg »').fill(alt);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await axeSerious(page)).toEqual([]);
    await form.getByRole('button', { name: 'Envoyer les photos' }).click();
    await expect(form.getByRole('status')).toHaveText('1 photo ajoutée à la fin de la liste.');
    const last = form.getByLabel(`Image ${count + 1}`, { exact: true });
    // The id carries the stored size, so the page can reserve its box before the photo comes.
    await expect(last).toHaveValue(/^\/media\/photos\/[0-9a-f-]{36}-900x600\.jpg$/);
    const url = await last.inputValue();
    await expect(form.getByLabel(`Texte alternatif de l'image ${count + 1}`)).toHaveValue(alt);

    // To the front with the keyboard: 'Monter' keeps the focus on the moved photo.
    await form.getByRole('button', { name: `Monter l'image ${count + 1}` }).focus();
    for (let position = count + 1; position > 1; position -= 1) {
      await expect(form.getByRole('button', { name: `Monter l'image ${position}` })).toBeFocused();
      await page.keyboard.press('Enter');
    }
    await expect(form.getByLabel('Image 1', { exact: true })).toHaveValue(url);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await axeSerious(page)).toEqual([]);

    await form.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expect(page.getByText("L'appartement a été mis à jour avec succès !")).toBeVisible();

    // The page shows it first, as AVIF and WebP at three widths, with its alt text.
    const main = page.getByRole('region', { name: 'Photos du logement' }).locator('picture').first();
    const base = url.replace(/\.jpg$/, '');
    await expect(main.locator('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      `${base}-480.avif 480w, ${base}-800.avif 800w, ${base}-1600.avif 1600w`,
    );
    await expect(main.locator('source[type="image/webp"]')).toHaveAttribute(
      'srcset',
      `${base}-480.webp 480w, ${base}-800.webp 800w, ${base}-1600.webp 1600w`,
    );
    await expect(main.getByRole('img', { name: alt })).toBeVisible();
    for (const [file, type] of [
      [`${base}-800.avif`, 'image/avif'],
      [`${base}-480.webp`, 'image/webp'],
    ] as const) {
      const res = await request.get(file);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe(type);
    }
    const stored = await request.get(url);
    expect((await stored.body()).includes(Buffer.from('Espion'))).toBe(false);
    expect(await sidewaysOverflow(page)).toBe(0);
  },
);
