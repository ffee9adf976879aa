// A file of its own: the session store starts in 'loading' only once per module registry.
import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, screen } from '@testing-library/react';
import { getSession, sessionWriter } from 'shared-kernel';
import { registerStartupRemotes } from '../federation/remotes';
import { currentLocation, renderApp, sessionClient } from '../testing/render';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

it('waits while the session is loading, then lets the signed-in user in', async () => {
  (loadRemote as jest.Mock).mockResolvedValue({ default: () => <h1>Mon profil distant</h1> });
  registerStartupRemotes({ account: '/mfe/account/mf-manifest.json' });
  expect(getSession().status).toBe('loading');

  renderApp('/profile');
  expect(screen.getByRole('status').textContent).toBe('Chargement…');
  expect(currentLocation()).toBe('/profile');
  expect(screen.queryByRole('link', { name: 'Connexion' })).toBeNull();

  act(() => sessionWriter.signedIn(sessionClient));
  expect(await screen.findByRole('heading', { name: 'Mon profil distant' })).toBeTruthy();
  expect(currentLocation()).toBe('/profile');
});
