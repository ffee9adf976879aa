import {
  DEFAULT_CAPACITE,
  DEFAULT_HOTE,
  DEFAULT_NOMBRE_AVIS,
  DEFAULT_NOTE,
  DEFAULT_REGLES,
  decodeAppartement,
  decodeCapacite,
  decodeEquipements,
  decodeHote,
  decodeImages,
  decodeRegles,
  decodeStringList,
  isImageUrl,
  parseJsonish,
  toNumber,
} from '../src/domain/decode';
import { REGLES_TARIFAIRES_VIDES } from '../src/rules/pricing';

describe('parseJsonish', () => {
  it('parses JSON strings, trimming them first', () => {
    expect(parseJsonish('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonish('  ["x", 2]  ')).toEqual(['x', 2]);
    expect(parseJsonish('42')).toBe(42);
    expect(parseJsonish('null')).toBeNull();
    expect(parseJsonish('"texte"')).toBe('texte');
  });

  it('returns undefined for empty or unparsable strings', () => {
    expect(parseJsonish('')).toBeUndefined();
    expect(parseJsonish('   ')).toBeUndefined();
    expect(parseJsonish('{voyageurs: 2}')).toBeUndefined();
    expect(parseJsonish('pas du json')).toBeUndefined();
  });

  it('returns any non-string value as is', () => {
    const obj = { a: 1 };
    const list = ['a'];
    expect(parseJsonish(obj)).toBe(obj);
    expect(parseJsonish(list)).toBe(list);
    expect(parseJsonish(7)).toBe(7);
    expect(parseJsonish(null)).toBeNull();
    expect(parseJsonish(undefined)).toBeUndefined();
    expect(parseJsonish(true)).toBe(true);
  });
});

describe('toNumber', () => {
  it('accepts finite numbers and numeric strings, otherwise the fallback', () => {
    expect(toNumber(89.5, 0)).toBe(89.5);
    expect(toNumber('89.50', 0)).toBe(89.5);
    expect(toNumber(' 12 ', 0)).toBe(12);
    expect(toNumber(0, 5)).toBe(0);
    expect(toNumber('', 5)).toBe(5);
    expect(toNumber('   ', 5)).toBe(5);
    expect(toNumber('abc', 5)).toBe(5);
    expect(toNumber(Number.NaN, 5)).toBe(5);
    expect(toNumber(Number.POSITIVE_INFINITY, 5)).toBe(5);
    expect(toNumber(null, 5)).toBe(5);
    expect(toNumber(undefined, 5)).toBe(5);
    expect(toNumber(true, 5)).toBe(5);
  });
});

describe('decodeCapacite', () => {
  it('has the spec fallback 1/1/1/1', () => {
    expect(DEFAULT_CAPACITE).toEqual({ voyageurs: 1, chambres: 1, lits: 1, sallesDeBain: 1 });
  });

  it('decodes a JSON string', () => {
    expect(decodeCapacite('{"voyageurs":4,"chambres":2,"lits":3,"sallesDeBain":1}')).toEqual({
      voyageurs: 4,
      chambres: 2,
      lits: 3,
      sallesDeBain: 1,
    });
  });

  it('decodes a real object', () => {
    expect(decodeCapacite({ voyageurs: 6, chambres: 3, lits: 4, sallesDeBain: 2 })).toEqual({
      voyageurs: 6,
      chambres: 3,
      lits: 4,
      sallesDeBain: 2,
    });
  });

  it('completes a partial value with the defaults, keeping a real 0', () => {
    expect(decodeCapacite({ voyageurs: 5 })).toEqual({ voyageurs: 5, chambres: 1, lits: 1, sallesDeBain: 1 });
    expect(decodeCapacite('{"chambres":0}')).toEqual({ voyageurs: 1, chambres: 0, lits: 1, sallesDeBain: 1 });
    expect(decodeCapacite({ voyageurs: 'beaucoup', lits: null, sallesDeBain: 2 })).toEqual({
      voyageurs: 1,
      chambres: 1,
      lits: 1,
      sallesDeBain: 2,
    });
  });

  it('reads numeric strings and truncates decimals to integers', () => {
    expect(decodeCapacite({ voyageurs: '4', chambres: ' 2 ', lits: '3', sallesDeBain: '1' })).toEqual({
      voyageurs: 4,
      chambres: 2,
      lits: 3,
      sallesDeBain: 1,
    });
    expect(decodeCapacite('{"voyageurs":"6","chambres":2.9}')).toEqual({ voyageurs: 6, chambres: 2, lits: 1, sallesDeBain: 1 });
  });

  it.each([['pas du json'], [''], ['null'], ['[1,2,3]'], ['42'], [null], [undefined], [17], [[4, 2, 1, 1]], [true]])(
    'falls back to 1/1/1/1 for garbage %p',
    (input) => {
      expect(decodeCapacite(input)).toEqual({ voyageurs: 1, chambres: 1, lits: 1, sallesDeBain: 1 });
    },
  );

  it('returns a fresh object that does not alias the defaults', () => {
    const c = decodeCapacite('garbage');
    c.voyageurs = 99;
    expect(DEFAULT_CAPACITE.voyageurs).toBe(1);
    expect(decodeCapacite('garbage').voyageurs).toBe(1);
  });
});

describe('decodeStringList', () => {
  it('decodes a JSON string list', () => {
    expect(decodeStringList('["Wifi","Parking gratuit","Netflix"]')).toEqual(['Wifi', 'Parking gratuit', 'Netflix']);
  });

  it('keeps a real list, trimming items and dropping blanks and non-strings', () => {
    expect(decodeStringList([' Wifi ', '', '   ', 3, null, 'Cuisine', { a: 1 }])).toEqual(['Wifi', 'Cuisine']);
    expect(decodeStringList('["Lave-linge", 12, "  "]')).toEqual(['Lave-linge']);
  });

  it.each([['Wifi, Parking'], [''], ['{"a":"b"}'], ['"Wifi"'], [null], [undefined], [5], [{ 0: 'Wifi' }]])(
    'falls back to the empty list for %p',
    (input) => {
      expect(decodeStringList(input)).toEqual([]);
    },
  );
});

describe('isImageUrl', () => {
  it('accepts absolute http(s) URLs and site-relative paths only', () => {
    expect(isImageUrl('https://cdn.example.com/a.jpg')).toBe(true);
    expect(isImageUrl('http://cdn.example.com/a.jpg')).toBe(true);
    expect(isImageUrl('/media/demo/salon.webp')).toBe(true);
    expect(isImageUrl('//evil.example.com/a.jpg')).toBe(false);
    expect(isImageUrl('javascript:alert(1)')).toBe(false);
    expect(isImageUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(isImageUrl('media/a.jpg')).toBe(false);
    expect(isImageUrl('https://')).toBe(false);
    expect(isImageUrl('https://a.com/x y.jpg')).toBe(false);
    expect(isImageUrl('')).toBe(false);
  });
});

describe('decodeImages', () => {
  it('decodes a JSON string list', () => {
    expect(decodeImages('["https://a.example.com/1.jpg","https://a.example.com/2.jpg"]')).toEqual([
      'https://a.example.com/1.jpg',
      'https://a.example.com/2.jpg',
    ]);
  });

  it('keeps a real list of URLs, trimmed', () => {
    expect(decodeImages([' https://a.example.com/1.jpg ', 'http://b.example.com/2.png'])).toEqual([
      'https://a.example.com/1.jpg',
      'http://b.example.com/2.png',
    ]);
  });

  it('keeps site-relative paths and drops protocol-relative, javascript: and other entries', () => {
    expect(
      decodeImages([
        '/media/demo/salon.jpg',
        '//evil.example.com/x.jpg',
        'javascript:alert(1)',
        'JavaScript:alert(1)',
        'data:image/png;base64,AAAA',
        'relative/no-slash.jpg',
        '',
        42,
        null,
        'https://ok.example.com/3.jpg',
      ]),
    ).toEqual(['/media/demo/salon.jpg', 'https://ok.example.com/3.jpg']);
    expect(decodeImages('["/media/a.jpg","//x.example.com/b.jpg","javascript:void(0)"]')).toEqual(['/media/a.jpg']);
  });

  it('extracts the http(s) URLs from free text', () => {
    expect(decodeImages('Photos : https://a.example.com/1.jpg et http://b.example.com/2.jpg')).toEqual([
      'https://a.example.com/1.jpg',
      'http://b.example.com/2.jpg',
    ]);
    expect(decodeImages('https://a.example.com/1.jpg,https://a.example.com/2.jpg')).toEqual([
      'https://a.example.com/1.jpg',
      'https://a.example.com/2.jpg',
    ]);
    // a broken JSON list still yields its URLs
    expect(decodeImages('["https://a.example.com/1.jpg", "https://a.example.com/2.jpg"')).toEqual([
      'https://a.example.com/1.jpg',
      'https://a.example.com/2.jpg',
    ]);
    expect(decodeImages('{"url":"https://a.example.com/1.jpg"}')).toEqual(['https://a.example.com/1.jpg']);
  });

  it('does not extract protocol-relative or javascript: entries from free text', () => {
    expect(decodeImages('//evil.example.com/x.jpg javascript:alert(1) https://ok.example.com/a.jpg')).toEqual([
      'https://ok.example.com/a.jpg',
    ]);
    expect(decodeImages('//evil.example.com/x.jpg javascript:alert(1)')).toEqual([]);
  });

  it.each([['aucune image'], [''], [null], [undefined], [12], [{ url: 'https://a.example.com/1.jpg' }]])(
    'gives the empty list for %p',
    (input) => {
      expect(decodeImages(input)).toEqual([]);
    },
  );
});

describe('decodeHote', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_HOTE).toEqual({ nom: '', experience: 'Nouveau', tauxReponse: '100%', delaiReponse: '1h' });
  });

  it('decodes a JSON string and an object', () => {
    const full = { nom: 'Marie', experience: '5 ans', tauxReponse: '98%', delaiReponse: '2h' };
    expect(decodeHote(JSON.stringify(full))).toEqual(full);
    expect(decodeHote(full)).toEqual(full);
  });

  it("defaults experience to 'Nouveau', tauxReponse to '100%', delaiReponse to '1h'", () => {
    expect(decodeHote({ nom: 'Paul' })).toEqual({ nom: 'Paul', experience: 'Nouveau', tauxReponse: '100%', delaiReponse: '1h' });
    expect(decodeHote({ nom: 'Paul', experience: '', tauxReponse: '  ', delaiReponse: 3 })).toEqual({
      nom: 'Paul',
      experience: 'Nouveau',
      tauxReponse: '100%',
      delaiReponse: '1h',
    });
  });

  it.each([['garbage'], [null], [undefined], [['Marie']], [5]])('falls back entirely for %p', (input) => {
    expect(decodeHote(input)).toEqual({ nom: '', experience: 'Nouveau', tauxReponse: '100%', delaiReponse: '1h' });
  });
});

