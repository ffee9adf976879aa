/** Route guards: signed-in user, or admin (spec section 6). Unknown session: wait. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner, useSession } from 'shared-kernel';
import { loginPathFor } from '../auth/redirect';
import { useSigningOut } from '../session/session';

function useGuard(allowed: (role: string) => boolean): ReactNode | null {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const signingOut = useSigningOut();
  const location = useLocation();
  if (status === 'loading' || signingOut) return <Spinner />;
  const to = loginPathFor(`${location.pathname}${location.search}`);
  if (!user) return <Navigate to={to} replace />;
  // A signed-in user without the right role stays on /login, invited to use an admin account.
  if (!allowed(user.role)) return <Navigate to={to} replace state={{ adminRequired: true }} />;
  return null;
}

export function RequireUser({ children }: { children: ReactNode }) {
  const blocked = useGuard(() => true);
  return <>{blocked ?? children}</>;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const blocked = useGuard((role) => role === 'admin');
  return <>{blocked ?? children}</>;
}
