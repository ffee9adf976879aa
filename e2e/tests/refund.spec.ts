/**
 * Issue 31, in the browser: a refund that is announced is executed (DECISIONS 35). The guest paid by
 * transfer and cancels within the free window: the page says 'Remboursement en cours' and asks where
 * to send it (the IBAN is checked as the server checks it); the admin finds it in 'Remboursements à
 * effectuer', with that IBAN, and marks the transfer made with its reference; the guest then reads
 * 'Remboursé le …' and the refund in the books of the stay.
 */
import { DEMO_ADMIN, demoApartments } from '../support/demo';
import { expect, test } from '../support/fixtures';
import {
  apiLogin,
  collectDialogs,
  euros,
  futureStay,
  header,
  longDate,
  registerUser,
  reserveAs,
  signIn,
  todayInParis,
} from '../support/journeys';

test('virement reçu → annulation → « Remboursement en cours » et IBAN → « Marquer effectué » par l’administrateur → « Remboursé le … »', async ({
  page,
  request,
}, testInfo) => {
  // Two people, five pages and two sign-ins: more than the default 30 s on a busy 2-core machine.
  test.slow();
  const flexible = demoApartments.find((a) => a.politiqueAnnulation === 'Flexible')!;
  const guest = await registerUser(request, testInfo, 'Lucie Remboursée', 'remboursement');
  const reservation = await reserveAs(request, guest, flexible.slug, futureStay(190, 2, testInfo));
  // The transfer arrived: the admin's 'Acompte reçu' (its screen is tested in payment.spec.ts).
  const adminToken = await apiLogin(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const received = await request.post(`/api/admin/reservations/${reservation.id}/acompte-recu`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: {},
  });
  expect(received.status(), await received.text()).toBe(200);
  const paid = ((await received.json()) as { reservation: { deposit: number } }).reservation.deposit;

  // The guest cancels within the free window: the refund is announced, not done.
  const dialogs = collectDialogs(page);
  await signIn(page, guest);
  await page.goto(`/reservation/${reservation.id}`);
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Annuler la réservation' }).click();
  await expect.poll(() => dialogs.at(-1)?.message).toBe('Statut mis à jour avec succès: annulée');
  const payment = page.getByRole('region', { name: 'Paiement', exact: true });
  await expect(payment.getByText(`Remboursement en cours (${euros(paid)})`, { exact: true })).toBeVisible();
  await expect(payment.getByText(/^Remboursé le/)).toHaveCount(0);

  // Issue 31 item 7: the deposit's facture and the refund's avoir, linked under 'Factures' as PDFs the session opens.
  const invoices = page.getByRole('region', { name: 'Factures' });
  const facture = invoices.getByRole('link', { name: /^Facture F-\d{4}-\d{6} \(PDF\)$/ });
  await expect(facture).toBeVisible();
  await expect(invoices.getByRole('link', { name: /^Avoir A-\d{4}-\d{6} \(PDF\)$/ })).toBeVisible();
  const pdf = await page.request.get((await facture.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Where to send it: a mistyped IBAN is refused on the spot, with the reason; the right one is saved.
  const form = page.getByRole('form', { name: 'Où vous rembourser' });
  await form.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 198');
  await form.getByLabel('Titulaire du compte').fill('Lucie Remboursée');
  await form.getByRole('button', { name: "Enregistrer l'IBAN" }).click();
  await expect(
    form.getByText("Cet IBAN n'est pas valide : sa clé de contrôle ne correspond pas. Vérifiez chaque caractère.", { exact: true }),
  ).toBeVisible();
  await expect(form.getByLabel('IBAN')).toBeFocused();
  await form.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 189');
  await form.getByRole('button', { name: "Enregistrer l'IBAN" }).click();
  await expect(form.getByText('IBAN enregistré : le remboursement sera fait sur ce compte.', { exact: true })).toBeVisible();
  await expect(form.getByText(/ira sur le compte FR76 •••• 0189 \(Lucie Remboursée\)/)).toBeVisible();
  await header(page).getByRole('button', { name: 'Déconnexion' }).click();
  await expect(header(page).getByRole('link', { name: 'Connexion' })).toBeVisible();

  // The admin: 'Remboursements à effectuer' in the Administration menu, the guest's IBAN, then 'Marquer effectué'.
  await signIn(page, DEMO_ADMIN);
  const toggle = header(page).getByRole('button', { name: 'Administration' });
  await toggle.click();
  await header(page).getByRole('link', { name: 'Remboursements à effectuer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Remboursements à effectuer' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `n° ${reservation.id}`, exact: true }) });
  await expect(item.getByRole('heading', { name: `${euros(paid)} à rembourser à Lucie Remboursée` })).toBeVisible();
  await expect(item.getByText('FR76 3000 6000 0112 3456 7890 189 (Lucie Remboursée)', { exact: true })).toBeVisible();
  await expect(item.getByLabel('Date du virement')).toHaveValue(todayInParis());
  await item.getByLabel('Référence du virement').fill(`VIR-REMB-${reservation.id}`);
  await item.getByRole('button', { name: 'Marquer effectué' }).click();
  await expect(
    page.getByText(`Remboursement de ${euros(paid)} à Lucie Remboursée marqué effectué : le client en est informé par e-mail.`, {
      exact: true,
    }),
  ).toBeVisible();
  await expect(item).toHaveCount(0);
  await header(page).getByRole('button', { name: 'Déconnexion' }).click();
  await expect(header(page).getByRole('link', { name: 'Connexion' })).toBeVisible();

  // The guest reads the day it was made, and the refund in the books.
  await signIn(page, guest);
  await page.goto(`/reservation/${reservation.id}`);
  const done = page.getByRole('region', { name: 'Paiement', exact: true });
  await expect(done.getByText(`Remboursé le ${longDate(todayInParis())} (${euros(paid)})`, { exact: true })).toBeVisible();
  await expect(done.getByRole('form', { name: 'Où vous rembourser' })).toHaveCount(0);
  const rows = done.getByRole('table', { name: 'Historique des paiements' }).getByRole('row');
  await expect(rows.last().getByRole('cell')).toHaveText([
    /.+/,
    'Remboursement effectué',
    'Virement',
    `VIR-REMB-${reservation.id}`,
    euros(paid),
  ]);
});