describe('decodeRegles', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_REGLES).toEqual({ arrivee: '15:00 - 00:00', depart: 'avant 12:00', voyageursMax: 2 });
  });

  it('decodes a JSON string and an object, numeric strings included', () => {
    expect(decodeRegles('{"arrivee":"16:00 - 22:00","depart":"avant 11:00","voyageursMax":4}')).toEqual({
      arrivee: '16:00 - 22:00',
      depart: 'avant 11:00',
      voyageursMax: 4,
    });
    expect(decodeRegles({ arrivee: '14:00', depart: 'avant 10:00', voyageursMax: '6' })).toEqual({
      arrivee: '14:00',
      depart: 'avant 10:00',
      voyageursMax: 6,
    });
  });

  it("defaults to '15:00 - 00:00', 'avant 12:00' and 2", () => {
    expect(decodeRegles({ voyageursMax: 3 })).toEqual({ arrivee: '15:00 - 00:00', depart: 'avant 12:00', voyageursMax: 3 });
    expect(decodeRegles({ arrivee: '', depart: null, voyageursMax: 'deux' })).toEqual({
      arrivee: '15:00 - 00:00',
      depart: 'avant 12:00',
      voyageursMax: 2,
    });
    expect(decodeRegles('n/a')).toEqual({ arrivee: '15:00 - 00:00', depart: 'avant 12:00', voyageursMax: 2 });
    expect(decodeRegles(undefined)).toEqual({ arrivee: '15:00 - 00:00', depart: 'avant 12:00', voyageursMax: 2 });
  });
});

