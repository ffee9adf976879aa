/**
 * Issue 27 item 5: the legal pages name a real operator from the LEGAL_* settings — consumer mediator
 * (L616-1), the host's phone (LCEN), Stripe among the recipients when it is configured, how to
 * withdraw consent, the mandatory data, post-mortem directives, the session token in the browser —
 * each demonstration value marked « exemple », in the HTML the server renders; and the start-up log
 * warns in production while an example is left.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.js';
import { legalSettings } from '../src/modules/legal/settings.js';
import { startServer, type TestServer } from './helpers.js';
import { builds, signedBuilds, textOf } from './support/signed-builds.js';

/** Every LEGAL_* a real operator sets. */
const OPERATOR = {
  LEGAL_RAISON_SOCIALE: 'Metz Séjours SARL',
  LEGAL_FORME_JURIDIQUE: 'SARL',
  LEGAL_CAPITAL: '5 000 €',
  LEGAL_ADRESSE: '12 rue Taison, 57000 Metz',
  LEGAL_RCS: 'RCS Metz 912 345 678',
  LEGAL_SIRET: '912 345 678 00011',
  LEGAL_TVA: 'FR12 912345678',
  LEGAL_DIRECTEUR_PUBLICATION: 'Hélène Girard',
  LEGAL_CONTACT_EMAIL: 'bonjour@metz-sejours.fr',
  LEGAL_TELEPHONE: '03 87 00 11 22',
  LEGAL_HEBERGEUR_NOM: 'OVH SAS',
  LEGAL_HEBERGEUR_ADRESSE: '2 rue Kellermann, 59100 Roubaix',
  LEGAL_HEBERGEUR_CONTACT: 'https://www.ovhcloud.com',
  LEGAL_HEBERGEUR_TELEPHONE: '09 72 10 10 07',
  LEGAL_MEDIATEUR_NOM: 'CM2C',
  LEGAL_MEDIATEUR_URL: 'https://www.cm2c.net',
  LEGAL_MEDIATEUR_ADRESSE: '49 rue de Ponthieu, 75008 Paris',
};

function logCapture() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

describe('legal settings and the start-up warning', () => {
  it('GET /api/legal: the new settings, each example listed until set; Stripe and Google named only when configured', async () => {
    const demo = await startServer();
    try {
      const res = await demo.request('GET', '/api/legal');
      assert.equal(res.status, 200);
      for (const field of ['mediateur.nom', 'mediateur.site', 'hebergeur.telephone', 'editeur.contact', 'responsableTraitement.contact'])
        assert.ok(res.body.exemples.includes(field), field);
      assert.equal(res.body.hebergeur.telephone, '01 00 00 00 00 (exemple)');
      assert.deepEqual(res.body.destinataires, { stripe: false, google: false });
    } finally {
      await demo.close();
    }
    const stripe = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_legal', STRIPE_WEBHOOK_SECRET: 'whsec_legal' }).payments;
    const configured = await startServer({
      legal: legalSettings(OPERATOR),
      payments: stripe,
      googleClientId: 'id.apps.googleusercontent.com',
    });
    try {
      const res = await configured.request('GET', '/api/legal');
      assert.deepEqual(res.body.exemples, []);
      assert.deepEqual(res.body.mediateur, { nom: 'CM2C', site: 'https://www.cm2c.net', adresse: '49 rue de Ponthieu, 75008 Paris' });
      assert.equal(res.body.hebergeur.telephone, '09 72 10 10 07');
      assert.deepEqual(res.body.destinataires, { stripe: true, google: true });
    } finally {
      await configured.close();
    }
  });

  it('still reads LEGAL_MEDIATEUR_SITE, the earlier name of LEGAL_MEDIATEUR_URL', () => {
    const info = legalSettings({ LEGAL_MEDIATEUR_SITE: 'https://www.medicys.fr' });
    assert.equal(info.mediateur.site, 'https://www.medicys.fr');
    assert.ok(!info.exemples!.includes('mediateur.site'));
  });

  it('warns at start-up in production while an example value is shown, naming the settings to set', async () => {
    const log = logCapture();
    const server = await startServer(
      { production: true, logLevel: 'warn', legal: legalSettings({ ...OPERATOR, LEGAL_MEDIATEUR_NOM: '', LEGAL_HEBERGEUR_TELEPHONE: '' }) },
      { logStream: log.stream },
    );
    await server.close();
    const warning = log.lines.find((line) => line.includes("valeurs d'exemple"));
    assert.ok(warning, log.lines.join('\n'));
    assert.match(warning, /"level":40/);
    assert.match(warning, /LEGAL_HEBERGEUR_TELEPHONE, LEGAL_MEDIATEUR_NOM/);
    assert.doesNotMatch(warning, /LEGAL_RAISON_SOCIALE|LEGAL_MEDIATEUR_URL/);

    for (const overrides of [{ production: true, legal: legalSettings(OPERATOR) }, { production: false }]) {
      const quiet = logCapture();
      const other = await startServer({ ...overrides, logLevel: 'warn' }, { logStream: quiet.stream });
      await other.close();
      assert.ok(!quiet.lines.some((line) => line.includes("valeurs d'exemple")), JSON.stringify(overrides.production));
    }
  });
});

