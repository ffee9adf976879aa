import type { Appartement } from '../src/domain/types';
import {
  AMENITY_FILTER_OPTIONS,
  DEFAULT_PRICE_RANGE,
  STEPPER_MINIMUMS,
  acceptPriceMax,
  acceptPriceMin,
  applyFilters,
  defaultFilters,
  isFilterActive,
  locationOptions,
  matchesFilters,
  priceBounds,
  step,
  toggleIn,
  type HomeFilters,
} from '../src/rules/filters';

function apt(overrides: Partial<Appartement> & { id: number }): Appartement {
  return {
    slug: `apt-${overrides.id}`,
    titre: `Appartement ${overrides.id}`,
    description: '',
    localisation: 'Metz',
    prixParNuit: 100,
    surface: 40,
    note: 5,
    nombreAvis: 0,
    smoobuId: null,
    politiqueAnnulation: 'Flexible',
    capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 },
    inclus: [],
    nonInclus: [],
    images: [],
    hote: { nom: '', experience: 'Nouveau', tauxReponse: '100%', delaiReponse: '1h' },
    regles: { arrivee: '15:00 - 00:00', depart: 'avant 12:00', voyageursMax: 2 },
    equipements: { salleDeBain: [], internetEtBureau: [] },
    ...overrides,
  };
}

const base: HomeFilters = defaultFilters();
const ids = (list: Appartement[]) => list.map((a) => a.id);

describe('constants and defaults', () => {
  it('offers Wifi, Parking gratuit and Piscine and a 0..1000 default range', () => {
    expect(AMENITY_FILTER_OPTIONS).toEqual(['Wifi', 'Parking gratuit', 'Piscine']);
    expect(DEFAULT_PRICE_RANGE).toEqual({ min: 0, max: 1000 });
    expect(STEPPER_MINIMUMS).toEqual({ guests: 1, bedrooms: 0, bathrooms: 0 });
  });

  it('builds the initial filters from bounds', () => {
    expect(defaultFilters()).toEqual({
      search: '',
      priceMin: 0,
      priceMax: 1000,
      amenities: [],
      locations: [],
      guests: 1,
      bedrooms: 0,
      bathrooms: 0,
    });
    expect(defaultFilters({ min: 45, max: 210 })).toMatchObject({ priceMin: 45, priceMax: 210 });
  });
});

describe('text search', () => {
  const list = [
    apt({ id: 1, titre: 'Studio Cathédrale', localisation: 'Metz Centre' }),
    apt({ id: 2, titre: 'Loft lumineux', localisation: 'Montigny-lès-Metz' }),
    apt({ id: 3, titre: 'Maison au calme', localisation: 'Thionville' }),
  ];

  it('matches titre case-insensitively', () => {
    expect(ids(applyFilters(list, { ...base, search: 'LOFT' }))).toEqual([2]);
    expect(ids(applyFilters(list, { ...base, search: 'cathédrale' }))).toEqual([1]);
  });

  it('matches localisation case-insensitively', () => {
    expect(ids(applyFilters(list, { ...base, search: 'metz' }))).toEqual([1, 2]);
    expect(ids(applyFilters(list, { ...base, search: 'THIONVILLE' }))).toEqual([3]);
  });

  it('ignores surrounding spaces and an empty search, and finds nothing else', () => {
    expect(ids(applyFilters(list, { ...base, search: '  loft  ' }))).toEqual([2]);
    expect(ids(applyFilters(list, { ...base, search: '   ' }))).toEqual([1, 2, 3]);
    expect(ids(applyFilters(list, { ...base, search: 'Nancy' }))).toEqual([]);
    // the description is not searched
    expect(matchesFilters(apt({ id: 4, description: 'Piscine chauffée' }), { ...base, search: 'chauffée' })).toBe(false);
  });
});

