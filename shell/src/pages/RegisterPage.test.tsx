import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authApi } from 'shared-kernel';
import { currentLocation, httpError, renderApp, resetState } from '../testing/render';

jest.mock('shared-kernel', () => ({
  ...jest.requireActual('shared-kernel'),
  authApi: { login: jest.fn(), google: jest.fn(), me: jest.fn(), logout: jest.fn(), register: jest.fn() },
}));
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const register = authApi.register as jest.Mock;

async function fill(values: { name?: string; email?: string; password?: string }) {
  const user = userEvent.setup();
  if (values.name) await user.type(screen.getByLabelText('Nom complet'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Mot de passe'), values.password);
  await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
}

beforeEach(() => {
  resetState();
  jest.clearAllMocks();
});

describe('register page', () => {
  it('shows the form, the password rule and its title', () => {
    renderApp('/register');
    expect(screen.getByRole('heading', { level: 1, name: 'Créer un compte' })).toBeTruthy();
    expect(screen.getByText('Entre 8 et 128 caractères.')).toBeTruthy();
    expect(screen.getByLabelText('Mot de passe').getAttribute('aria-describedby')).toBeTruthy();
    expect(document.title).toBe('Créer un compte | Séjours Messins');
  });

  it('checks the fields before calling the server', async () => {
    renderApp('/register');
    await fill({ email: 'pas-un-email', password: 'court' });
    expect(screen.getByText('Veuillez saisir votre nom complet.')).toBeTruthy();
    expect(screen.getByText('Veuillez saisir une adresse email valide.')).toBeTruthy();
    expect(screen.getByText('Le mot de passe doit contenir au moins 8 caractères.')).toBeTruthy();
    expect(screen.getByLabelText('Nom complet').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Nom complet'));
    expect(register).not.toHaveBeenCalled();
  });

  it('refuses a password over 128 characters', async () => {
    renderApp('/register');
    await fill({ name: 'Marie Dupont', email: 'marie@example.fr', password: 'a'.repeat(129) });
    expect(screen.getByText('Le mot de passe ne peut pas dépasser 128 caractères.')).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });

  it('creates the account and goes to /login with the success message', async () => {
    register.mockResolvedValueOnce(undefined);
    renderApp('/register');
    await fill({ name: '  Marie Dupont ', email: 'marie@example.fr', password: 'motdepasse1' });
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(register).toHaveBeenCalledWith({ nom: 'Marie Dupont', email: 'marie@example.fr', password: 'motdepasse1' });
    expect(screen.getByText('Votre compte a été créé. Vous pouvez maintenant vous connecter.')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('marie@example.fr');
  });

  it('keeps the page being booked through sign-up: back to /login with the same redirect (issue 27)', async () => {
    register.mockResolvedValueOnce(undefined);
    const stay = '/appartement/studio-gare?arrivee=2026-12-14&depart=2026-12-17&adultes=2&enfants=1';
    renderApp(`/register?redirect=${encodeURIComponent(stay)}`);
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(stay)}`);
    await fill({ name: 'Marie Dupont', email: 'marie@example.fr', password: 'motdepasse1' });
    await waitFor(() => expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent(stay)}`));
    expect(screen.getByText('Votre compte a été créé. Vous pouvez maintenant vous connecter.')).toBeTruthy();
  });

  it('drops a foreign redirect rather than carrying it to /login', () => {
    renderApp(`/register?redirect=${encodeURIComponent('//evil.example')}`);
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login');
  });

  it('shows the server message of a 409 (email already used)', async () => {
    register.mockRejectedValueOnce(httpError({ status: 409, message: 'Cet email est déjà utilisé.' }));
    renderApp('/register');
    await fill({ name: 'Marie Dupont', email: 'marie@example.fr', password: 'motdepasse1' });
    expect((await screen.findByText('Cet email est déjà utilisé.')).closest('[role="alert"]')).toBeTruthy();
    expect(currentLocation()).toBe('/register');
  });

  it('shows the server message of a 400', async () => {
    register.mockRejectedValueOnce(httpError({ status: 400, message: 'Le nom est trop long.' }));
    renderApp('/register');
    await fill({ name: 'Marie Dupont', email: 'marie@example.fr', password: 'motdepasse1' });
    expect(await screen.findByText('Le nom est trop long.')).toBeTruthy();
  });

  it.each([
    ['a 500', httpError({ status: 500, message: 'Internal' })],
    ['no response', httpError({ noResponse: true })],
  ])('shows the generic message on %s', async (_case, failure) => {
    register.mockRejectedValueOnce(failure);
    renderApp('/register');
    await fill({ name: 'Marie Dupont', email: 'marie@example.fr', password: 'motdepasse1' });
    expect(await screen.findByText("Une erreur est survenue lors de l'inscription. Veuillez réessayer.")).toBeTruthy();
  });

  it('disables the button while creating the account', async () => {
    register.mockReturnValueOnce(new Promise(() => undefined));
    renderApp('/register');
    await fill({ name: 'Marie Dupont', email: 'marie@example.fr', password: 'motdepasse1' });
    expect(screen.getByRole('button', { name: 'Création en cours...' })).toHaveProperty('disabled', true);
  });
});
