/**
 * Site footer: content links and the copyright with the current year. Nothing in it reacts to the
 * visitor, so a server-rendered page keeps the server's footer as it is (`StaticHtml`): its links
 * still navigate within the site.
 */
import { Link } from 'react-router-dom';
import { getRuntimeConfig, StaticHtml } from 'shared-kernel';

export const FOOTER_LINKS = [
  { to: '/about', label: 'À propos' },
  { to: '/faq', label: 'FAQ' },
  { to: '/loyer-garanti', label: 'Propriétaires' },
  { to: '/mentions-legales', label: 'Mentions légales' },
  { to: '/cgv', label: 'CGV' },
  { to: '/confidentialite', label: 'Confidentialité' },
] as const;

export function Footer() {
  const siteName = getRuntimeConfig().siteName;
  const year = new Date().getFullYear();
  return (
    <StaticHtml as="footer" className="sh-footer">
      <div className="sk-cluster sk-cluster--between sk-gap-4 sh-footer__inner">
        <nav aria-label="Liens du pied de page">
          <ul className="sk-list sh-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link className="sh-footer__link" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="sh-footer__copyright">{`© ${year} ${siteName}. Tous droits réservés.`}</p>
      </div>
    </StaticHtml>
  );
}