describe('price range', () => {
  const list = [
    apt({ id: 1, prixParNuit: 49.99 }),
    apt({ id: 2, prixParNuit: 50 }),
    apt({ id: 3, prixParNuit: 120 }),
    apt({ id: 4, prixParNuit: 120.01 }),
  ];

  it('keeps prices inclusively within [min, max]', () => {
    expect(ids(applyFilters(list, { ...base, priceMin: 50, priceMax: 120 }))).toEqual([2, 3]);
    expect(ids(applyFilters(list, { ...base, priceMin: 120, priceMax: 120 }))).toEqual([3]);
  });
});

describe('amenities', () => {
  const list = [
    apt({ id: 1, inclus: ['Wifi', 'Parking gratuit', 'Piscine'] }),
    apt({ id: 2, inclus: ['Wifi'] }),
    apt({ id: 3, inclus: ['Parking gratuit', 'Netflix'] }),
    apt({ id: 4, inclus: [] }),
  ];

  it('requires every selected amenity', () => {
    expect(ids(applyFilters(list, { ...base, amenities: ['Wifi'] }))).toEqual([1, 2]);
    expect(ids(applyFilters(list, { ...base, amenities: ['Wifi', 'Parking gratuit'] }))).toEqual([1]);
    expect(ids(applyFilters(list, { ...base, amenities: ['Wifi', 'Parking gratuit', 'Piscine'] }))).toEqual([1]);
    expect(ids(applyFilters(list, { ...base, amenities: [] }))).toEqual([1, 2, 3, 4]);
  });

  it('matches amenity labels exactly', () => {
    expect(ids(applyFilters(list, { ...base, amenities: ['wifi'] }))).toEqual([]);
  });
});

describe('locations', () => {
  const list = [apt({ id: 1, localisation: 'Metz' }), apt({ id: 2, localisation: 'Thionville' }), apt({ id: 3, localisation: 'Nancy' })];

  it('keeps listings whose localisation is one of the selected', () => {
    expect(ids(applyFilters(list, { ...base, locations: ['Metz', 'Nancy'] }))).toEqual([1, 3]);
    expect(ids(applyFilters(list, { ...base, locations: ['Thionville'] }))).toEqual([2]);
    expect(ids(applyFilters(list, { ...base, locations: ['Paris'] }))).toEqual([]);
    expect(ids(applyFilters(list, { ...base, locations: [] }))).toEqual([1, 2, 3]);
  });
});

describe('capacity filters', () => {
  const list = [
    apt({ id: 1, capacite: { voyageurs: 0, chambres: 0, lits: 1, sallesDeBain: 0 } }),
    apt({ id: 2, capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 } }),
    apt({ id: 3, capacite: { voyageurs: 4, chambres: 2, lits: 3, sallesDeBain: 2 } }),
  ];

  it('applies guests only above 1, as voyageurs >= count', () => {
    expect(ids(applyFilters(list, { ...base, guests: 1 }))).toEqual([1, 2, 3]);
    expect(ids(applyFilters(list, { ...base, guests: 2 }))).toEqual([2, 3]);
    expect(ids(applyFilters(list, { ...base, guests: 4 }))).toEqual([3]);
    expect(ids(applyFilters(list, { ...base, guests: 5 }))).toEqual([]);
  });

  it('applies bedrooms only above 0, as chambres >= count', () => {
    expect(ids(applyFilters(list, { ...base, bedrooms: 0 }))).toEqual([1, 2, 3]);
    expect(ids(applyFilters(list, { ...base, bedrooms: 1 }))).toEqual([2, 3]);
    expect(ids(applyFilters(list, { ...base, bedrooms: 2 }))).toEqual([3]);
  });

  it('applies bathrooms only above 0, as sallesDeBain >= count', () => {
    expect(ids(applyFilters(list, { ...base, bathrooms: 0 }))).toEqual([1, 2, 3]);
    expect(ids(applyFilters(list, { ...base, bathrooms: 1 }))).toEqual([2, 3]);
    expect(ids(applyFilters(list, { ...base, bathrooms: 2 }))).toEqual([3]);
    expect(ids(applyFilters(list, { ...base, bathrooms: 3 }))).toEqual([]);
  });

  it('combines every rule', () => {
    const many = [
      apt({
        id: 1,
        titre: 'Loft',
        localisation: 'Metz',
        prixParNuit: 90,
        inclus: ['Wifi'],
        capacite: { voyageurs: 4, chambres: 2, lits: 2, sallesDeBain: 1 },
      }),
      apt({
        id: 2,
        titre: 'Loft',
        localisation: 'Metz',
        prixParNuit: 90,
        inclus: [],
        capacite: { voyageurs: 4, chambres: 2, lits: 2, sallesDeBain: 1 },
      }),
      apt({
        id: 3,
        titre: 'Loft',
        localisation: 'Nancy',
        prixParNuit: 90,
        inclus: ['Wifi'],
        capacite: { voyageurs: 4, chambres: 2, lits: 2, sallesDeBain: 1 },
      }),
    ];
    const f: HomeFilters = {
      search: 'loft',
      priceMin: 50,
      priceMax: 100,
      amenities: ['Wifi'],
      locations: ['Metz'],
      guests: 3,
      bedrooms: 2,
      bathrooms: 1,
    };
    expect(ids(applyFilters(many, f))).toEqual([1]);
  });

  it('returns a new array and leaves the list untouched', () => {
    const result = applyFilters(list, base);
    expect(result).not.toBe(list);
    expect(result).toEqual(list);
  });
});

