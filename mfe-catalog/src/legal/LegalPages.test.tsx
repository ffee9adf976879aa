import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { http, type LegalInfo } from 'shared-kernel';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import CgvPage from './CgvPage';
import ConfidentialitePage from './ConfidentialitePage';
import MentionsLegalesPage from './MentionsLegalesPage';

// The legal pages' query reads GET /legal through the kernel's client: replacing it replaces the network.
const get = jest.spyOn(http, 'get') as unknown as jest.Mock;

/** What a server without any LEGAL_* setting answers (api/src/modules/legal/settings.ts). */
const DEMO: LegalInfo = {
  exemple: true,
  exemples: [
    'editeur.nom',
    'editeur.contact',
    'hebergeur.nom',
    'hebergeur.telephone',
    'mediateur.nom',
    'mediateur.site',
    'responsableTraitement.contact',
  ],
  editeur: {
    nom: 'Séjours Messins SAS (exemple)',
    formeJuridique: 'SAS (exemple)',
    capital: '10 000 € (exemple)',
    adresse: '1 place d’Armes, 57000 Metz (exemple)',
    rcs: 'RCS (exemple)',
    siret: '000 (exemple)',
    tva: 'FR00 (exemple)',
    directeurPublication: 'Camille Exemple (exemple)',
    contact: 'contact@sejours-messins.example',
    telephone: '03 00 00 00 00 (exemple)',
  },
  hebergeur: {
    nom: 'Hébergeur Exemple SAS (exemple)',
    adresse: 'Paris (exemple)',
    contact: 'https://h.example (exemple)',
    telephone: '01 00 00 00 00 (exemple)',
  },
  mediateur: { nom: 'Médiateur Exemple (exemple)', site: 'https://mediateur.example', adresse: 'Paris (exemple)' },
  responsableTraitement: { nom: 'Séjours Messins SAS (exemple)', adresse: 'Metz (exemple)', contact: 'contact@sejours-messins.example' },
  destinataires: { stripe: false, google: false },
};

const OPERATOR: LegalInfo = {
  exemple: false,
  exemples: [],
  editeur: {
    nom: 'Metz Séjours SARL',
    formeJuridique: 'SARL',
    capital: '5 000 €',
    adresse: '12 rue Taison, 57000 Metz',
    rcs: 'RCS Metz 912 345 678',
    siret: '912 345 678 00011',
    tva: 'FR12 912345678',
    directeurPublication: 'Hélène Girard',
    contact: 'bonjour@metz-sejours.fr',
    telephone: '03 87 00 11 22',
  },
  hebergeur: {
    nom: 'OVH SAS',
    adresse: '2 rue Kellermann, 59100 Roubaix',
    contact: 'https://www.ovhcloud.com',
    telephone: '09 72 10 10 07',
  },
  mediateur: { nom: 'CM2C', site: 'https://www.cm2c.net', adresse: '49 rue de Ponthieu, 75008 Paris' },
  responsableTraitement: { nom: 'Metz Séjours SARL', adresse: '12 rue Taison, 57000 Metz', contact: 'dpo@metz-sejours.fr' },
  destinataires: { stripe: true, google: true },
};

function show(page: ReactElement, answer: LegalInfo) {
  get.mockResolvedValueOnce({ data: answer });
  render(<MemoryRouter>{page}</MemoryRouter>, { wrapper: QueryWrapper });
}

const fact = (term: string) => screen.getAllByText(term, { selector: 'dt' }).map((dt) => dt.nextElementSibling?.textContent);

beforeEach(() => get.mockReset());

describe('legal pages on demonstration values', () => {
  it('marks every example « exemple », the addresses and links too', async () => {
    show(<MentionsLegalesPage />, DEMO);
    await screen.findByRole('heading', { level: 2, name: 'Hébergeur' });
    expect(fact('Contact')[0]).toBe('contact@sejours-messins.example (exemple)');
    expect(screen.getByRole('link', { name: 'contact@sejours-messins.example' }).getAttribute('href')).toBe(
      'mailto:contact@sejours-messins.example',
    );
    expect(fact('Téléphone')).toEqual(['03 00 00 00 00 (exemple)', '01 00 00 00 00 (exemple)']);
    // A value whose text says it already is not marked twice.
    expect(fact('Raison sociale')).toEqual(['Séjours Messins SAS (exemple)']);
  });

  it('names the mediator of L616-1 with its site marked', async () => {
    show(<CgvPage />, DEMO);
    const mediator = await screen.findByRole('list', { name: 'Médiateur de la consommation' });
    expect(
      within(mediator)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Médiateur Exemple (exemple)', 'Paris (exemple)', 'https://mediateur.example (exemple)']);
    expect(screen.getByText(/L612-1 et L616-1 du Code de la consommation/)).toBeTruthy();
  });

  it('names neither Stripe nor Google when the server uses neither', async () => {
    show(<ConfidentialitePage />, DEMO);
    const recipients = await screen.findByRole('list', { name: 'Destinataires' });
    expect(recipients.textContent).not.toMatch(/Stripe|Google|paiement/);
    expect(within(recipients).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('legal pages of a configured operator', () => {
  it('shows the operator without any « exemple », the host with its phone', async () => {
    show(<MentionsLegalesPage />, OPERATOR);
    await screen.findByRole('heading', { level: 2, name: 'Hébergeur' });
    expect(screen.queryByText(/exemple/i)).toBeNull();
    expect(fact('Téléphone')).toEqual(['03 87 00 11 22', '09 72 10 10 07']);
    expect(fact('Nom')).toEqual(['OVH SAS']);
  });

  it('privacy: Stripe and Google named, mandatory data, withdrawing consent, post-mortem directives, the token in the browser', async () => {
    show(<ConfidentialitePage />, OPERATOR);
    const recipients = await screen.findByRole('list', { name: 'Destinataires' });
    expect(recipients.textContent).toMatch(/Stripe \(Stripe Payments Europe, Ltd\., Dublin, Irlande\)/);
    expect(recipients.textContent).toMatch(/Google, uniquement si vous choisissez/);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
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
    const postMortem = screen.getByRole('region', { name: 'Directives après votre décès' });
    expect(postMortem.textContent).toMatch(/article 85 de la loi n° 78-17 du 6 janvier 1978/);
    expect(within(postMortem).getByRole('link', { name: 'dpo@metz-sejours.fr' }).getAttribute('href')).toBe('mailto:dpo@metz-sejours.fr');
    expect(screen.getByRole('region', { name: 'Retirer votre consentement' }).textContent).toMatch(/article 7\.3 du RGPD/);
    expect(screen.getByRole('region', { name: 'Cookies' }).textContent).toMatch(/clé « token »/);
    expect(screen.queryByText(/exemple/i)).toBeNull();
  });
});
