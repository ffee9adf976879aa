import type { ReactNode } from 'react';
import { Spinner, type LegalInfo, Alert, usePageMeta } from 'shared-kernel';
import { useLegalInfo } from './useLegalInfo';
import '../content/content.css';
import './legal.css';
import { ContentSection, PageHero } from '../content/ContentSection';

/**
 * The frame of a legal page: its head (title and description) and h1, then its text once the
 * configured details have arrived.
 */
export function LegalLayout({
  id,
  title,
  description,
  lead,
  children,
}: {
  id: string;
  title: string;
  description: string;
  lead: ReactNode;
  children: (info: LegalInfo) => ReactNode;
}) {
  usePageMeta(title, description);
  const state = useLegalInfo();
  return (
    <div className="sk-page cat-content cat-legal">
      <PageHero id={id} title={title}>
        <p className="cat-page-hero__lead">{lead}</p>
      </PageHero>
      {state.status === 'loading' && <Spinner label="Chargement des informations légales..." />}
      {state.status === 'error' && (
        <Alert tone="danger">Les informations légales n'ont pas pu être chargées. Veuillez réessayer plus tard.</Alert>
      )}
      {state.status === 'ready' && (
        <>
          {state.info.exemple && (
            <p className="cat-legal__example" role="note">
              Site de démonstration : les coordonnées marquées « exemple » sont des valeurs d'exemple, à remplacer par celles de
              l'exploitant dans la configuration du serveur.
            </p>
          )}
          {children(state.info)}
        </>
      )}
    </div>
  );
}

/** One titled section of a legal page. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <ContentSection id={id} title={title} className="cat-legal__section">
      {children}
    </ContentSection>
  );
}

/** Label/value pairs (publisher, host...). */
export function LegalFacts({ label, facts }: { label: string; facts: [string, ReactNode][] }) {
  return (
    <dl className="cat-legal__facts" aria-label={label}>
      {facts.map(([term, value]) => (
        <div key={term} className="cat-legal__fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Still the server's demonstration value, and its text does not already say so (issue 27). */
function unmarkedExample(info: LegalInfo, field: string, text: string): boolean {
  return (info.exemples ?? []).includes(field) && !/\(exemple\)$/.test(text);
}

const MARK = <span className="cat-legal__mark"> (exemple)</span>;

/** A configured value, marked « exemple » while it is the server's demonstration value. */
export function LegalValue({ info, field, value }: { info: LegalInfo; field: string; value: string }) {
  return (
    <>
      {value}
      {unmarkedExample(info, field, value) ? MARK : null}
    </>
  );
}

/** A configured email address as a link, marked like `LegalValue`. */
export function LegalMail({ info, field, address }: { info: LegalInfo; field: string; address: string }) {
  return (
    <>
      <a href={`mailto:${address}`}>{address}</a>
      {unmarkedExample(info, field, address) ? MARK : null}
    </>
  );
}

/** A configured web address as a link, marked like `LegalValue`. */
export function LegalLink({ info, field, href }: { info: LegalInfo; field: string; href: string }) {
  return (
    <>
      <a href={href} rel="noopener noreferrer">
        {href}
      </a>
      {unmarkedExample(info, field, href) ? MARK : null}
    </>
  );
}
