import { AMENITY_FILTER_OPTIONS, Island, Stepper, toggleIn, type PageAppartements, type StaySearch } from 'shared-kernel';
import { PriceInput } from './PriceInput';

export interface FilterPanelProps {
  id: string;
  open: boolean;
  search: StaySearch;
  /** The catalogue's price range and places (from the server, whatever the search). */
  facettes: PageAppartements['facettes'];
  update: (fn: (search: StaySearch) => StaySearch) => void;
}

/**
 * The collapsible filter panel: price range, amenities, locations, bedrooms and bathrooms. Every
 * change goes into the address, and the server filters (the page never holds the whole catalogue).
 * A price equal to the catalogue's bound is no filter.
 */
export function FilterPanel({ id, open, search, facettes, update }: FilterPanelProps) {
  const priceMin = search.prixMin ?? facettes.prixMin;
  const priceMax = search.prixMax ?? facettes.prixMax;
  const locations = [...new Set([...facettes.localisations, ...search.localisations])];
  return (
    // Closed until asked for (issue 28): hydrated when the browser is idle, or when opened.
    <Island as="div" when="idle" id={id} className="cat-filters" hidden={!open}>
      <fieldset className="cat-filters__group">
        <legend className="cat-filters__legend">Prix par nuit</legend>
        <div className="cat-filters__row">
          <PriceInput
            id={`${id}-price-min`}
            label="Prix minimum (€)"
            value={priceMin}
            min={0}
            max={priceMax}
            onPropose={(value) => {
              if (!Number.isInteger(value) || value < 0 || value > priceMax) return false;
              update((s) => ({ ...s, prixMin: value <= facettes.prixMin ? null : value }));
              return true;
            }}
          />
          <PriceInput
            id={`${id}-price-max`}
            label="Prix maximum (€)"
            value={priceMax}
            min={priceMin}
            onPropose={(value) => {
              if (!Number.isInteger(value) || value < priceMin) return false;
              update((s) => ({ ...s, prixMax: value >= facettes.prixMax ? null : value }));
              return true;
            }}
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
                  checked={search.equipements.includes(amenity)}
                  onChange={() => update((s) => ({ ...s, equipements: toggleIn(s.equipements, amenity) }))}
                />
                <span>{amenity}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      {/* The seam of the town filter (`ville`) once apartments have a town: one more group here. */}
      {locations.length > 0 && (
        <fieldset className="cat-filters__group">
          <legend className="cat-filters__legend">Emplacements</legend>
          <ul className="cat-checks">
            {locations.map((location) => (
              <li key={location}>
                <label className="cat-check">
                  <input
                    type="checkbox"
                    checked={search.localisations.includes(location)}
                    onChange={() => update((s) => ({ ...s, localisations: toggleIn(s.localisations, location) }))}
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
          <Stepper
            label="Chambres"
            value={search.chambres}
            min={0}
            onChange={(chambres) => update((s) => ({ ...s, chambres: Math.max(0, chambres) }))}
          />
          <Stepper
            label="Salles de bain"
            value={search.sallesDeBain}
            min={0}
            onChange={(sallesDeBain) => update((s) => ({ ...s, sallesDeBain: Math.max(0, sallesDeBain) }))}
          />
        </div>
      </fieldset>
    </Island>
  );
}
