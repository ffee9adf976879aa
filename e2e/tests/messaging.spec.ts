/**
 * Messaging (spec sections 2, 4, 6, 8 and 9): a client and the admin, each in a browser context of
 * their own, on the running site. The client writes to the support; the admin, on another page,
 * gets the header badge, the toast (sender and 30-character preview) and the sound; the toast opens
 * the conversation; typing is shown live; the reply arrives live; read receipts flip to 'Lu'.
 *
 * Every test registers a client of its own. The admin is the demo one, shared with other files:
 * expectations about the admin's unread count are relative to what the server says before, and
 * the badge is compared with the server's count at that moment (another test's client may write to
 * the support in between).
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_ADMIN } from '../support/demo';
import { apiLogin, header, registerUser, signIn, submitSignIn, TEST_PASSWORD } from '../support/journeys';
import { expect, expectRealtime, recordAudio, recordedAudio, test, watchRealtime } from '../support/people';

const ADMIN_NAME = 'Claire Administratrice';
const SUPPORT_NAME = 'Équipe support';

/** The Messagerie link of the header, whatever its unread count. */
function messagingLink(page: Page): Locator {
  return header(page).getByRole('link', { name: /^Messagerie/ });
}

/** 'Messagerie', 'Messagerie, 1 message non lu', 'Messagerie, 3 messages non lus'. */
function messagingLinkName(unread: number): string {
  if (unread <= 0) return 'Messagerie';
  return unread > 1 ? `Messagerie, ${unread} messages non lus` : 'Messagerie, 1 message non lu';
}

async function unreadOf(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/messages/non-lus', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { count: number }).count;
}

/**
 * Waits until the header's badge names the count the server gives now, and that count satisfies
 * `wanted`; returns it. The count is read again on each try, so a message another test sends to
 * the shared admin meanwhile cannot make the check fail, yet a badge that never moves still does.
 */
async function expectBadgeFollowsServer(
  page: Page,
  request: APIRequestContext,
  token: string,
  wanted: (count: number) => boolean,
): Promise<number> {
  let count = -1;
  await expect
    .poll(async () => {
      count = await unreadOf(request, token);
      // Read without waiting, so each try sees the header as it is. The figure is drawn by CSS from
      // data-count (so the link's visible name stays 'Messagerie').
      const [shown] = await messagingLink(page).evaluateAll((links) =>
        links.map((link) => ({
          label: link.getAttribute('aria-label') ?? link.textContent?.trim() ?? '',
          figure: link.querySelector('.msg-badge')?.getAttribute('data-count') ?? null,
        })),
      );
      const figure = count > 0 ? (count > 9 ? '9+' : String(count)) : null;
      return wanted(count) && shown?.label === messagingLinkName(count) && shown.figure === figure;
    })
    .toBe(true);
  return count;
}

function conversation(page: Page, name: string): Locator {
  return page.getByRole('region', { name: `Conversation avec ${name}` });
}

/** The messages of a conversation panel (its scrolling log). */
function messageLog(panel: Locator): Locator {
  return panel.getByRole('log', { name: 'Messages' });
}

/** One message bubble, found by its text. */
function bubble(panel: Locator, text: string): Locator {
  return messageLog(panel).getByRole('listitem').filter({ hasText: text });
}

/** The first 30 characters, then '…' (spec section 9). */
function preview(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > 30 ? `${chars.slice(0, 30).join('')}…` : chars.join('');
}

function uniqueName(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
}

