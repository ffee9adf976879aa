import type { Figure } from './aboutData';

/** Static marketing figures: a big value and its label, read together ("500+ appartements"). */
export function FigureList({ items }: { items: readonly Figure[] }) {
  return (
    <ul className="sk-list sk-tiles sk-gap-4 cat-figures">
      {items.map((figure) => (
        <li key={figure.value} className="sk-stack sk-stack--center sk-gap-1 cat-figures__item">
          {/* Short figures ('10 000+') never break; a longer one ('Réponse sous 24h') may wrap. */}
          <span className={`cat-figures__value${figure.value.length > 8 ? ' cat-figures__value--long' : ''}`}>{figure.value}</span>{' '}
          <span className="cat-figures__label">{figure.label}</span>
        </li>
      ))}
    </ul>
  );
}
