import type { Ref } from 'react';
import type { Appartement } from 'shared-kernel';
import { ListingCard } from './ListingCard';

/** Cards whose photo a phone shows without scrolling (390 × 844: the banner, the toolbar, then the first card): fetched at once, the others when scrolled near. */
export const EAGER_CARDS = 1;

export interface ListingResultsProps {
  items: readonly Appartement[];
  onReset: () => void;
  /** The count heading, focused after a reset. */
  ref?: Ref<HTMLHeadingElement>;
}

/** Results header with the count, then the card grid or the empty state. */
export function ListingResults({ items, onReset, ref }: ListingResultsProps) {
  return (
    <section className="cat-results" aria-labelledby="cat-results-title">
      <h2 id="cat-results-title" ref={ref} className="cat-results__title" tabIndex={-1} aria-live="polite">
        {`${items.length} logement(s) disponible(s)`}
      </h2>
      {items.length > 0 ? (
        <ul className="cat-grid">
          {items.map((appartement, index) => (
            <li key={appartement.id || appartement.slug} className="cat-grid__item">
              <ListingCard appartement={appartement} eager={index < EAGER_CARDS} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="cat-empty">
          <p className="cat-empty__text">Aucun logement ne correspond à vos critères</p>
          <button type="button" className="sk-button sk-button--primary" onClick={onReset}>
            Réinitialiser les filtres
          </button>
        </div>
      )}
    </section>
  );
}