test.describe('Messagerie', () => {
  test('le client écrit au support ; l’admin est notifié (badge, toast, son), répond en direct ; saisie en cours et « Lu »', async ({
    request,
    openPerson,
    baseURL,
  }, testInfo) => {
    // Two people and two sockets through a whole conversation: over 30 s when the machine is busy.
    test.slow();
    const client = await registerUser(request, testInfo, uniqueName('Inès Messagerie'), 'msg');
    const adminToken = await apiLogin(request, DEMO_ADMIN.email, DEMO_ADMIN.password);

    // The admin, signed in, on the home page.
    const admin = await openPerson('admin', { beforeFirstPage: recordAudio });
    const adminRealtime = watchRealtime(admin);
    await signIn(admin, DEMO_ADMIN);
    await expectRealtime(adminRealtime);
    const before = await unreadOf(request, adminToken);
    await expect(messagingLink(admin)).toHaveAccessibleName(messagingLinkName(before));

    // The client, signed in through the form, goes to the messaging page from the header.
    const page = await openPerson('client');
    const clientRealtime = watchRealtime(page);
    await signIn(page, client);
    await messagingLink(page).click();
    await expect(page).toHaveURL(`${baseURL}/messagerie`);
    await expect(page.getByRole('heading', { level: 1, name: 'Messagerie' })).toBeVisible();
    await expect(page).toHaveTitle('Messagerie | Séjours Messins');
    await expectRealtime(clientRealtime);

    // The virtual support contact is listed first (spec section 6); nothing is selected yet.
    const contacts = page.getByRole('complementary', { name: 'Conversations' });
    await expect(contacts.getByRole('listitem')).toHaveCount(1);
    await expect(contacts.getByRole('button', { name: `${SUPPORT_NAME}, Support`, exact: true })).toBeVisible();
    await expect(page.getByText('Sélectionnez une conversation pour afficher les messages.')).toBeVisible();

    await page.getByRole('button', { name: 'Contacter le support' }).click();
    const supportPanel = conversation(page, SUPPORT_NAME);
    await expect(supportPanel.getByRole('heading', { level: 2, name: SUPPORT_NAME })).toBeVisible();
    await expect(supportPanel.getByText('Écrivez votre message : notre équipe support vous répondra au plus vite.')).toBeVisible();
    const input = page.getByRole('textbox', { name: 'Votre message' });
    await expect(input).toBeFocused();
    const send = page.getByRole('button', { name: 'Envoyer', exact: true });
    await expect(send).toBeDisabled();

    // Only spaces: nothing can be sent (spec section 5).
    await input.fill('     ');
    await expect(send).toBeDisabled();
    await input.press('Enter');
    await expect(messageLog(supportPanel).getByRole('listitem')).toHaveCount(0);

    const question = "Bonjour, à quelle heure puis-je récupérer les clés de l'appartement ?";
    expect(preview(question)).toBe('Bonjour, à quelle heure puis-j…');
    await input.fill(question);
    await expect(send).toBeEnabled();
    await send.click();
    await expect(input).toHaveValue('');

    // The message is stored, not read yet (the conversation is now the real admin's).
    const clientPanel = conversation(page, ADMIN_NAME);
    const mine = bubble(clientPanel, question);
    await expect(mine).toContainText('Non lu');

    // The admin, still on the home page: the toast names the client with a 30-character preview,
    // and the badge has risen. (The toast stays 5 s: it is clicked before anything slower.)
    await expect(admin).toHaveURL(`${baseURL}/`);
    const toast = admin.getByRole('status').filter({ hasText: 'Nouveau message de' });
    await expect(toast).toBeVisible();
    await expect(toast.getByText(client.nom, { exact: true })).toBeVisible();
    await expect(toast).toContainText(preview(question));
    await expect(toast).not.toContainText(question);
    const raised = await expectBadgeFollowsServer(admin, request, adminToken, (count) => count >= before + 1);

    // A click on the toast opens that conversation; the address is the plain route again.
    await toast.getByRole('button', { name: new RegExp(`^Nouveau message de\\s*${client.nom}`) }).click();
    await expect(admin).toHaveURL(`${baseURL}/messagerie`);
    const adminPanel = conversation(admin, client.nom);
    await expect(adminPanel.getByRole('heading', { level: 2, name: client.nom })).toBeVisible();
    await expect(adminPanel.getByText('Client', { exact: true })).toBeVisible();
    await expect(bubble(adminPanel, question)).toContainText(`${client.nom} :`);
    await expect(
      admin.getByRole('complementary', { name: 'Conversations' }).getByRole('button', { name: `${client.nom}, Client`, exact: true }),
    ).toHaveAttribute('aria-current', 'true');
    await expect(admin.getByRole('button', { name: 'Contacter le support' })).toHaveCount(0);
    await expect(toast).toBeHidden();

    // The notification sound: one Audio element with the site's .wav file.
    // At least one (another test's client may also write to the shared admin), each the site's .wav.
    const siteSound = /^http:\/\/[^/]+\/mfe\/messaging\/.+\.wav$/;
    await expect
      .poll(async () => {
        const urls = await recordedAudio(admin);
        return urls.length > 0 && urls.every((u) => siteSound.test(u));
      })
      .toBe(true);
    const [soundUrl] = await recordedAudio(admin);
    const sound = await request.get(soundUrl!);
    expect(sound.status()).toBe(200);
    expect(sound.headers()['content-type']).toMatch(/^audio\//);

    // On the client's side the virtual support contact became the real admin.
    await expect(clientPanel.getByRole('heading', { level: 2, name: ADMIN_NAME })).toBeVisible();
    await expect(contacts.getByRole('button', { name: `${ADMIN_NAME}, Support`, exact: true })).toBeVisible();
    await expect(contacts.getByRole('button', { name: new RegExp(`^${SUPPORT_NAME}`) })).toHaveCount(0);
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('Vous :');

    // Read: the admin's badge goes back down, the client's message says 'Lu' (no reload).
    await expectBadgeFollowsServer(admin, request, adminToken, (count) => count < raised);
    await expect(mine).toContainText('Lu');
    await expect(mine).not.toContainText('Non lu');

    // The admin types: the client sees the typing indicator, which goes once the reply is sent.
    const typing = clientPanel.getByText(`${ADMIN_NAME} est en train d'écrire…`, { exact: true });
    await expect(typing).toHaveCount(0);
    const adminInput = admin.getByRole('textbox', { name: 'Votre message' });
    // Keystrokes less than 1 s apart keep the admin "typing", however slow the machine.
    await expect(async () => {
      await adminInput.press('a');
      await expect(typing).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 15_000 });
    // 1 s without a keystroke: the indicator goes (spec section 9).
    await expect(typing).toBeHidden();

    const reply = 'Bonjour, les clés sont dans la boîte à code à partir de 15 h. Bon séjour à Metz !';
    await adminInput.fill(reply);
    await admin.getByRole('button', { name: 'Envoyer', exact: true }).click();

    const theirs = bubble(clientPanel, reply);
    await expect(theirs).toHaveCount(1);
    await expect(theirs).toContainText(`${ADMIN_NAME} :`);
    await expect(typing).toHaveCount(0);
    await expect(page).toHaveURL(`${baseURL}/messagerie`);
    // The client has the conversation open: the reply is read at once, and the admin sees 'Lu'.
    await expect(bubble(adminPanel, reply)).toContainText('Lu');
    await expect(messagingLink(page)).toHaveAccessibleName('Messagerie');
    // The client got no toast for the conversation on screen.
    await expect(page.getByRole('status').filter({ hasText: 'Nouveau message de' })).toHaveCount(0);
  });

  test('un client hors de la messagerie : badge et toast pour la réponse du support, le toast ouvre la conversation', async ({
    request,
    openPerson,
    baseURL,
  }, testInfo) => {
    // Two people, two sign-ins and a realtime round trip: on a busy CI machine (seen: both tries
    // out of time at the last checks) it needs more than the default 30 s.
    test.slow();
    const client = await registerUser(request, testInfo, uniqueName('Hugo Messagerie'), 'msg');

    // The client writes to the support, then goes elsewhere.
    const page = await openPerson('client', { beforeFirstPage: recordAudio });
    const clientRealtime = watchRealtime(page);
    await signIn(page, client);
    await page.goto('/messagerie');
    await page.getByRole('button', { name: 'Contacter le support' }).click();
    const question = 'Le parking est-il inclus ?';
    await page.getByRole('textbox', { name: 'Votre message' }).fill(question);
    await page.getByRole('textbox', { name: 'Votre message' }).press('Enter');
    await expect(bubble(conversation(page, ADMIN_NAME), question)).toContainText('Non lu');
    await header(page).getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(`${baseURL}/faq`);
    await expectRealtime(clientRealtime);

    // The admin answers from the messaging page, picking the client in the list.
    const admin = await openPerson('admin');
    await signIn(admin, DEMO_ADMIN);
    await messagingLink(admin).click();
    await admin
      .getByRole('complementary', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(`^${client.nom}, Client`) })
      .click();
    const adminPanel = conversation(admin, client.nom);
    await expect(bubble(adminPanel, question)).toBeVisible();
    const reply = 'Oui, une place vous attend au sous-sol, accès par la rue Serpenoise.';
    await admin.getByRole('textbox', { name: 'Votre message' }).fill(reply);
    await admin.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await expect(bubble(adminPanel, reply)).toContainText('Non lu');

    // The client, on the FAQ: badge 1, toast from the support with the preview, and the sound.
    await expect(messagingLink(page)).toHaveAccessibleName('Messagerie, 1 message non lu');
    const toast = page.getByRole('status').filter({ hasText: 'Nouveau message de' });
    await expect(toast.getByText(ADMIN_NAME, { exact: true })).toBeVisible();
    await expect(toast).toContainText(preview(reply));
    // The sound is played with the toast, on the page the client is on.
    await expect.poll(() => recordedAudio(page)).toEqual([expect.stringMatching(/\.wav$/)]);

    // The toast opens the conversation (?contact= then the plain route), which reads the reply.
    await toast.getByRole('button', { name: /^Nouveau message de/ }).click();
    await expect(page).toHaveURL(`${baseURL}/messagerie`);
    await expect(bubble(conversation(page, ADMIN_NAME), reply)).toContainText(`${ADMIN_NAME} :`);
    await expect(messagingLink(page)).toHaveAccessibleName('Messagerie');
    await expect(bubble(adminPanel, reply)).toContainText('Lu');
    await expect(bubble(adminPanel, reply)).not.toContainText('Non lu');
  });

  test('la messagerie demande une connexion : un visiteur va sur /login, puis y revient', async ({ page, request, baseURL }, testInfo) => {
    const client = await registerUser(request, testInfo, uniqueName('Zoé Visiteuse'), 'msg');
    await page.goto('/messagerie');
    await expect(page).toHaveURL(`${baseURL}/login?redirect=%2Fmessagerie`);
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: /^Messagerie/ })).toHaveCount(0);

    await submitSignIn(page, client.email, TEST_PASSWORD);
    await expect(page).toHaveURL(`${baseURL}/messagerie`);
    await expect(page.getByRole('button', { name: 'Contacter le support' })).toBeVisible();
  });
});
