/**
 * Issue 27: a reservation's mails carry the contract, and the .ics of a stay starts on the arrival
 * day. The server here runs with TZ=Europe/Paris, a normal setting for a French server.
 */
import './support/paris-time.js';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { CGV_VERSION } from 'shared-kernel/domain';
import { addDaysIso, CANCELLATION_RULES, parisMidnight } from 'shared-kernel/rules';
import { appartements, reservations } from '../src/db/schema.js';
import { bookStay, CLIENT, family, flushMails, startMailServer, today, type MailServer } from './support/mail-server.js';

describe('reservation mails under TZ=Europe/Paris', () => {
  let mails: MailServer;
  let smtp: MailServer['smtp'];
  let server: MailServer['server'];
  let admin: string;
  let apartmentId: number;
  let offset = 20;

  before(async () => {
    mails = await startMailServer();
    ({ smtp, server, admin, apartmentId } = mails);
  });
  after(() => mails.close());

  async function book(nights: number): Promise<{ id: number; start: string; end: string }> {
    offset += nights + 3;
    const start = addDaysIso(today(), offset);
    const end = addDaysIso(start, nights);
    return { id: await bookStay(mails, start, end), start, end };
  }

  const flush = (expected: number) => flushMails(mails, expected);

  it('the .ics of a confirmed stay runs from the arrival day to the departure day, published, in plain French', async () => {
    const stay = await book(3);
    await flush(2);
    smtp.clear();
    assert.equal((await server.request('POST', `/api/admin/reservations/${stay.id}/acompte-recu`, { token: admin, body: {} })).status, 200);
    await flush(1);
    const [mail] = smtp.to(CLIENT);
    const ics = mail?.attachments.find((a) => a.filename === `sejour-${stay.id}.ics`);
    assert.ok(ics, 'the .ics is attached');
    assert.equal((ics.headers.get('content-type') as { params?: Record<string, string> } | undefined)?.params?.method, 'PUBLISH');
    const body = ics.content.toString('utf8').replace(/\r\n[ \t]/g, '');
    assert.match(body, /^METHOD:PUBLISH\r$/m);
    assert.match(body, new RegExp(`^DTSTART;VALUE=DATE:${stay.start.replace(/-/g, '')}\\r$`, 'm'));
    assert.match(body, new RegExp(`^DTEND;VALUE=DATE:${stay.end.replace(/-/g, '')}\\r$`, 'm'));
    assert.doesNotMatch(body, /avant avant/);
    assert.match(body, new RegExp(`Heure de départ : ${family.regles.depart}`));
    assert.match(body, new RegExp(`Heure d’arrivée : ${family.regles.arrivee}`));
    assert.doesNotMatch(mail?.text ?? '', /avant avant|Départ avant : avant/);
    assert.match(mail?.text ?? '', new RegExp(`Heure de départ : ${family.regles.depart}`));
  });

  it('the received and confirmed mails carry the contract: quote lines, total, taxe, deposit and balance with dates, cancellation date, CGV, the apartment’s own times', async () => {
    // The apartment's own times, not a constant.
    const [row] = await server.database.db
      .select({ regles: appartements.regles, politique: appartements.politiqueAnnulation })
      .from(appartements)
      .where(eq(appartements.id, apartmentId));
    await server.database.db
      .update(appartements)
      .set({ regles: { ...(row!.regles as object), arrivee: '17:30 - 21:00', depart: 'avant 10:15' } })
      .where(eq(appartements.id, apartmentId));
    smtp.clear();
    const stay = await book(4);
    await flush(2);
    const [received] = smtp.to(CLIENT);
    const [saved] = await server.database.db.select().from(reservations).where(eq(reservations.id, stay.id));
    const lines = (saved!.devis as { lignes: Array<{ libelle: string; montant: number }> }).lignes;
    assert.ok(
      lines.some((l) => l.libelle === 'Taxe de séjour'),
      'the quote has its taxe line',
    );
    const euro = (n: number) =>
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(n).replace(/[\u202f\u00a0]/g, ' ');
    const longDay = (iso: string) =>
      new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${iso}T12:00:00Z`),
      );
    for (const mailText of [received?.text ?? '']) {
      for (const line of lines)
        assert.ok(mailText.includes(`${line.libelle} : ${euro(line.montant)}`), `line « ${line.libelle} » in the mail`);
      assert.ok(mailText.includes(`Total du séjour : ${euro(Number(saved!.totalPrice))}`));
      assert.ok(mailText.includes(`Acompte à la réservation (virement bancaire) : ${euro(Number(saved!.deposit))}`));
      assert.ok(
        mailText.includes(
          `Solde à régler à partir du ${longDay(saved!.soldeExigibleLe!)}, avant l’arrivée : ${euro(Number(saved!.remainder))}`,
        ),
      );
      const rule = CANCELLATION_RULES[row!.politique as keyof typeof CANCELLATION_RULES];
      const deadline = new Date(parisMidnight(stay.start)!.getTime() - rule.hoursBeforeArrival * 3_600_000);
      const deadlineText = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' })
        .format(deadline)
        .replace(/[\u202f\u00a0]/g, ' ');
      assert.ok(
        mailText.includes(`Annulation (politique « ${row!.politique} ») : jusqu’au ${deadlineText}`),
        `the cancellation window as a date (${deadlineText})`,
      );
      assert.match(
        mailText,
        new RegExp(
          `Conditions générales de vente, version ${CGV_VERSION.replace('.', '\\.')} acceptée le .* : https://sejours.example/cgv`,
        ),
      );
      assert.match(mailText, /Heure d’arrivée : 17:30 - 21:00\nHeure de départ : avant 10:15/);
      assert.doesNotMatch(mailText, /Adresse : /);
    }
    smtp.clear();
    assert.equal((await server.request('POST', `/api/admin/reservations/${stay.id}/acompte-recu`, { token: admin, body: {} })).status, 200);
    await flush(1);
    const confirmed = smtp.to(CLIENT)[0]?.text ?? '';
    for (const line of lines) assert.ok(confirmed.includes(`${line.libelle} : ${euro(line.montant)}`));
    assert.match(confirmed, /Heure de départ : avant 10:15/);
    assert.match(confirmed, /Annulation \(politique « .* » \) ?: jusqu’au|Annulation \(politique « .* »\) : jusqu’au/);
    assert.match(confirmed, /https:\/\/sejours\.example\/cgv/);
  });

  it('the password-reset mail uses the shared layout: doctype, French, viewport', async () => {
    smtp.clear();
    const res = await server.request('POST', '/api/auth/forgot-password', { body: { email: CLIENT } });
    assert.equal(res.status, 200);
    const [mail] = await smtp.waitFor(1);
    const html = String(mail?.html);
    assert.match(html, /^<!doctype html><html lang="fr">/);
    assert.match(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
    assert.match(html, /<a href="https:\/\/sejours\.example\/reset-password\/[A-Za-z0-9_-]{20,}" style="[^"]*overflow-wrap:anywhere/);
    assert.match(mail?.text ?? '', /Bonjour Camille Martin,/);
  });
});
