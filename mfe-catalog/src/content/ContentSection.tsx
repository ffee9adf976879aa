import { TitledSection } from 'shared-kernel';
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

/** A section of a catalogue page (`cat-section`, and its own class beside it), named by its h2. */
export function ContentSection({ id, title, className, children }: CatalogSectionProps & { className?: string }) {
  return (
    <TitledSection
      titleId={id}
      title={title}
      className={className ? `cat-section ${className}` : 'cat-section'}
      titleClassName="cat-section__title"
    >
      {children}
    </TitledSection>
  );
}
