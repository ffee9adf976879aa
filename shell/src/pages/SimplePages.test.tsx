import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authApi } from 'shared-kernel';
import { renderApp, resetState } from '../testing/render';

jest.mock('shared-kernel', () => ({
  ...jest.requireActual('shared-kernel'),
  authApi: { login: jest.fn(), google: jest.fn(), me: jest.fn(), logout: jest.fn(), register: jest.fn() },
}));
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

beforeEach(() => {
  resetState();
  jest.clearAllMocks();
});

describe('forgot password page', () => {
  it('requires the email', async () => {
    renderApp('/forgot-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }));
    expect(screen.getByText('Veuillez saisir votre adresse email.')).toBeTruthy();
    expect(screen.queryByText(/Un email de réinitialisation/)).toBeNull();
  });

  it('shows the confirmation without any call', async () => {
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'marie@example.fr');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }));
    expect(
      screen.getByText('Un email de réinitialisation a été envoyé à votre adresse si elle existe dans notre base de données.'),
    ).toBeTruthy();
    Object.values(authApi).forEach((call) => expect(call).not.toHaveBeenCalled());
    expect(document.title).toBe('Mot de passe oublié | Séjours Messins');
  });
});

describe('not found page', () => {
  it.each(['/nimporte-quoi', '/appartement/a/b/c'])('shows the 404 texts for %s', (path) => {
    renderApp(path);
    expect(screen.getByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeTruthy();
    expect(screen.getByText("Désolé, la page que vous recherchez n'existe pas ou a été déplacée.")).toBeTruthy();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Page non trouvée | Séjours Messins');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      "Désolé, la page que vous recherchez n'existe pas ou a été déplacée.",
    );
  });
});
