import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { sessionWriter } from 'shared-kernel';
import { HomeBanner } from './HomeBanner';

// This file starts with a fresh session store, still restoring the session ('loading').
it('says nothing about the visitor until the session is known, then greets', () => {
  render(
    <MemoryRouter>
      <HomeBanner />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Bienvenue sur Séjours Messins' })).toBeTruthy();
  expect(screen.queryByText("Vous n'êtes pas connecté.")).toBeNull();
  expect(screen.queryByText(/^Bonjour/)).toBeNull();

  act(() => sessionWriter.signedIn({ id: 3, name: 'Hugo', email: 'hugo@example.fr', role: 'client', photo: null, googleId: null }));
  expect(screen.getByText('Bonjour, Hugo !')).toBeTruthy();

  act(() => sessionWriter.signedOut());
  expect(screen.getByText("Vous n'êtes pas connecté.")).toBeTruthy();
  expect(screen.queryByText('Bonjour, Hugo !')).toBeNull();
});
