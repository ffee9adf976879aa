import { StaticHtml, TitledSection } from 'shared-kernel';
import type { ReactNode } from 'react';

interface CatalogSectionProps {
  /** Id of the heading (pages and tests point at it). */
  id: string;
  title: ReactNode;
  children?: ReactNode;
}

/** The top of a content page (`cat-page-hero`): its one h1, then its lead sentence (the children). */
export function PageHero({ id, title, children }: CatalogSectionProps) {
  return (
    <TitledSection level={1} titleId={id} title={title} className="cat-page-hero" titleClassName="cat-page-hero__title">
      {children}
    </TitledSection>
  );
}

/**
 * A section of a catalogue page (`cat-section`, and its own class beside it), named by its h2.
 * `isStatic`: nothing in it reacts to the visitor nor changes once shown (a description, a list of
 * amenities), so a server-rendered page keeps the server's nodes of it at hydration without
 * rendering it again (`StaticHtml`, issue 28); the same markup either way.
 */
export function ContentSection({
  id,
  title,
  className,
  isStatic = false,
  children,
}: CatalogSectionProps & { className?: string; isStatic?: boolean }) {
  const sectionClass = className ? `cat-section ${className}` : 'cat-section';
  if (isStatic) {
    return (
      <StaticHtml as="section" className={sectionClass} aria-labelledby={id}>
        <h2 id={id} className="cat-section__title">
          {title}
        </h2>
        {children}
      </StaticHtml>
    );
  }
  return (
    <TitledSection titleId={id} title={title} className={sectionClass} titleClassName="cat-section__title">
      {children}
    </TitledSection>
  );
}
