import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authApi } from 'shared-kernel';
import { httpError, renderApp, resetState } from '../testing/render';

jest.mock('shared-kernel', () =>
  jest.requireActual<typeof import('../testing/mocked-auth')>('../testing/mocked-auth').kernelWithMockedAuth(),
);
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const forgotPassword = authApi.forgotPassword as jest.Mock;
const SENT = 'Un email de réinitialisation a été envoyé à votre adresse si elle existe dans notre base de données.';

async function submit(email?: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }));
}

beforeEach(() => {
  resetState();
  jest.clearAllMocks();
});

describe('forgot password page', () => {
  it('requires a valid email before calling the server', async () => {
    renderApp('/forgot-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeTruthy();
    await submit();
    expect(screen.getByText('Veuillez saisir votre adresse email.')).toBeTruthy();
    await submit('pas-un-email');
    expect(screen.getByText('Veuillez saisir une adresse email valide.')).toBeTruthy();
    expect(screen.queryByText(/Un email de réinitialisation/)).toBeNull();
    expect(forgotPassword).not.toHaveBeenCalled();
    expect(document.title).toBe('Mot de passe oublié | Séjours Messins');
  });

  it("sends the email and shows the server's message", async () => {
    forgotPassword.mockResolvedValueOnce(SENT);
    renderApp('/forgot-password');
    await submit('  marie@example.fr ');
    expect(forgotPassword).toHaveBeenCalledWith('marie@example.fr');
    expect(await screen.findByText(SENT)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(SENT);
  });

  it('says when the server cannot be reached', async () => {
    forgotPassword.mockRejectedValueOnce(httpError({ noResponse: true }));
    renderApp('/forgot-password');
    await submit('marie@example.fr');
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de contacter le serveur. Vérifiez votre connexion internet.');
    expect(screen.queryByText(SENT)).toBeNull();
  });

  it("shows the server's own message, e.g. too many requests", async () => {
    forgotPassword.mockRejectedValueOnce(
      httpError({ status: 429, message: 'Trop de demandes. Veuillez réessayer dans quelques minutes.' }),
    );
    renderApp('/forgot-password');
    await submit('marie@example.fr');
    expect((await screen.findByRole('alert')).textContent).toBe('Trop de demandes. Veuillez réessayer dans quelques minutes.');
  });

  it('disables the button while sending', async () => {
    let answer: (message: string) => void = () => undefined;
    forgotPassword.mockReturnValueOnce(new Promise<string>((resolve) => (answer = resolve)));
    renderApp('/forgot-password');
    await submit('marie@example.fr');
    const button = screen.getByRole('button', { name: 'Envoi en cours...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    answer(SENT);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Envoyer le lien de réinitialisation' })).toBeTruthy());
  });

  it('"Retour à la connexion" keeps the page being booked (issue 27)', () => {
    const stay = '/appartement/studio-gare?arrivee=2026-12-14&depart=2026-12-17&adultes=2&enfants=0';
    renderApp(`/forgot-password?redirect=${encodeURIComponent(stay)}`);
    expect(screen.getByRole('link', { name: 'Retour à la connexion' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(stay)}`,
    );
  });
});
