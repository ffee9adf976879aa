import {
  acceptPriceMax,
  acceptPriceMin,
  AMENITY_FILTER_OPTIONS,
  STEPPER_MINIMUMS,
  step,
  toggleIn,
  type HomeFilters,
  type StepperKey,
} from 'shared-kernel';
import { PriceInput } from './PriceInput';
import { Stepper } from './Stepper';

export interface FilterPanelProps {
  id: string;
  open: boolean;
  filters: HomeFilters;
  locations: readonly string[];
  update: (fn: (filters: HomeFilters) => HomeFilters) => void;
}

const STEPPERS: ReadonlyArray<{ key: StepperKey; label: string }> = [
  { key: 'guests', label: 'Voyageurs' },
  { key: 'bedrooms', label: 'Chambres' },
  { key: 'bathrooms', label: 'Salles de bain' },
];

/** Wraps a refusing rule so the input knows whether its value was taken. */
function propose(
  update: FilterPanelProps['update'],
  filters: HomeFilters,
  rule: (f: HomeFilters, value: number) => HomeFilters,
): (value: number) => boolean {
  return (value) => {
    const next = rule(filters, value);
    if (next === filters) return false;
    update(() => next);
    return true;
  };
}

/** The collapsible filter panel: price range, amenities, locations and capacity steppers. */
export function FilterPanel({ id, open, filters, locations, update }: FilterPanelProps) {
  return (
    <div id={id} className="cat-filters" hidden={!open}>
      <fieldset className="cat-filters__group">
        <legend className="cat-filters__legend">Prix par nuit</legend>
        <div className="cat-filters__row">
          <PriceInput
            id={`${id}-price-min`}
            label="Prix minimum (€)"
            value={filters.priceMin}
            min={0}
            max={filters.priceMax}
            onPropose={propose(update, filters, acceptPriceMin)}
          />
          <PriceInput
            id={`${id}-price-max`}
            label="Prix maximum (€)"
            value={filters.priceMax}
            min={filters.priceMin}
            onPropose={propose(update, filters, acceptPriceMax)}
          />
        </div>
      </fieldset>

      <fieldset className="cat-filters__group">
        <legend className="cat-filters__legend">Équipements</legend>
        <ul className="cat-checks">
          {AMENITY_FILTER_OPTIONS.map((amenity) => (
            <li key={amenity}>
              <label className="cat-check">
                <input
                  type="checkbox"
                  checked={filters.amenities.includes(amenity)}
                  onChange={() => update((f) => ({ ...f, amenities: toggleIn(f.amenities, amenity) }))}
                />
                <span>{amenity}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      {locations.length > 0 && (
        <fieldset className="cat-filters__group">
          <legend className="cat-filters__legend">Emplacements</legend>
          <ul className="cat-checks">
            {locations.map((location) => (
              <li key={location}>
                <label className="cat-check">
                  <input
                    type="checkbox"
                    checked={filters.locations.includes(location)}
                    onChange={() => update((f) => ({ ...f, locations: toggleIn(f.locations, location) }))}
                  />
                  <span>{location}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}

      <fieldset className="cat-filters__group">
        <legend className="cat-filters__legend">Capacité</legend>
        <div className="cat-filters__steppers">
          {STEPPERS.map(({ key, label }) => (
            <Stepper
              key={key}
              id={`${id}-${key}`}
              label={label}
              value={filters[key]}
              min={STEPPER_MINIMUMS[key]}
              onStep={(delta) => update((f) => step(f, key, delta))}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