describe('the legal pages in the server HTML', { skip: !builds && 'npm run build d’abord' }, () => {
  let demo: TestServer;
  let operator: TestServer;
  let root: string;

  before(async () => {
    const signed = signedBuilds();
    root = signed.root;
    const site = { logLevel: 'warn' as const, staticRoot: root, remoteSigningKeys: [signed.key] };
    demo = await startServer(site, { serveSite: true });
    const stripe = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_legal', STRIPE_WEBHOOK_SECRET: 'whsec_legal' }).payments;
    operator = await startServer({ ...site, legal: legalSettings(OPERATOR), payments: stripe }, { serveSite: true });
  });
  after(async () => {
    await demo.close();
    await operator.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = async (server: TestServer, path: string) => {
    const res = await server.request('GET', path);
    assert.equal(res.status, 200);
    return textOf(res.text);
  };

  it('without settings: every value is marked « exemple », links and addresses too', async () => {
    const mentions = await page(demo, '/mentions-legales');
    assert.match(mentions, /contact@sejours-messins\.example \(exemple\)/);
    assert.match(mentions, /Téléphone 03 00 00 00 00 \(exemple\)/);
    assert.match(mentions, /Hébergeur Exemple SAS \(exemple\)/);
    assert.match(mentions, /Téléphone 01 00 00 00 00 \(exemple\)/);
    const cgv = await page(demo, '/cgv');
    assert.match(cgv, /L616-1/);
    assert.match(cgv, /Médiateur de la consommation Exemple \(exemple\)/);
    assert.match(cgv, /https:\/\/mediateur\.example \(exemple\)/);
    const privacy = await page(demo, '/confidentialite');
    assert.doesNotMatch(privacy, /Stripe/, 'no Stripe on a server without it');
    assert.match(privacy, /le prestataire d'envoi d'e-mails/);
  });

  it('with the settings: the operator, its mediator and host phone, Stripe named, and every item the law asks for', async () => {
    const mentions = await page(operator, '/mentions-legales');
    assert.doesNotMatch(mentions, /exemple/i);
    for (const value of ['Metz Séjours SARL', '912 345 678 00011', 'bonjour@metz-sejours.fr', 'OVH SAS', 'Téléphone 09 72 10 10 07'])
      assert.ok(mentions.includes(value), value);
    const cgv = await page(operator, '/cgv');
    assert.doesNotMatch(cgv, /exemple/i);
    assert.match(cgv, /médiateur de la consommation dont nous relevons \(articles L612-1 et L616-1 du Code de la consommation\) : CM2C/);
    assert.match(cgv, /49 rue de Ponthieu, 75008 Paris https:\/\/www\.cm2c\.net/);
    const privacy = await page(operator, '/confidentialite');
    assert.doesNotMatch(privacy, /exemple/i);
    assert.match(privacy, /Stripe \(Stripe Payments Europe, Ltd\., Dublin, Irlande\), notre prestataire de paiement/);
    assert.match(privacy, /Retirer votre consentement .*article 7\.3 du RGPD/);
    assert.match(privacy, /Données obligatoires et facultatives Pour créer un compte : votre nom, votre adresse email et un mot de passe/);
    assert.match(privacy, /Directives après votre décès .*article 85 de la loi n° 78-17 du 6 janvier 1978/);
    assert.match(privacy, /clé « token »/);
    assert.match(privacy, /liens de confirmation de l'adresse email : 48 heures/);
  });
});
