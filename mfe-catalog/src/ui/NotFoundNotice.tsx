import { Link } from 'react-router-dom';
import { TitledSection } from 'shared-kernel';
import './page.css';

/** What an unknown address of the catalogue shows: its h1, why, and one way back. */
export function NotFoundNotice({ title, text, backLabel }: { title: string; text: string; backLabel: string }) {
  return (
    <TitledSection title={title} titleId="cat-not-found-title" level={1} className="cat-not-found" titleClassName="cat-not-found__title">
      <p className="cat-not-found__text">{text}</p>
      <Link className="sk-button sk-button--primary" to="/">
        {backLabel}
      </Link>
    </TitledSection>
  );
}
