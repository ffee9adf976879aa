import { useId, type ReactNode } from 'react';

export interface TitledSectionProps {
  /** The section's heading, which names it (`aria-labelledby`). */
  title: ReactNode;
  /** Id of the heading when something else points at it; a generated one otherwise. */
  titleId?: string;
  /** The heading's level: 1 for a page's title, 2 (default) for a section of a page, 3 or 4 below. */
  level?: 1 | 2 | 3 | 4;
  /** The package's own classes of the section and of its heading (hooks for its own styles). */
  className?: string;
  titleClassName?: string;
  children?: ReactNode;
}

/** A `<section>` named by its heading, the one way a block with a title tells screen readers what it is. */
export function TitledSection({ title, titleId, level = 2, className, titleClassName, children }: TitledSectionProps) {
  const generatedId = useId();
  const id = titleId ?? generatedId;
  const Heading = `h${level}` as const;
  return (
    <section className={className} aria-labelledby={id}>
      <Heading id={id} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
