/**
 * Reservations, profiles and failures as the API and axios give them, for the account pages' tests:
 * the builders every package shares (tooling/testing/fixtures.ts) and the account's own people.
 */
import type { SessionUser } from 'shared-kernel';
import { SESSION_ADMIN, SESSION_CLIENT, sessionUser } from '../../tooling/testing/fixtures';

export { httpError, networkError, profile, reservation } from '../../tooling/testing/fixtures';

export const owner: SessionUser = SESSION_CLIENT;
export const otherClient: SessionUser = sessionUser({
  id: 8,
  nom: 'Hugo Martin',
  email: 'hugo@example.fr',
  role: 'client',
  photo: null,
  googleId: null,
});
export const admin: SessionUser = SESSION_ADMIN;
