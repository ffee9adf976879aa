/**
 * Header fragment (shell, signed in): the 'Messagerie' link with the unread badge — the count, 9+
 * above 9, hidden at 0 (spec sections 2 and 9). It looks like the shell's other header links.
 */
import { NavLink } from 'react-router-dom';
import { useRealtime } from '../realtime/hooks';
import { UnreadBadge, withUnread } from '../ui/UnreadBadge';
import '../ui/header.css';

const linkClass = ({ isActive }: { isActive: boolean }) => `sh-nav__link msg-header-link${isActive ? ' sh-nav__link--active' : ''}`;

export default function HeaderLink() {
  const unread = useRealtime((state) => state.unread);
  return (
    <NavLink className={linkClass} to="/messagerie" aria-label={withUnread('Messagerie', unread)}>
      Messagerie
      <UnreadBadge count={unread} className="msg-header-link__badge" />
    </NavLink>
  );
}
