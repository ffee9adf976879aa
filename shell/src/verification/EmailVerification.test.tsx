import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authApi, getSession, sessionWriter, storeToken } from 'shared-kernel';
import { restoreSession } from '../session/session';
import { apiClient, httpError, renderApp, resetState, sessionClient } from '../testing/render';

jest.mock('shared-kernel', () =>
  jest
    .requireActual<typeof import('../testing/mocked-auth')>('../testing/mocked-auth')
    .kernelWithMockedAuth(['verifyEmail', 'resendVerification']),
);
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const verifyEmail = authApi.verifyEmail as jest.Mock;
const resendVerification = authApi.resendVerification as jest.Mock;
const me = authApi.me as jest.Mock;

const VERIFIED = 'Votre adresse email est vérifiée. Merci !';
const INVALID = 'Ce lien de vérification est invalide, a déjà servi ou a expiré. Demandez-en un nouveau.';
const banner = () => screen.queryByRole('region', { name: 'Confirmez votre adresse email' });

beforeEach(() => {
  resetState();
  jest.clearAllMocks();
});

describe('reminder banner of an unverified address', () => {
  it('is shown to an unverified account, with its address, and resends the link', async () => {
    sessionWriter.signedIn({ ...sessionClient, emailVerifie: false });
    resendVerification.mockResolvedValueOnce('Un nouveau lien de vérification vous a été envoyé.');
    renderApp('/forgot-password');
    const region = banner()!;
    expect(within(region).getByText(/Nous avons envoyé un lien de confirmation à marie@example\.fr/)).toBeTruthy();
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Renvoyer le lien' }));
    expect(resendVerification).toHaveBeenCalledTimes(1);
    expect((await within(region).findByRole('status')).textContent).toBe('Un nouveau lien de vérification vous a été envoyé.');
  });

  it("shows the server's French refusal when links were asked too often", async () => {
    sessionWriter.signedIn({ ...sessionClient, emailVerifie: false });
    resendVerification.mockRejectedValueOnce(
      httpError({ status: 429, message: 'Trop de liens demandés. Veuillez réessayer dans quelques minutes.' }),
    );
    renderApp('/forgot-password');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Renvoyer le lien' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Trop de liens demandés. Veuillez réessayer dans quelques minutes.');
  });

  it('is not shown to a verified account nor to a visitor', () => {
    sessionWriter.signedIn({ ...sessionClient, emailVerifie: true });
    const { unmount } = renderApp('/forgot-password');
    expect(banner()).toBeNull();
    unmount();
    sessionWriter.signedOut();
    renderApp('/forgot-password');
    expect(banner()).toBeNull();
  });
});

describe('/verifier-email/:token', () => {
  it('follows the link, says so in French, and the session is verified at once', async () => {
    sessionWriter.signedIn({ ...sessionClient, emailVerifie: false });
    verifyEmail.mockResolvedValueOnce(VERIFIED);
    me.mockResolvedValueOnce({ ...apiClient, emailVerifie: true });
    renderApp('/verifier-email/jeton-du-lien-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Confirmation de votre adresse email' })).toBeTruthy();
    expect(await screen.findByText(VERIFIED)).toBeTruthy();
    expect(verifyEmail).toHaveBeenCalledWith('jeton-du-lien-1');
    // The session knows at once: the reminder banner is gone from every page.
    await waitFor(() => expect(getSession().user?.emailVerifie).toBe(true));
    expect(me).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Voir mon profil' }).getAttribute('href')).toBe('/profile');
    expect(document.title).toBe('Confirmation de l’adresse email | Séjours Messins');
  });

  it('on a fresh load, refreshes the session once restored when the verification answers first', async () => {
    // The restore's answer was read before the link was verified: it still says "not verified".
    let answerRestore: (user: unknown) => void = () => undefined;
    me.mockReturnValueOnce(new Promise((resolve) => (answerRestore = resolve)));
    me.mockResolvedValueOnce({ ...apiClient, emailVerifie: true });
    verifyEmail.mockResolvedValueOnce(VERIFIED);
    storeToken('jeton-de-session', false);
    const restored = restoreSession();
    renderApp('/verifier-email/jeton-du-lien-5');
    await waitFor(() => expect(verifyEmail).toHaveBeenCalledWith('jeton-du-lien-5'));
    expect(getSession().status).toBe('loading');
    await act(async () => {
      answerRestore({ ...apiClient, emailVerifie: false });
      await restored;
    });
    expect(await screen.findByText(VERIFIED)).toBeTruthy();
    await waitFor(() => expect(getSession().user?.emailVerifie).toBe(true));
    expect(me).toHaveBeenCalledTimes(2);
    expect(banner()).toBeNull();
  });

  it('says when the link is used or expired, and offers a new one to the signed-in account', async () => {
    sessionWriter.signedIn({ ...sessionClient, emailVerifie: false });
    verifyEmail.mockRejectedValueOnce(httpError({ status: 400, message: INVALID }));
    resendVerification.mockResolvedValueOnce('Un nouveau lien de vérification vous a été envoyé.');
    renderApp('/verifier-email/jeton-du-lien-2');
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    expect(banner()).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Renvoyer le lien' }));
    expect(await screen.findByText('Un nouveau lien de vérification vous a été envoyé.')).toBeTruthy();
  });

  it('asks a visitor to sign in for a new link', async () => {
    verifyEmail.mockRejectedValueOnce(httpError({ status: 400, message: INVALID }));
    renderApp('/verifier-email/jeton-du-lien-3');
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login');
  });

  it('says when the server cannot be reached', async () => {
    verifyEmail.mockRejectedValueOnce(httpError({ noResponse: true }));
    renderApp('/verifier-email/jeton-du-lien-4');
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de contacter le serveur. Vérifiez votre connexion internet.');
  });
});
