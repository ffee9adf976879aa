import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { http } from 'shared-kernel';
import { OWNER_LEAD_CONSENT } from 'shared-kernel';
import { CONSENT_REQUIRED, EMAIL_INVALID, NOM_REQUIRED, OWNER_FORM_SENT_MESSAGE } from '../content/ownerForm';
import { OWNER_FAQ } from '../content/ownersData';
import OwnersPage from './OwnersPage';
import { QueryWrapper } from '../../../tooling/testing/query-client';

function renderOwners(path = '/loyer-garanti') {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <OwnersPage />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
  return user;
}

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label);
}

function submitButton(): HTMLElement {
  return screen.getByRole('button', { name: 'Demander une estimation gratuite' });
}

const originalFetch = globalThis.fetch;
let alertSpy: jest.SpyInstance;
let fetchSpy: jest.Mock;
let networkSpies: jest.SpyInstance[];

beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  fetchSpy = jest.fn(() => Promise.reject(new Error('no network in this test')));
  globalThis.fetch = fetchSpy as unknown as typeof fetch;
  networkSpies = [
    jest.spyOn(http, 'request'),
    jest.spyOn(http, 'post'),
    jest.spyOn(http, 'get'),
    jest.spyOn(http, 'put'),
    jest.spyOn(XMLHttpRequest.prototype, 'open'),
  ];
});

afterEach(() => {
  jest.restoreAllMocks();
  globalThis.fetch = originalFetch;
});

function expectNoNetworkCall() {
  expect(fetchSpy).not.toHaveBeenCalled();
  for (const spy of networkSpies) expect(spy).not.toHaveBeenCalled();
}

it('sets the page title and description, with the hero as the one h1', () => {
  renderOwners();
  expect(document.title).toBe('Propriétaires : loyer garanti à Metz | Séjours Messins');
  expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/loyer garanti/);
  expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Louez votre appartement à Metz, loyer garanti']);
  const hero = screen.getByRole('region', { name: 'Louez votre appartement à Metz, loyer garanti' });
  expect(hero.textContent).toMatch(/bail meublé d’un an renouvelable/);
  expect(hero.textContent).toMatch(/loyer garanti/);
  expect(hero.textContent).toMatch(/aucuns frais de gestion/);
  expect(hero.textContent).toMatch(/jusqu’à 30% de revenus en plus/);
});

it('shows the sections in order under one h1', () => {
  renderOwners('/proprietaires');
  expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
    'Ils nous confient leur appartement',
    'Comment ça marche ?',
    'Vos avantages',
    'Questions fréquentes des propriétaires',
    'Demandez votre estimation gratuite',
  ]);
});

it("shows the spec's owner figures exactly", () => {
  renderOwners();
  expect(screen.getByText('1300')).toBeTruthy();
  expect(screen.getByText('98%')).toBeTruthy();
  expect(screen.getByText('Réponse sous 24h')).toBeTruthy();
  expect(screen.getByText('propriétaires nous font confiance')).toBeTruthy();
  expect(screen.getByText('de satisfaction')).toBeTruthy();
});