describe('decodeEquipements', () => {
  it('decodes both lists from a JSON string, each list itself possibly a JSON string', () => {
    expect(decodeEquipements('{"salleDeBain":["Sèche-cheveux","Shampooing"],"internetEtBureau":["Wifi"]}')).toEqual({
      salleDeBain: ['Sèche-cheveux', 'Shampooing'],
      internetEtBureau: ['Wifi'],
    });
    expect(decodeEquipements({ salleDeBain: '["Baignoire"]', internetEtBureau: ['Bureau', 7] })).toEqual({
      salleDeBain: ['Baignoire'],
      internetEtBureau: ['Bureau'],
    });
  });

  it('falls back to empty lists', () => {
    expect(decodeEquipements({ salleDeBain: 'Baignoire' })).toEqual({ salleDeBain: [], internetEtBureau: [] });
    expect(decodeEquipements('garbage')).toEqual({ salleDeBain: [], internetEtBureau: [] });
    expect(decodeEquipements(null)).toEqual({ salleDeBain: [], internetEtBureau: [] });
  });
});

describe('decodeAppartement', () => {
  const emptyApartment = {
    id: 0,
    slug: '',
    titre: '',
    description: '',
    localisation: '',
    ville: '',
    latitude: null,
    longitude: null,
    prixParNuit: 0,
    surface: 0,
    note: 5,
    nombreAvis: 0,
    smoobuId: null,
    politiqueAnnulation: 'Flexible',
    capacite: { voyageurs: 1, chambres: 1, lits: 1, sallesDeBain: 1 },
    inclus: [],
    nonInclus: [],
    images: [],
    hote: { nom: '', experience: 'Nouveau', tauxReponse: '100%', delaiReponse: '1h' },
    regles: { arrivee: '15:00 - 00:00', depart: 'avant 12:00', voyageursMax: 2 },
    equipements: { salleDeBain: [], internetEtBureau: [] },
    tarifs: REGLES_TARIFAIRES_VIDES,
    prixMin: 0,
    prixVarie: false,
    classement: 0,
    numeroEnregistrement: null,
    publie: true,
  };

  it('exports the spec defaults for note and review count', () => {
    expect(DEFAULT_NOTE).toBe(5);
    expect(DEFAULT_NOMBRE_AVIS).toBe(0);
  });

  it('decodes a complete apartment whose JSON fields arrive as strings', () => {
    expect(
      decodeAppartement({
        id: 7,
        slug: 'studio-cathedrale',
        titre: 'Studio Cathédrale',
        description: 'Au pied de la cathédrale.',
        localisation: 'Metz Centre',
        prixParNuit: '89.50',
        surface: 32,
        note: 4.8,
        nombreAvis: 12,
        smoobuId: 1234567,
        politiqueAnnulation: 'Modérée',
        capacite: '{"voyageurs":2,"chambres":1,"lits":1,"sallesDeBain":1}',
        inclus: '["Wifi","Netflix"]',
        nonInclus: ['Animaux de compagnie'],
        images: '["https://img.example.com/1.jpg","/media/2.jpg"]',
        hote: '{"nom":"Claire","experience":"3 ans","tauxReponse":"95%","delaiReponse":"30 min"}',
        regles: { arrivee: '16:00 - 20:00', depart: 'avant 10:00', voyageursMax: 2 },
        equipements: '{"salleDeBain":["Douche"],"internetEtBureau":["Wifi","Bureau"]}',
      }),
    ).toEqual({
      id: 7,
      slug: 'studio-cathedrale',
      titre: 'Studio Cathédrale',
      description: 'Au pied de la cathédrale.',
      localisation: 'Metz Centre',
      ville: 'Metz',
      latitude: null,
      longitude: null,
      prixParNuit: 89.5,
      surface: 32,
      note: 4.8,
      nombreAvis: 12,
      smoobuId: 1234567,
      politiqueAnnulation: 'Modérée',
      capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 },
      inclus: ['Wifi', 'Netflix'],
      nonInclus: ['Animaux de compagnie'],
      images: ['https://img.example.com/1.jpg', '/media/2.jpg'],
      hote: { nom: 'Claire', experience: '3 ans', tauxReponse: '95%', delaiReponse: '30 min' },
      regles: { arrivee: '16:00 - 20:00', depart: 'avant 10:00', voyageursMax: 2 },
      equipements: { salleDeBain: ['Douche'], internetEtBureau: ['Wifi', 'Bureau'] },
      tarifs: REGLES_TARIFAIRES_VIDES,
      prixMin: expect.any(Number),
      prixVarie: false,
      classement: 0,
      numeroEnregistrement: null,
      publie: true,
    });
  });

  it("gives note 5, nombreAvis 0, smoobuId null and 'Flexible' when fields are missing", () => {
    expect(decodeAppartement({})).toEqual(emptyApartment);
    const a = decodeAppartement({ id: 3, titre: 'T' });
    expect(a.note).toBe(5);
    expect(a.nombreAvis).toBe(0);
    expect(a.smoobuId).toBeNull();
    expect(a.politiqueAnnulation).toBe('Flexible');
  });

  it.each([[null], [undefined], ['{"id":1}'], [[{ id: 1 }]], [42]])('is tolerant of a non-object %p', (input) => {
    expect(decodeAppartement(input)).toEqual(emptyApartment);
  });

  it('is tolerant of broken individual fields', () => {
    const a = decodeAppartement({
      id: '12',
      titre: '   ',
      description: 5,
      prixParNuit: 'cher',
      surface: null,
      note: 'excellent',
      nombreAvis: '8',
      smoobuId: '',
      politiqueAnnulation: '',
      capacite: '{broken',
      inclus: 'Wifi',
      images: 'aucune',
      hote: 'x',
      regles: 3,
      equipements: [],
    });
    expect(a).toEqual({ ...emptyApartment, id: 12, nombreAvis: 8 });
  });

  it('keeps real zeros and numeric strings, truncating integer fields', () => {
    const a = decodeAppartement({ id: 4.7, note: 0, nombreAvis: 3.9, smoobuId: '7654321', prixParNuit: 0, surface: '45.5' });
    expect(a.id).toBe(4);
    expect(a.note).toBe(0);
    expect(a.nombreAvis).toBe(3);
    expect(a.smoobuId).toBe(7654321);
    expect(a.prixParNuit).toBe(0);
    expect(a.surface).toBe(45.5);
  });

  it('keeps a blank description as sent', () => {
    expect(decodeAppartement({ description: '  ' }).description).toBe('  ');
  });
});

describe('decodeImages on a bare string', () => {
  it('keeps a single site-relative path and drops sentence punctuation after a URL', () => {
    expect(decodeImages('/media/a.jpg')).toEqual(['/media/a.jpg']);
    expect(decodeImages('Voir https://a.com/x.jpg.')).toEqual(['https://a.com/x.jpg']);
  });
});
