import type { ReactNode } from 'react';

export interface PageFrameProps {
  /** The page's heading (its one h1). */
  title: ReactNode;
  /** Id of the heading, for a section that names itself after it. */
  titleId?: string;
  /** Buttons or links on the title's row (`sk-page__top`); without them the title stands alone. */
  actions?: ReactNode;
  /** The remote's own class beside `sk-page` (a hook for what is its own). */
  className?: string;
  children: ReactNode;
}

/** A page of a remote: the `sk-page` frame (width, links, keyboard focus ring) and its title. */
export function PageFrame({ title, titleId, actions, className, children }: PageFrameProps) {
  const heading = (
    <h1 id={titleId} className="sk-page__title">
      {title}
    </h1>
  );
  return (
    <div className={className ? `sk-page ${className}` : 'sk-page'}>
      {actions ? (
        <div className="sk-page__top">
          {heading}
          <div className="sk-actions">{actions}</div>
        </div>
      ) : (
        heading
      )}
      {children}
    </div>
  );
}