describe('priceBounds', () => {
  it('is 0..1000 for an empty list', () => {
    expect(priceBounds([])).toEqual({ min: 0, max: 1000 });
  });

  it('floors the minimum and ceils the maximum', () => {
    expect(priceBounds([apt({ id: 1, prixParNuit: 120.2 }), apt({ id: 2, prixParNuit: 45.9 }), apt({ id: 3, prixParNuit: 80 })])).toEqual({
      min: 45,
      max: 121,
    });
    expect(priceBounds([apt({ id: 1, prixParNuit: 75 })])).toEqual({ min: 75, max: 75 });
  });

  it('returns a fresh object for the empty case', () => {
    const b = priceBounds([]);
    b.max = 5;
    expect(priceBounds([])).toEqual({ min: 0, max: 1000 });
  });
});

describe('locationOptions', () => {
  it('gives the distinct non-empty locations in French order', () => {
    const list = [
      apt({ id: 1, localisation: 'Metz' }),
      apt({ id: 2, localisation: 'Étain' }),
      apt({ id: 3, localisation: 'Ars-sur-Moselle' }),
      apt({ id: 4, localisation: 'Metz' }),
      apt({ id: 5, localisation: '' }),
      apt({ id: 6, localisation: 'Yutz' }),
      apt({ id: 7, localisation: 'Ennery' }),
    ];
    expect(locationOptions(list)).toEqual(['Ars-sur-Moselle', 'Ennery', 'Étain', 'Metz', 'Yutz']);
    expect(locationOptions([])).toEqual([]);
  });
});

describe('isFilterActive', () => {
  const bounds = { min: 40, max: 300 };
  const initial = defaultFilters(bounds);

  it('is false for the initial filters of these bounds', () => {
    expect(isFilterActive(initial, bounds)).toBe(false);
    expect(isFilterActive({ ...initial, search: '   ' }, bounds)).toBe(false);
  });

  it.each<[string, Partial<HomeFilters>]>([
    ['search', { search: 'metz' }],
    ['priceMin', { priceMin: 41 }],
    ['priceMax', { priceMax: 299 }],
    ['amenities', { amenities: ['Wifi'] }],
    ['locations', { locations: ['Metz'] }],
    ['guests', { guests: 2 }],
    ['bedrooms', { bedrooms: 1 }],
    ['bathrooms', { bathrooms: 1 }],
  ])('is true when %s changes', (_name, patch) => {
    expect(isFilterActive({ ...initial, ...patch }, bounds)).toBe(true);
  });

  it('compares the price range with the given bounds', () => {
    expect(isFilterActive(defaultFilters(), bounds)).toBe(true);
    expect(isFilterActive(defaultFilters(), DEFAULT_PRICE_RANGE)).toBe(false);
  });
});

