import { SLUG_MAX_LENGTH, slugify } from '../src/rules/slug';

describe('slugify', () => {
  it('has a 30-character limit', () => {
    expect(SLUG_MAX_LENGTH).toBe(30);
  });

  it('lowercases and turns spaces into hyphens', () => {
    expect(slugify('Studio Metz Centre')).toBe('studio-metz-centre');
  });

  it('removes accents', () => {
    expect(slugify('Élégant Studio à Metz')).toBe('elegant-studio-a-metz');
    expect(slugify('Façade près de la gare')).toBe('facade-pres-de-la-gare');
    expect(slugify('Gîte où ÇA brûle')).toBe('gite-ou-ca-brule');
  });

  it('removes punctuation', () => {
    expect(slugify("L'appartement, c'est top !")).toBe('lappartement-cest-top');
    expect(slugify('Loft (2 pièces) & terrasse?')).toBe('loft-2-pieces-terrasse');
    expect(slugify('Studio_n°5 / Metz.')).toBe('studion5-metz');
  });

  it('collapses runs of spaces and hyphens and trims the ends', () => {
    expect(slugify('  Studio   -   Metz  ')).toBe('studio-metz');
    expect(slugify('Studio---Metz')).toBe('studio-metz');
    expect(slugify('Studio\t\nMetz')).toBe('studio-metz');
    expect(slugify('Loft !!! Metz')).toBe('loft-metz');
  });

  it('keeps digits', () => {
    expect(slugify('T3 de 75 m2')).toBe('t3-de-75-m2');
  });

  it('cuts at 30 characters', () => {
    const slug = slugify('Un très bel appartement lumineux au centre de Metz');
    expect(slug).toBe('un-tres-bel-appartement-lumine');
    expect(slug).toHaveLength(30);
  });

  it('leaves no trailing hyphen after the cut', () => {
    const title = `${'a'.repeat(29)} suite`;
    expect(slugify(title)).toBe('a'.repeat(29));
    expect(slugify('Appartement familial spacieux à Metz')).toBe('appartement-familial-spacieux');
  });

  it('gives an empty slug for a title without letters or digits', () => {
    expect(slugify('')).toBe('');
    expect(slugify('!!! ???')).toBe('');
  });
});

describe('letters that are not accents', () => {
  it('spells œ and æ out and drops a leading hyphen', () => {
    expect(slugify('Cœur de Metz')).toBe('coeur-de-metz');
    expect(slugify('Sœur & Œuvre')).toBe('soeur-oeuvre');
    expect(slugify('- Studio')).toBe('studio');
  });
});
