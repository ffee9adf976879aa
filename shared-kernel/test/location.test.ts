import {
  COORDINATES_BOTH_OR_NEITHER,
  LATITUDE_INVALID,
  LONGITUDE_INVALID,
  parseCoordonnees,
  villeDeLocalisation,
} from '../src/rules/location';
import { decodeAppartement } from '../src/domain/decode';

describe('villeDeLocalisation', () => {
  it.each([
    ['Metz Centre', 'Metz'],
    ['  metz sablon ', 'Metz'],
    ['Metz', 'Metz'],
    ['Montigny-lès-Metz', 'Montigny-lès-Metz'],
    ['Metzervisse', 'Metzervisse'],
    [' Woippy ', 'Woippy'],
  ])('%s → %s', (localisation, ville) => {
    expect(villeDeLocalisation(localisation)).toBe(ville);
  });
});

describe('parseCoordonnees', () => {
  it('accepts both, as numbers or text with a French comma, and neither', () => {
    expect(parseCoordonnees(49.1203, 6.1757)).toEqual({ ok: true, value: { latitude: 49.1203, longitude: 6.1757 } });
    expect(parseCoordonnees('49,1203', ' -6.5 ')).toEqual({ ok: true, value: { latitude: 49.1203, longitude: -6.5 } });
    expect(parseCoordonnees(-90, 180)).toEqual({ ok: true, value: { latitude: -90, longitude: 180 } });
    expect(parseCoordonnees('', null)).toEqual({ ok: true, value: null });
    expect(parseCoordonnees(undefined, undefined)).toEqual({ ok: true, value: null });
  });

  it.each([
    [90.01, 6, LATITUDE_INVALID],
    ['nord', 6, LATITUDE_INVALID],
    [Number.NaN, 6, LATITUDE_INVALID],
    [49, -180.5, LONGITUDE_INVALID],
    [49, '6e1', LONGITUDE_INVALID],
    [49, true, LONGITUDE_INVALID],
    [49, '', COORDINATES_BOTH_OR_NEITHER],
    [null, 6, COORDINATES_BOTH_OR_NEITHER],
  ])('refuses %p, %p', (latitude, longitude, message) => {
    expect(parseCoordonnees(latitude, longitude)).toEqual({ ok: false, message });
  });
});

describe('decodeAppartement: town and coordinates', () => {
  it('takes the town from the location when a payload has none, and keeps coordinates only when both are valid', () => {
    expect(decodeAppartement({ localisation: 'Metz Queuleu' })).toEqual(
      expect.objectContaining({ ville: 'Metz', latitude: null, longitude: null }),
    );
    expect(decodeAppartement({ localisation: 'Metz Queuleu', ville: 'Metz', latitude: 49.1, longitude: 6.2 })).toEqual(
      expect.objectContaining({ ville: 'Metz', latitude: 49.1, longitude: 6.2 }),
    );
    expect(decodeAppartement({ latitude: 149.1, longitude: 6.2 })).toEqual(expect.objectContaining({ latitude: null, longitude: null }));
    expect(decodeAppartement({ latitude: 49.1 })).toEqual(expect.objectContaining({ latitude: null, longitude: null }));
  });
});
