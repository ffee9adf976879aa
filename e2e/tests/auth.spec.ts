/**
 * Accounts: register, sign in, header state, logout (spec sections 2 and 4), the login error
 * messages (section 8) and the `error` query codes of the sign-in page.
 */
import { expect, test, type Page } from '../support/fixtures';
import { DEMO_CLIENT } from '../support/demo';
import { countHeading } from '../support/home';
import { registerUser, signIn } from '../support/journeys';

const TOKEN_KEY = 'token';

async function storedTokens(page: Page): Promise<{ local: string | null; session: string | null }> {
  return page.evaluate((key) => ({ local: localStorage.getItem(key), session: sessionStorage.getItem(key) }), TOKEN_KEY);
}

function signInForm(page: Page) {
  return {
    email: page.getByLabel('Email', { exact: true }),
    password: page.getByLabel('Mot de passe', { exact: true }),
    remember: page.getByRole('checkbox', { name: 'Se souvenir de moi' }),
    submit: page.getByRole('button', { name: 'Se connecter' }),
  };
}

const header = (page: Page) => page.getByRole('banner');

test.describe('Comptes', () => {
  test('inscription, connexion, initiale dans l’en-tête, puis déconnexion', async ({ page }, testInfo) => {
    const unique = `${Date.now()}-${testInfo.workerIndex}-${testInfo.repeatEachIndex}-${testInfo.retry}`;
    const name = 'élise Durand';
    const email = `e2e-${unique}@exemple.fr`;
    const password = 'Mot-de-passe-e2e-1';

    // Register.
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Créer un compte' })).toBeVisible();
    await page.getByLabel('Nom complet').fill(name);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    // On success: /login, with a confirmation and the address already filled in.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Votre compte a été créé. Vous pouvez maintenant vous connecter.')).toBeVisible();
    const form = signInForm(page);
    await expect(form.email).toHaveValue(email);

    // Sign in (without "Se souvenir de moi": the token goes to session storage).
    await form.password.fill(password);
    await form.submit.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(countHeading(page)).toBeVisible();
    await expect(page.getByText(`Bonjour, ${name} !`)).toBeVisible();

    // Header: the avatar shows the initial of the name (no photo), and a logout button.
    const profile = header(page).getByRole('link', { name: 'Mon profil' });
    await expect(profile).toHaveAttribute('href', '/profile');
    await expect(profile).toHaveText('É');
    await expect(header(page).getByRole('link', { name: 'Connexion' })).toHaveCount(0);
    const tokens = await storedTokens(page);
    expect(tokens.session).toBeTruthy();
    expect(tokens.local).toBeNull();

    // Logout from another page (an unknown route reached inside the site, header included):
    // back on /, 'Connexion' again, no token left anywhere.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/ailleurs');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeVisible();
    await expect(page).toHaveURL(/\/ailleurs$/);
    await header(page).getByRole('button', { name: 'Déconnexion' }).click();
    await expect(header(page).getByRole('link', { name: 'Connexion' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Mon profil' })).toHaveCount(0);
    await expect(page.getByText("Vous n'êtes pas connecté.")).toBeVisible();
    expect(await storedTokens(page)).toEqual({ local: null, session: null });

    // The session stays closed after a reload.
    await page.reload();
    await expect(header(page).getByRole('link', { name: 'Connexion' })).toBeVisible();
  });

  test('« Se souvenir de moi » garde la session après rechargement ; /login renvoie alors à l’accueil', async ({ page }) => {
    await page.goto('/login');
    const form = signInForm(page);
    await form.email.fill(DEMO_CLIENT.email);
    await form.password.fill(DEMO_CLIENT.password);
    await form.remember.check();
    await form.submit.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Bonjour, Camille Martin !')).toBeVisible();
    const tokens = await storedTokens(page);
    expect(tokens.local).toBeTruthy();
    expect(tokens.session).toBeNull();

    await page.reload();
    await expect(page.getByText('Bonjour, Camille Martin !')).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Mon profil' })).toHaveText('C');

    // An already signed-in user is sent from /login to /.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Bonjour, Camille Martin !')).toBeVisible();
  });

  test('une déconnexion pendant que la messagerie se charge encore : aucune requête refusée', async ({ page, request }, testInfo) => {
    const user = await registerUser(request, testInfo, 'Léa Rapide', 'logout-race');
    await signIn(page, user);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
    });
    // The messaging remote (the header's unread badge) arrives only once the server has ended the
    // session, and the server's answer to the logout comes late: the badge must not ask for the
    // unread count with the session being ended.
    await page.route('**/mfe/messaging/releases/*/remoteEntry.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.route('**/api/auth/logout', async (route) => {
      const response = await route.fetch();
      // The body read at once and given with the answer: fulfilling late from the response Playwright
      // stored failed once in a full run (« Fetch response has been disposed »).
      const body = await response.body();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fulfill({ response, body });
    });
    await page.goto('/');
    await header(page).getByRole('button', { name: 'Déconnexion' }).click();
    await expect(header(page).getByRole('link', { name: 'Connexion' })).toBeVisible();
    await expect.poll(() => storedTokens(page)).toEqual({ local: null, session: null });
    // Long enough for the delayed remote to mount and for its calls to come back.
    await page.waitForTimeout(1500);
    expect(refused).toEqual([]);
  });

  test.describe('mot de passe erroné', () => {
    // The browser itself logs the refused request ("… status of 401 …"); nothing else is allowed.
    test.use({ allowedConsoleErrors: [/status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/auth\/login:/] });

    test('affiche « Email ou mot de passe incorrect. Veuillez réessayer. »', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
      const form = signInForm(page);
      await form.email.fill(DEMO_CLIENT.email);
      await form.password.fill('pas-le-bon-mot-de-passe');
      await form.submit.click();
      await expect(page.getByText('Email ou mot de passe incorrect. Veuillez réessayer.', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      await expect(header(page).getByRole('link', { name: 'Connexion' })).toBeVisible();
      expect(await storedTokens(page)).toEqual({ local: null, session: null });
      // The form stays usable.
      await expect(form.submit).toBeEnabled();
      await expect(form.email).toHaveValue(DEMO_CLIENT.email);
    });
  });

  test.describe('adresse déjà inscrite', () => {
    test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\) \(http:\/\/[^/]+\/api\/users\/register:/] });

    test('l’inscription est refusée avec le message du serveur, quelle que soit la casse', async ({ page }) => {
      await page.goto('/register');
      await page.getByLabel('Nom complet').fill('Camille Doublon');
      await page.getByLabel('Email', { exact: true }).fill(DEMO_CLIENT.email.toUpperCase());
      await page.getByLabel('Mot de passe', { exact: true }).fill('Mot-de-passe-e2e-2');
      await page.getByRole('button', { name: 'Créer mon compte' }).click();
      await expect(page.getByText('Un compte existe déjà avec cette adresse email.', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByRole('button', { name: 'Créer mon compte' })).toBeEnabled();
    });
  });

  test('les champs vides sont signalés sans appel au serveur', async ({ page }) => {
    await page.goto('/login');
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login')) loginCalls += 1;
    });
    await signInForm(page).submit.click();
    await expect(page.getByText('Veuillez saisir votre adresse email.')).toBeVisible();
    await expect(page.getByText('Veuillez saisir votre mot de passe.')).toBeVisible();
    await expect(signInForm(page).email).toBeFocused();
    expect(loginCalls).toBe(0);
  });

  const QUERY_ERRORS: ReadonlyArray<[string, string]> = [
    ['timeout', 'La connexion avec Google a pris trop de temps. Veuillez réessayer.'],
    ['failed', 'Échec de la connexion avec Google. Veuillez réessayer ou utiliser une autre méthode.'],
    ['redirect', 'Erreur lors de la redirection Google. Veuillez réessayer.'],
    ['general', "Une erreur s'est produite lors de la connexion avec Google. Veuillez réessayer."],
    ['inconnu', 'Erreur de connexion. Veuillez réessayer.'],
  ];

  for (const [code, message] of QUERY_ERRORS) {
    test(`/login?error=${code} affiche son message puis retire « error » de l’adresse`, async ({ page }) => {
      await page.goto(`/login?error=${code}`);
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === '/login' && !url.searchParams.has('error'));
      // The form is there and reachable by its labels.
      await expect(signInForm(page).email).toBeVisible();
      await expect(signInForm(page).password).toBeVisible();
    });
  }
});