describe('acceptPriceMin / acceptPriceMax', () => {
  const f: HomeFilters = { ...base, priceMin: 50, priceMax: 200 };

  it('accepts a min only when it is <= the current max', () => {
    expect(acceptPriceMin(f, 100).priceMin).toBe(100);
    expect(acceptPriceMin(f, 200).priceMin).toBe(200);
    expect(acceptPriceMin(f, 0).priceMin).toBe(0);
    expect(acceptPriceMin(f, 201)).toBe(f);
  });

  it('refuses a negative or non-finite min', () => {
    expect(acceptPriceMin(f, -1)).toBe(f);
    expect(acceptPriceMin(f, Number.NaN)).toBe(f);
    expect(acceptPriceMin(f, Number.NEGATIVE_INFINITY)).toBe(f);
  });

  it('accepts a max only when it is >= the current min', () => {
    expect(acceptPriceMax(f, 100).priceMax).toBe(100);
    expect(acceptPriceMax(f, 50).priceMax).toBe(50);
    expect(acceptPriceMax(f, 5000).priceMax).toBe(5000);
    expect(acceptPriceMax(f, 49)).toBe(f);
  });

  it('refuses a non-finite max', () => {
    expect(acceptPriceMax(f, Number.NaN)).toBe(f);
    expect(acceptPriceMax(f, Number.POSITIVE_INFINITY)).toBe(f);
  });

  it('returns a new object and changes only the price field', () => {
    const next = acceptPriceMin(f, 60);
    expect(next).not.toBe(f);
    expect(next).toEqual({ ...f, priceMin: 60 });
    expect(f.priceMin).toBe(50);
    expect(acceptPriceMax(f, 150)).toEqual({ ...f, priceMax: 150 });
  });
});

describe('step', () => {
  it('keeps guests at least 1', () => {
    expect(step(base, 'guests', -1).guests).toBe(1);
    expect(step({ ...base, guests: 3 }, 'guests', -1).guests).toBe(2);
    expect(step(base, 'guests', 1).guests).toBe(2);
  });

  it('keeps bedrooms and bathrooms at least 0', () => {
    expect(step(base, 'bedrooms', -1).bedrooms).toBe(0);
    expect(step(base, 'bathrooms', -1).bathrooms).toBe(0);
    expect(step(base, 'bedrooms', 1).bedrooms).toBe(1);
    expect(step({ ...base, bathrooms: 2 }, 'bathrooms', -1).bathrooms).toBe(1);
  });

  it('has no upper bound', () => {
    expect(step({ ...base, guests: 50 }, 'guests', 1).guests).toBe(51);
    expect(step({ ...base, bedrooms: 99 }, 'bedrooms', 1).bedrooms).toBe(100);
    expect(step({ ...base, bathrooms: 20 }, 'bathrooms', 1).bathrooms).toBe(21);
  });

  it('changes only the stepped field, on a copy', () => {
    const next = step(base, 'bedrooms', 2);
    expect(next).toEqual({ ...base, bedrooms: 2 });
    expect(base.bedrooms).toBe(0);
  });
});

describe('toggleIn', () => {
  it('adds a missing value at the end and removes a present one', () => {
    expect(toggleIn(['Wifi'], 'Piscine')).toEqual(['Wifi', 'Piscine']);
    expect(toggleIn(['Wifi', 'Piscine'], 'Wifi')).toEqual(['Piscine']);
    expect(toggleIn([], 'Wifi')).toEqual(['Wifi']);
  });

  it('does not mutate the input', () => {
    const list = ['Wifi'];
    const next = toggleIn(list, 'Piscine');
    expect(list).toEqual(['Wifi']);
    expect(next).not.toBe(list);
  });
});
