/**
 * Issue 27 item 4 (DECISIONS 38): a new account is reminded to confirm its address until it follows
 * the link mailed at sign-up; the link works once and the reminder is gone.
 */
import { expect, test } from '../support/fixtures';
import { axeSerious, settle } from '../support/a11y';
import { newestMailFor, signIn, TEST_PASSWORD, uniqueEmail } from '../support/journeys';

test.describe('Confirmation de l’adresse email', () => {
  // axe-core is injected as a script, which the site's CSP rightly refuses.
  test.use({ bypassCSP: true });
  // The second use of the link is refused on purpose.
  test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\) \(http:\/\/[^/]+\/api\/auth\/verify-email:/] });

  test('inscription → rappel → lien du mail → adresse confirmée, rappel parti', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'verif');
    await page.goto('/register');
    await page.getByLabel('Nom complet').fill('Inès Vérif');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, { email, password: TEST_PASSWORD });

    const reminder = page.getByRole('region', { name: 'Confirmez votre adresse email' });
    await expect(reminder).toBeVisible();
    await expect(reminder).toContainText(`Nous avons envoyé un lien de confirmation à ${email}`);
    await settle(page);
    expect(await axeSerious(page)).toEqual([]);

    // 'Renvoyer le lien' answers in French; the newest link is the one followed.
    await reminder.getByRole('button', { name: 'Renvoyer le lien' }).click();
    await expect(reminder.getByRole('status')).toHaveText('Un nouveau lien de vérification vous a été envoyé.');

    const mail = newestMailFor(email);
    expect(mail, 'the link is in the outbox').toBeTruthy();
    expect(mail!).toContain('Confirmer mon adresse email');
    const link = /https?:\/\/[^\s"<>]+(\/verifier-email\/[A-Za-z0-9_-]{20,})/.exec(mail!);
    expect(link, mail!).toBeTruthy();
    await page.goto(link![1]!);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirmation de votre adresse email' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Votre adresse email est vérifiée. Merci !' })).toBeVisible();
    await page.getByRole('link', { name: 'Voir mon profil' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(reminder).toHaveCount(0);

    // The same link a second time is refused, in French.
    await page.goto(link![1]!);
    await expect(page.getByRole('alert')).toHaveText(
      'Ce lien de vérification est invalide, a déjà servi ou a expiré. Demandez-en un nouveau.',
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(reminder).toHaveCount(0);
  });
});