it('shows two owner testimonials with a name, a Metz neighbourhood and a quote', () => {
  renderOwners();
  const list = screen.getByRole('list', { name: 'Témoignages de propriétaires' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  for (const item of items) {
    expect(item.querySelector('blockquote')?.textContent?.length ?? 0).toBeGreaterThan(40);
    expect(item.querySelector('figcaption')?.textContent).toMatch(/^[A-ZÉ][a-zé]+ [A-Z]\.Propriétaire, .+, Metz$/);
  }
  expect(screen.getByText('Nathalie B.')).toBeTruthy();
  expect(screen.getByText('Marc D.')).toBeTruthy();
});

it('shows the four steps in order, each with a sentence', () => {
  renderOwners();
  const steps = within(screen.getByRole('region', { name: 'Comment ça marche ?' })).getAllByRole('listitem');
  expect(steps.map((li) => li.querySelector('h3')?.textContent)).toEqual([
    'Estimation gratuite',
    'Rendez-vous',
    'Shooting photo',
    'Location active',
  ]);
  steps.forEach((li, index) => {
    expect(li.querySelector('.cat-steps__number')?.textContent).toBe(`Étape ${index + 1}`);
    expect(li.querySelector('p')?.textContent?.length ?? 0).toBeGreaterThan(40);
  });
});

it('shows the four advantages', () => {
  renderOwners();
  const advantages = within(screen.getByRole('region', { name: 'Vos avantages' })).getAllByRole('heading', { level: 3 });
  expect(advantages.map((h) => h.textContent)).toEqual([
    'Loyer garanti',
    'Aucuns frais de gestion',
    'Entretien et ménage inclus',
    'Jusqu’à 30% de revenus en plus',
  ]);
});

it('has an owner FAQ accordion that opens and closes with the keyboard', async () => {
  const user = renderOwners();
  const faq = within(screen.getByRole('region', { name: 'Questions fréquentes des propriétaires' }));
  const buttons = faq.getAllByRole('button');
  expect(buttons.map((b) => b.textContent)).toEqual(OWNER_FAQ.map((q) => q.question));
  expect(buttons.length).toBeGreaterThanOrEqual(4);
  expect(buttons.length).toBeLessThanOrEqual(5);
  const first = buttons[0] as HTMLElement;
  const panel = document.getElementById(first.getAttribute('aria-controls') ?? '');
  expect(panel?.hidden).toBe(true);
  first.focus();
  await user.keyboard('{Enter}');
  expect(first.getAttribute('aria-expanded')).toBe('true');
  expect(panel?.hidden).toBe(false);
  expect(panel?.textContent).toMatch(/bail meublé d’un an, renouvelable/);
  await user.keyboard(' ');
  expect(first.getAttribute('aria-expanded')).toBe('false');
});

it('has a labelled form: nom and email required, prenom and message optional', () => {
  renderOwners();
  const form = screen.getByRole('form', { name: 'Demandez votre estimation gratuite' });
  expect(form).toBeTruthy();
  expect(field('Nom').required).toBe(true);
  expect(field('Nom').name).toBe('nom');
  expect(field('Prénom').required).toBe(false);
  expect(field('Prénom').name).toBe('prenom');
  expect(field('Email').required).toBe(true);
  expect(field('Email').type).toBe('email');
  expect(field('Email').name).toBe('email');
  expect((screen.getByLabelText('Message') as HTMLTextAreaElement).required).toBe(false);
  expect(submitButton().getAttribute('type')).toBe('submit');
});

it('refuses an empty email: French error on the field, no alert, no call', async () => {
  const user = renderOwners();
  await user.type(field('Nom'), 'Durand');
  await user.click(submitButton());
  expect(screen.getByText(EMAIL_INVALID)).toBeTruthy();
  expect(EMAIL_INVALID).toBe('Veuillez indiquer une adresse email valide.');
  expect(field('Email').getAttribute('aria-invalid')).toBe('true');
  expect(field('Email').getAttribute('aria-describedby')).toBe(screen.getByText(EMAIL_INVALID).id);
  expect(document.activeElement).toBe(field('Email'));
  expect(screen.queryByText(NOM_REQUIRED)).toBeNull();
  expect(alertSpy).not.toHaveBeenCalled();
  expectNoNetworkCall();
});

it('refuses an invalid email', async () => {
  const user = renderOwners();
  await user.type(field('Nom'), 'Durand');
  await user.type(field('Email'), 'claire@');
  await user.click(submitButton());
  expect(screen.getByText('Veuillez indiquer une adresse email valide.')).toBeTruthy();
  expect(alertSpy).not.toHaveBeenCalled();
  expectNoNetworkCall();
});

it('refuses an empty nom, and shows both errors when both are missing', async () => {
  const user = renderOwners();
  await user.type(field('Email'), 'claire@example.fr');
  await user.click(submitButton());
  expect(screen.getByText('Veuillez indiquer votre nom.')).toBeTruthy();
  expect(field('Nom').getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(field('Nom'));
  expect(alertSpy).not.toHaveBeenCalled();

  await user.clear(field('Email'));
  await user.click(submitButton());
  expect(screen.getByText(NOM_REQUIRED)).toBeTruthy();
  expect(screen.getByText(EMAIL_INVALID)).toBeTruthy();
  expect(alertSpy).not.toHaveBeenCalled();
  expectNoNetworkCall();
});

it('clears an error once the field is corrected', async () => {
  const user = renderOwners();
  await user.click(submitButton());
  expect(screen.getByText(NOM_REQUIRED)).toBeTruthy();
  await user.type(field('Nom'), 'Durand');
  expect(screen.queryByText(NOM_REQUIRED)).toBeNull();
  expect(field('Nom').getAttribute('aria-invalid')).toBeNull(); // the kit leaves the attribute out when a field is not in error
  expect(screen.getByText(EMAIL_INVALID)).toBeTruthy();
});

function acceptConsent(user: ReturnType<typeof userEvent.setup>) {
  return user.click(screen.getByRole('checkbox', { name: OWNER_LEAD_CONSENT }));
}

it('requires the consent checkbox, whose text is the one the server stores', async () => {
  const user = renderOwners();
  await user.type(field('Nom'), 'Durand');
  await user.type(field('Email'), 'c@d.fr');
  await user.click(submitButton());
  expect(screen.getByText(CONSENT_REQUIRED)).toBeTruthy();
  const box = screen.getByRole('checkbox', { name: OWNER_LEAD_CONSENT });
  expect(document.activeElement).toBe(box);
  expect(box.getAttribute('aria-invalid')).toBe('true');
  expectNoNetworkCall();
});

it('sends a valid request to the API, thanks the visitor with an alert and empties the form', async () => {
  const post = (jest.spyOn(http, 'post') as jest.SpyInstance).mockResolvedValue({ data: { message: OWNER_FORM_SENT_MESSAGE } });
  const user = renderOwners();
  await user.type(field('Nom'), ' Durand ');
  await user.type(field('Prénom'), 'Claire');
  await user.type(field('Email'), 'claire.durand@example.fr');
  await user.type(screen.getByLabelText('Message'), 'T2 de 45 m² à Outre-Seille');
  await acceptConsent(user);
  await user.click(submitButton());

  expect(post).toHaveBeenCalledTimes(1);
  expect(post).toHaveBeenCalledWith('/proprietaires/demandes', {
    nom: 'Durand',
    prenom: 'Claire',
    email: 'claire.durand@example.fr',
    message: 'T2 de 45 m² à Outre-Seille',
    consentement: true,
  });
  expect(alertSpy).toHaveBeenCalledTimes(1);
  expect(alertSpy).toHaveBeenCalledWith(OWNER_FORM_SENT_MESSAGE);
  expect(OWNER_FORM_SENT_MESSAGE).toBe(
    'Merci pour votre demande ! Notre équipe vous recontacte sous 24h avec une estimation de votre loyer garanti.',
  );
  expect(field('Nom').value).toBe('');
  expect(screen.queryByText(NOM_REQUIRED)).toBeNull();
});

it('shows the server’s reason when the request is refused, and keeps what was typed', async () => {
  jest.spyOn(http, 'post').mockRejectedValue(
    Object.assign(new Error('429'), {
      isAxiosError: true,
      response: { status: 429, data: { message: 'Trop de demandes envoyées depuis cette adresse. Veuillez réessayer plus tard.' } },
    }),
  );
  const user = renderOwners();
  await user.type(field('Nom'), 'Durand');
  await user.type(field('Email'), 'c@d.fr');
  await acceptConsent(user);
  await user.keyboard('{Enter}');
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Trop de demandes envoyées depuis cette adresse. Veuillez réessayer plus tard.',
  );
  expect(alertSpy).not.toHaveBeenCalled();
  expect(field('Nom').value).toBe('Durand');
});

it('has a honeypot field hidden from people and assistive technologies', () => {
  renderOwners();
  const trap = document.querySelector('input[name="siteWeb"]') as HTMLInputElement;
  expect(trap.tabIndex).toBe(-1);
  expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
});

it('the hero link leads to the form and moves the focus to its title', async () => {
  const user = renderOwners();
  const link = screen.getByRole('link', { name: 'Estimer mon loyer gratuitement' });
  expect(link.getAttribute('href')).toBe('#cat-owners-form-title');
  await user.click(link);
  expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Demandez votre estimation gratuite' }));
});
