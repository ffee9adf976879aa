import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authApi } from 'shared-kernel';
import { currentLocation, httpError, renderApp, resetState } from '../testing/render';

jest.mock('shared-kernel', () =>
  jest.requireActual<typeof import('../testing/mocked-auth')>('../testing/mocked-auth').kernelWithMockedAuth(),
);
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const resetPassword = authApi.resetPassword as jest.Mock;
const TOKEN = 'abcDEF123_-xyz';
const DONE = 'Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.';
const INVALID = 'Ce lien de réinitialisation est invalide ou a expiré.';

async function fill(password: string, confirmation: string) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText('Nouveau mot de passe'), password);
  if (confirmation) await user.type(screen.getByLabelText('Confirmer le mot de passe'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Changer mon mot de passe' }));
  return user;
}

beforeEach(() => {
  resetState();
  jest.clearAllMocks();
});

describe('reset password page', () => {
  it('shows the two fields, the rule and its title', () => {
    renderApp(`/reset-password/${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Choisir un nouveau mot de passe' })).toBeTruthy();
    expect((screen.getByLabelText('Nouveau mot de passe') as HTMLInputElement).type).toBe('password');
    expect((screen.getByLabelText('Confirmer le mot de passe') as HTMLInputElement).type).toBe('password');
    expect(screen.getByText('Entre 8 et 128 caractères.')).toBeTruthy();
    expect(document.title).toBe('Nouveau mot de passe | Séjours Messins');
  });

  it('refuses two different passwords', async () => {
    renderApp(`/reset-password/${TOKEN}`);
    await fill('motdepasse1', 'motdepasse2');
    expect(screen.getByText('Les mots de passe ne correspondent pas.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Confirmer le mot de passe'));
    expect(resetPassword).not.toHaveBeenCalled();
  });

  it('applies the 8-to-128 rule', async () => {
    renderApp(`/reset-password/${TOKEN}`);
    await fill('court', 'court');
    expect(screen.getByText('Le mot de passe doit contenir au moins 8 caractères.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Nouveau mot de passe'));
    expect(resetPassword).not.toHaveBeenCalled();
  });

  it("changes the password with the link's token, then offers to sign in", async () => {
    resetPassword.mockResolvedValueOnce(DONE);
    renderApp(`/reset-password/${TOKEN}`);
    const user = await fill('nouveau-secret', 'nouveau-secret');
    expect(resetPassword).toHaveBeenCalledWith(TOKEN, 'nouveau-secret');
    expect((await screen.findByRole('status')).textContent).toBe(DONE);
    expect(screen.queryByLabelText('Nouveau mot de passe')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Se connecter' }));
    expect(currentLocation()).toBe('/login');
  });

  it('shows why an invalid or expired link failed, with a link to ask for a new one', async () => {
    resetPassword.mockRejectedValueOnce(httpError({ status: 400, message: INVALID }));
    renderApp(`/reset-password/${TOKEN}`);
    const user = await fill('nouveau-secret', 'nouveau-secret');
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    expect(screen.queryByRole('button', { name: 'Changer mon mot de passe' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Demander un nouveau lien' }));
    expect(currentLocation()).toBe('/forgot-password');
  });

  it('keeps the form when the server cannot be reached', async () => {
    resetPassword.mockRejectedValueOnce(httpError({ noResponse: true }));
    renderApp(`/reset-password/${TOKEN}`);
    await fill('nouveau-secret', 'nouveau-secret');
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de contacter le serveur. Vérifiez votre connexion internet.');
    expect(screen.getByRole('button', { name: 'Changer mon mot de passe' })).toBeTruthy();
  });

  it('is a page of the site only with a token', () => {
    renderApp('/reset-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeTruthy();
  });
});
