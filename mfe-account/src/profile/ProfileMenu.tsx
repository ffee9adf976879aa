import { Link } from 'react-router-dom';
import './profile.css';

/**
 * The profile's entries (spec section 2): personal information (brings the info cards into view),
 * Messages (DECISIONS 17: /messagerie), and two entries that lead nowhere yet, shown as such.
 */
export function ProfileMenu({ onShowInfo }: { onShowInfo: () => void }) {
  return (
    <nav className="acc-menu" aria-label="Rubriques du compte">
      <ul className="acc-menu__list">
        <li>
          <button type="button" className="sk-row-button acc-menu__item" onClick={onShowInfo}>
            Informations personnelles
          </button>
        </li>
        <li>
          <Link className="sk-row-button acc-menu__item" to="/messagerie">
            Messages
          </Link>
        </li>
        <li className="sk-row-button acc-menu__item acc-menu__item--inactive">
          <span>Historique des réservations</span>
          <span className="acc-menu__soon">Bientôt disponible</span>
        </li>
        <li className="sk-row-button acc-menu__item acc-menu__item--inactive">
          <span>Moyens de paiement</span>
          <span className="acc-menu__soon">Bientôt disponible</span>
        </li>
      </ul>
    </nav>
  );
}
