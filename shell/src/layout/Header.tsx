/** Site header (spec section 2, DECISIONS 20): logo, content links, account area. */
import { Link, NavLink } from 'react-router-dom';
import { Avatar, getRuntimeConfig, isAdmin, useSession } from 'shared-kernel';
import { AdminMenu } from './AdminMenu';
import { useLogout } from '../session/session';
import { SignedInHeaderSlot } from './HeaderSlots';

export const NAV_LINKS = [
  { to: '/about', label: 'À propos' },
  { to: '/faq', label: 'FAQ' },
  { to: '/loyer-garanti', label: 'Propriétaires' },
] as const;

const navClass = ({ isActive }: { isActive: boolean }) => `sh-nav__link${isActive ? ' sh-nav__link--active' : ''}`;

function AccountArea() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const admin = useSession(isAdmin);
  const logout = useLogout();

  if (status === 'loading') return <div className="sh-account" aria-hidden="true" />;
  if (!user) {
    return (
      <div className="sh-account">
        <NavLink className="sk-button sk-button--primary sk-button--small" to="/login">
          Connexion
        </NavLink>
      </div>
    );
  }
  return (
    <div className="sh-account">
      <SignedInHeaderSlot />
      {admin ? <AdminMenu /> : null}
      <Link className="sh-account__profile" to="/profile" aria-label="Mon profil" title="Mon profil">
        <Avatar name={user.name} photo={user.photo} className="sh-avatar" />
      </Link>
      <button type="button" className="sk-button sk-button--ghost sk-button--small" onClick={() => void logout()}>
        Déconnexion
      </button>
    </div>
  );
}

export function Header() {
  const siteName = getRuntimeConfig().siteName;
  return (
    <header className="sh-header">
      <div className="sh-header__inner">
        <Link className="sh-logo" to="/">
          <svg className="sh-logo__mark" width="28" height="28" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
            <rect width="64" height="64" rx="14" fill="currentColor" />
            <path d="M14 32 32 16l18 16v18a2 2 0 0 1-2 2H38V38H26v14H16a2 2 0 0 1-2-2z" fill="#ffffff" />
          </svg>
          <span className="sh-logo__text">{siteName}</span>
        </Link>
        <nav className="sh-nav" aria-label="Navigation principale">
          <ul className="sh-nav__list">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink className={navClass} to={link.to}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <AccountArea />
      </div>
    </header>
  );
}
