import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { GOOGLE_SCRIPT_URL, mesDonneesApi, provideSessionCommands, resetGoogleIdentityForTests, setRuntimeConfig } from 'shared-kernel';
import { installFakeGoogle, removeFakeGoogle } from '../../../tooling/testing/fake-google-identity';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import { httpError } from '../../test/fixtures';
import { DeleteAccountDialog } from './DeleteAccountDialog';

jest.mock('shared-kernel', () => ({
  ...jest.requireActual('shared-kernel'),
  mesDonneesApi: { deleteAccount: jest.fn(), exportText: jest.fn() },
}));

const deleteAccount = jest.mocked(mesDonneesApi.deleteAccount);
const DELETED = 'Votre compte a été supprimé. Vos données personnelles ont été effacées.';

function renderDialog(hasPassword: boolean) {
  return render(
    <MemoryRouter>
      <DeleteAccountDialog open hasPassword={hasPassword} onClose={jest.fn()} />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
}

// jsdom has <dialog> but not its modal methods: opening sets `open`, as a browser does.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

let withdraw: () => void;
const logout = jest.fn(() => Promise.resolve());

beforeEach(() => {
  jest.clearAllMocks();
  resetGoogleIdentityForTests();
  withdraw = provideSessionCommands({ logout, refresh: jest.fn(() => Promise.resolve()) });
  setRuntimeConfig({ googleClientId: 'client-123.apps.googleusercontent.com' });
});

afterEach(() => {
  withdraw();
  removeFakeGoogle();
  document.querySelectorAll(`script[src="${GOOGLE_SCRIPT_URL}"]`).forEach((s) => s.remove());
  setRuntimeConfig({ googleClientId: null });
});

describe('Supprimer mon compte: the confirmation', () => {
  it('asks for the password of an account that has one, and sends it', async () => {
    deleteAccount.mockResolvedValue(DELETED);
    renderDialog(true);
    expect(screen.queryByText(/reconnectez-vous avec Google/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));
    expect(screen.getByRole('alert').textContent).toBe('Saisissez votre mot de passe pour confirmer.');
    expect(deleteAccount).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'Motdepasse-solide-1');
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));
    expect(await screen.findByText(DELETED)).toBeTruthy();
    expect(deleteAccount).toHaveBeenCalledWith({ motDePasse: 'Motdepasse-solide-1' });
  });

  it('confirms a Google-only account with a fresh Google sign-in, and shows the result', async () => {
    const google = installFakeGoogle('Continuer avec Google');
    deleteAccount.mockResolvedValue(DELETED);
    renderDialog(false);
    expect(
      screen.getByText('Votre compte a été créé avec Google : reconnectez-vous avec Google pour confirmer la suppression.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Mot de passe')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Supprimer définitivement' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Continuer avec Google' })).toBeTruthy();
    expect(google.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'client-123.apps.googleusercontent.com', context: 'use' }),
    );
    expect(google.options.locale).toBe('fr');

    await act(async () => google.callback({ credential: 'jeton-google-frais' }));
    expect(await screen.findByText(DELETED)).toBeTruthy();
    expect(deleteAccount).toHaveBeenCalledWith({ googleCredential: 'jeton-google-frais' });
    await userEvent.click(screen.getByRole('button', { name: "Retour à l'accueil" }));
    expect(logout).toHaveBeenCalled();
  });

  it("shows the server's refusal of a Google confirmation and lets the person try again", async () => {
    const google = installFakeGoogle('Continuer avec Google');
    const mismatch =
      'Cette connexion Google ne correspond pas à votre compte, ou date de plus de 10 minutes : votre compte n’a pas été supprimé.';
    deleteAccount.mockRejectedValueOnce(httpError(403, mismatch)).mockResolvedValueOnce(DELETED);
    renderDialog(false);
    await screen.findByRole('button', { name: 'Continuer avec Google' });
    await act(async () => google.callback({ credential: 'jeton-autre-compte' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(mismatch));
    await act(async () => google.callback({ credential: 'jeton-bon-compte' }));
    expect(await screen.findByText(DELETED)).toBeTruthy();
    expect(deleteAccount).toHaveBeenLastCalledWith({ googleCredential: 'jeton-bon-compte' });
  });

  it('points to Mot de passe oublié when Google sign-in is not configured', async () => {
    setRuntimeConfig({ googleClientId: null });
    renderDialog(false);
    expect(screen.getByText(/La connexion avec Google est indisponible pour le moment\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié' }).getAttribute('href')).toBe('/forgot-password');
    expect(document.querySelector(`script[src="${GOOGLE_SCRIPT_URL}"]`)).toBeNull();
  });
});
