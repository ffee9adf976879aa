import { useCallback, useLayoutEffect, useReducer } from 'react';
import { DEFAULT_PRICE_RANGE, defaultFilters, isFilterActive, priceBounds, type Appartement, type HomeFilters } from 'shared-kernel';

type Bounds = { min: number; max: number };

interface FiltersState {
  filters: HomeFilters;
  /** Price bounds of the loaded list: the initial price range and the reference of "active". */
  bounds: Bounds;
}

type Action =
  { type: 'loaded'; list: readonly Appartement[] } | { type: 'update'; update: (filters: HomeFilters) => HomeFilters } | { type: 'reset' };

function reducer(state: FiltersState, action: Action): FiltersState {
  switch (action.type) {
    case 'loaded': {
      const next = priceBounds(action.list);
      const { filters, bounds } = state;
      // Spec: the range is set to the loaded prices while the upper bound is still the default 1000.
      // A range the visitor never touched also follows the data on a refetch; a chosen one is kept.
      const untouched =
        filters.priceMax === DEFAULT_PRICE_RANGE.max || (filters.priceMin === bounds.min && filters.priceMax === bounds.max);
      const sameBounds = next.min === bounds.min && next.max === bounds.max;
      const samePrices = !untouched || (filters.priceMin === next.min && filters.priceMax === next.max);
      if (sameBounds && samePrices) return state;
      return {
        bounds: next,
        filters: samePrices ? filters : { ...filters, priceMin: next.min, priceMax: next.max },
      };
    }
    case 'update': {
      const filters = action.update(state.filters);
      return filters === state.filters ? state : { ...state, filters };
    }
    case 'reset':
      return { ...state, filters: defaultFilters(state.bounds) };
  }
}

const initialState = (): FiltersState => ({ filters: defaultFilters(), bounds: { ...DEFAULT_PRICE_RANGE } });

export interface HomeFiltersApi {
  filters: HomeFilters;
  bounds: Bounds;
  active: boolean;
  update: (update: (filters: HomeFilters) => HomeFilters) => void;
  reset: () => void;
}

/**
 * Home filter state. The rules themselves live in shared-kernel (rules/filters); this hook only
 * keeps the state, adapts the price range to each loaded list and resets to the initial state.
 */
export function useHomeFilters(list: readonly Appartement[], loaded: boolean): HomeFiltersApi {
  const [state, dispatch] = useReducer(reducer, undefined, initialState);

  // Layout effect: the adapted range is in place before the first loaded list is painted.
  useLayoutEffect(() => {
    if (loaded) dispatch({ type: 'loaded', list });
  }, [list, loaded]);

  const update = useCallback((fn: (filters: HomeFilters) => HomeFilters) => dispatch({ type: 'update', update: fn }), []);
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);

  return { filters: state.filters, bounds: state.bounds, active: isFilterActive(state.filters, state.bounds), update, reset };
}
