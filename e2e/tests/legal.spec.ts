/**
 * Issue 15, legal side: the three legal pages (reached from the footer, with the server's configured
 * details and the terms' version), no third-party request on the home and apartment pages, and the
 * profile's 'Mes données' (download, then erase the account through a keyboard-usable dialog).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '../support/fixtures';
import { demoApartments } from '../support/demo';
import { header, registerUser, signIn } from '../support/journeys';
import { axeSerious, settle, sidewaysOverflow } from '../support/a11y';

interface LegalInfo {
  exemple: boolean;
  editeur: Record<string, string>;
  hebergeur: { nom: string; adresse: string; contact: string };
  mediateur: { nom: string; site: string; adresse: string };
  responsableTraitement: { nom: string; adresse: string; contact: string };
}

const footer = (page: Page) => page.getByRole('contentinfo');

/** Every request the page makes, as URLs. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

function foreign(urls: string[], origin: string): string[] {
  return urls.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin);
}

test.describe('Pages légales', () => {
  test("l'accueil et la page d'un appartement ne chargent rien d'un autre site", async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const urls = recordRequests(page);
    await page.goto('/');
    await settle(page);
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
    await page.goto(`/appartement/${demoApartments[0]!.slug}`);
    await settle(page);
    await expect(page.getByRole('heading', { level: 1, name: demoApartments[0]!.titre })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(urls.length).toBeGreaterThan(5);
    expect(urls.some((url) => url.includes('/mfe/booking/'))).toBe(true);
    expect(foreign(urls, origin)).toEqual([]);
  });

  test('les mentions légales, depuis le pied de page, nomment l’éditeur et l’hébergeur configurés', async ({ page, request }) => {
    const info = (await (await request.get('/api/legal')).json()) as LegalInfo;
    await page.goto('/');
    await footer(page).getByRole('link', { name: 'Mentions légales' }).click();
    await expect(page).toHaveURL(/\/mentions-legales$/);
    await expect(page).toHaveTitle('Mentions légales | Séjours Messins');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mentions légales');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      'Éditeur du site',
      'Hébergeur',
      'Propriété intellectuelle',
      'Données personnelles et cookies',
    ]);
    const editeur = main.getByRole('definition');
    for (const value of [
      info.editeur.nom!,
      info.editeur.formeJuridique!,
      info.editeur.capital!,
      info.editeur.adresse!,
      info.editeur.rcs!,
      info.editeur.siret!,
      info.editeur.tva!,
      info.editeur.directeurPublication!,
      info.editeur.contact!,
      info.hebergeur.nom,
      info.hebergeur.adresse,
    ]) {
      await expect(editeur.filter({ hasText: value }).first()).toBeVisible();
    }
    // The shared test server runs on the demonstration values: they say so.
    expect(info.exemple).toBe(true);
    await expect(main.getByRole('note')).toContainText("valeurs d'exemple");
    await expect(main.getByText('Séjours Messins SAS (exemple)')).toBeVisible();
  });

  test('les CGV montrent leur version et les conditions d’annulation de chaque politique', async ({ page, request }) => {
    const info = (await (await request.get('/api/legal')).json()) as LegalInfo;
    await page.goto('/');
    await footer(page).getByRole('link', { name: 'CGV' }).click();
    await expect(page).toHaveURL(/\/cgv$/);
    await expect(page).toHaveTitle('Conditions générales de vente | Séjours Messins');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conditions générales de vente');
    await expect(page.getByTestId('cgv-version')).toHaveText('Version 1.1 en vigueur depuis le 26 novembre 2026.');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      'Objet',
      'Prix',
      'Acompte et solde',
      'Annulation',
      'Absence de droit de rétractation',
      'Taxe de séjour',
      'Règlement intérieur',
      'Arrivée et départ',
      'Responsabilité',
      'Médiation de la consommation',
      'Droit applicable',
    ]);
    const rows = main.getByRole('table', { name: "Conditions d'annulation par politique" }).getByRole('row');
    await expect(rows).toHaveText([
      /Politique\s*Annulation jusqu'à\s*Acompte remboursé\s*Au-delà/,
      /Flexible\s*24 heures avant l'arrivée\s*100 %\s*L'acompte reste acquis\./,
      /Modérée\s*5 jours avant l'arrivée\s*100 %\s*L'acompte reste acquis\./,
      /Stricte\s*7 jours avant l'arrivée\s*50 %\s*L'acompte reste acquis\./,
    ]);
    await expect(main.getByText(/article L221-28 12° du Code de la consommation/)).toBeVisible();
    await expect(main.getByText(/Un acompte de 500 €/)).toBeVisible();
    await expect(main.getByText(info.mediateur.nom, { exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: info.mediateur.site })).toHaveAttribute('href', info.mediateur.site);
  });

  test('la politique de confidentialité nomme le responsable, les droits, la CNIL et les cookies', async ({ page, request }) => {
    const info = (await (await request.get('/api/legal')).json()) as LegalInfo;
    await page.goto('/');
    await footer(page).getByRole('link', { name: 'Confidentialité' }).click();
    await expect(page).toHaveURL(/\/confidentialite$/);
    await expect(page).toHaveTitle('Politique de confidentialité | Séjours Messins');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Politique de confidentialité');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      'Responsable du traitement',
      'Finalités et bases légales',
      'Données obligatoires et facultatives',
      'Destinataires',
      'Durées de conservation',
      "Transferts hors de l'Union européenne",
      'Vos droits',
      'Retirer votre consentement',
      'Directives après votre décès',
      'Cookies',
    ]);
    await expect(main.getByRole('definition').filter({ hasText: info.responsableTraitement.nom }).first()).toBeVisible();
    await expect(main.getByRole('link', { name: info.responsableTraitement.contact }).first()).toHaveAttribute(
      'href',
      `mailto:${info.responsableTraitement.contact}`,
    );
    await expect(main.getByRole('link', { name: 'www.cnil.fr' })).toBeVisible();
    // The retention periods the daily housekeeping job applies.
    await expect(
      main.getByText("E-mails envoyés : leur trace (destinataire, objet, date) un an après l'envoi, puis effacée."),
    ).toBeVisible();
    await expect(
      main.getByText(/^Demandes d'estimation des propriétaires : trois ans après le dernier échange, puis effacées/),
    ).toBeVisible();
    await expect(main.getByText(/cookie de session qui vous garde connecté/)).toBeVisible();
    await expect(main.getByText(/aucun consentement n'est donc demandé/)).toBeVisible();
  });

  test('une adresse légale inconnue reste la page 404, les trois pages répondent 200', async ({ request }) => {
    for (const path of ['/mentions-legales', '/cgv', '/confidentialite']) expect((await request.get(path)).status(), path).toBe(200);
    expect((await request.get('/cgv/ancienne')).status()).toBe(404);
  });
});

test.describe('Pages légales : accessibilité', () => {
  // axe-core is injected as a script, which the site's CSP rightly refuses.
  test.use({ bypassCSP: true });

  for (const width of [1280, 360]) {
    test(`axe ne trouve rien de sérieux et rien ne défile de côté à ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/mentions-legales', '/cgv', '/confidentialite']) {
        await page.goto(path);
        await settle(page);
        expect(await axeSerious(page), path).toEqual([]);
        expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
      }
    });
  }
});

test.describe('Mes données', () => {
  // The wrong password is refused (403); once erased, calls still in flight with the revoked token get 401.
  // One pattern only: Playwright would read a second array item as the option's settings.
  test.use({ allowedConsoleErrors: [/status of (403 .*\/api\/users\/me|401 .*\/api\/)/] });
  test('télécharger mes données, puis supprimer mon compte au clavier', async ({ page, request }, testInfo) => {
    const user = await registerUser(request, testInfo, 'Nina Données', 'rgpd');
    await signIn(page, user);
    await page.goto('/profile');
    await settle(page);
    const section = page.getByRole('region', { name: 'Mes données' });
    await expect(section).toBeVisible({ timeout: 15_000 });

    // The JSON file of the account.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Télécharger mes données' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(exported.compte.email).toBe(user.email);
    expect(exported.compte.nom).toBe('Nina Données');
    expect(exported.reservations).toEqual([]);

    // The dialog opens from the keyboard, holds the focus, and Échap closes it back onto its button.
    const open = section.getByRole('button', { name: 'Supprimer mon compte' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
    await expect(dialog).toBeVisible();
    const password = dialog.getByLabel('Mot de passe');
    await expect(password).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    // A wrong password: the server's reason, the account stays.
    await page.keyboard.press('Enter');
    await expect(password).toBeFocused();
    await page.keyboard.type('pas-le-bon');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Mot de passe incorrect : votre compte n’a pas été supprimé.');

    await password.fill(user.password);
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toHaveText('Votre compte a été supprimé. Vos données personnelles ont été effacées.');
    const home = dialog.getByRole('button', { name: "Retour à l'accueil" });
    await expect(home).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Connexion' })).toBeVisible();

    const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
    expect(login.status()).toBe(401);
  });
});
