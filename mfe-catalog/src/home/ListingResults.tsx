import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { Island, type AppartementTrouve } from 'shared-kernel';
import { MapToggle } from '../map/MapToggle';
import { ResultsMapPanel } from '../map/ResultsMapPanel';
import { useResultsMap } from '../map/useResultsMap';
import { ListingCard } from './ListingCard';

/** Cards whose photo a phone shows without scrolling (390 × 844: the banner, the toolbar, then the first card): fetched at once, the others when scrolled near. */
export const EAGER_CARDS = 1;

export const NO_STAY_RESULTS = 'Aucun logement disponible pour ces dates';
export const NO_RESULTS = 'Aucun logement ne correspond à vos critères';

export interface ListingResultsProps {
  items: readonly AppartementTrouve[];
  total: number;
  /** The searched stay for the cards' links ('' without dates). */
  stayQuery: string;
  /** Dates are searched: the empty state speaks of them. */
  withDates: boolean;
  /** The same search without its dates, offered when nothing is free for them. */
  withoutDatesHref: string;
  /** Filters beyond the stay narrow the list: offered to reset when nothing matches. */
  filtered: boolean;
  onReset: () => void;
  onMore: () => void;
  loadingMore: boolean;
  moreFailed: boolean;
  /** A new search is being asked: these results are the former ones. */
  updating?: boolean;
  /** The count heading, focused after a reset. */
  ref?: Ref<HTMLHeadingElement>;
}

const countText = (n: number, withDates: boolean) =>
  withDates ? `${n} logement${n > 1 ? 's' : ''} disponible${n > 1 ? 's' : ''} pour ces dates` : `${n} logement(s) disponible(s)`;

/** Results header with the count, then the card grid and 'Afficher plus', or the empty state with a way out. */
export function ListingResults(props: ListingResultsProps) {
  const {
    items,
    total,
    stayQuery,
    withDates,
    withoutDatesHref,
    filtered,
    onReset,
    onMore,
    loadingMore,
    moreFailed,
    updating = false,
    ref,
  } = props;
  const map = useResultsMap();
  const styleUrl = items.length > 0 ? map.styleUrl : null;
  const mapShown = map.open && Boolean(styleUrl);
  return (
    <section className={`cat-results${mapShown ? ' cat-results--map' : ''}`} aria-labelledby="cat-results-title" aria-busy={updating}>
      <div className="cat-results__head">
        <h2 id="cat-results-title" ref={ref} className="cat-results__title" tabIndex={-1} aria-live="polite">
          {countText(total, withDates)}
        </h2>
        {styleUrl ? <MapToggle {...map.toggle} /> : null}
      </div>
      {items.length > 0 ? (
        <div className="cat-results__body">
          {mapShown && styleUrl ? (
            <ResultsMapPanel
              id={map.toggle.controls}
              styleUrl={styleUrl}
              items={items}
              active={map.active}
              onSelect={map.choose}
              onClose={map.close}
            />
          ) : null}
          <div className="cat-results__list">
            {/* Hydrated once in view (issue 28): the cards are links until then, and a click before hydrates them. */}
            <Island as="ul" when="visible" className="sk-list sk-grid sk-grid--3 sk-gap-6 cat-grid">
              {items.map((appartement, index) => (
                <li key={appartement.id || appartement.slug} className="cat-grid__item">
                  <ListingCard
                    appartement={appartement}
                    eager={index < EAGER_CARDS}
                    stayQuery={stayQuery}
                    chosen={mapShown && map.chosen === appartement.id}
                    onPoint={mapShown ? map.point : undefined}
                  />
                </li>
              ))}
            </Island>
            {items.length < total ? (
              <div className="sk-stack sk-stack--center cat-more">
                <p className="cat-more__count">{`${items.length} logements affichés sur ${total}`}</p>
                <button
                  type="button"
                  className="sk-button sk-button--secondary"
                  onClick={onMore}
                  disabled={loadingMore}
                  aria-busy={loadingMore}
                >
                  {loadingMore ? 'Chargement…' : 'Afficher plus'}
                </button>
                {moreFailed ? (
                  <p className="sk-alert sk-alert--danger" role="alert">
                    Les logements suivants n’ont pas pu être chargés. Réessayez.
                  </p>
                ) : null}
              </div>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="sk-stack sk-stack--center sk-gap-4 sk-empty cat-empty">
          <p className="cat-empty__text">{withDates ? NO_STAY_RESULTS : NO_RESULTS}</p>
          {withDates ? (
            <p className="cat-empty__hint">
              Essayez d’autres dates, moins de voyageurs ou moins de filtres, ou{' '}
              <Link to={withoutDatesHref}>voyez tous les logements sans dates</Link>.
            </p>
          ) : null}
          {filtered || !withDates ? (
            <button type="button" className="sk-button sk-button--primary" onClick={onReset}>
              Réinitialiser les filtres
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}
