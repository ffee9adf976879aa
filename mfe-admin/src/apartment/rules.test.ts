import { adminApi } from 'shared-kernel';
import { appartement, httpError, networkError } from '../../test/fixtures';
import { checkAddForm, emptyAddForm, toNewPayload } from './addForm';
import { addFailureMessage, createApartment } from './createApartment';
import { checkEditForm, fromAppartement, toUpdatePayload } from './editForm';
import { splitImages, splitList, toggle } from './images';
import { ADD_MINIMUMS, numberProblem } from './numbers';
import { freshSmoobuId } from './useKnownApartments';

const create = jest.spyOn(adminApi, 'createAppartement');

describe('lists', () => {
  it('toggles a label and splits comma lists', () => {
    expect(toggle(['Wifi'], 'Piscine')).toEqual(['Wifi', 'Piscine']);
    expect(toggle(['Wifi', 'Piscine'], 'Wifi')).toEqual(['Piscine']);
    expect(splitList(' a, b ,, c ')).toEqual(['a', 'b', 'c']);
  });

  it('keeps the valid image URLs and tells when some were dropped', () => {
    expect(splitImages([' https://a.test/1.jpg ', '', 'ftp://b'])).toEqual({ valid: ['https://a.test/1.jpg'], dropped: true });
    expect(splitImages(['/media/demo/loft.jpg'])).toEqual({ valid: ['/media/demo/loft.jpg'], dropped: false });
  });
});

describe('numbers', () => {
  const values = { ...emptyAddForm(), prixParNuit: '89', surface: '45' };
  it('checks in the order of the form', () => {
    expect(numberProblem(values, ADD_MINIMUMS)).toBeNull();
    expect(numberProblem({ ...values, prixParNuit: 'abc' }, ADD_MINIMUMS)?.message).toBe('Le champ « prix par nuit » doit être un nombre.');
    expect(numberProblem({ ...values, lits: '1.5' }, ADD_MINIMUMS)?.field).toBe('lits');
  });
});

describe('add form', () => {
  const filled = {
    ...emptyAddForm(),
    titre: 'Loft',
    description: 'Un loft.',
    localisation: 'Metz',
    prixParNuit: '80',
    surface: '30',
    images: ['https://a.test/1.jpg'],
  };

  it('refuses a title that makes no slug', () => {
    expect(checkAddForm({ ...filled, titre: '!!!' })).toMatchObject({ ok: false, problem: { field: 'titre' } });
  });

  it('builds regles.voyageursMax from the travellers and falls back to the default rules', () => {
    const payload = toNewPayload({ ...filled, voyageurs: '6', arrivee: ' ', depart: '' }, ['https://a.test/1.jpg'], 1234567);
    expect(JSON.parse(payload.regles)).toEqual({ arrivee: '15:00 - 00:00', depart: 'avant 12:00', voyageursMax: 6 });
    expect(payload.slug).toBe('loft');
  });
});

describe('edit form', () => {
  it('round-trips an apartment into its payload', () => {
    const payload = toUpdatePayload(fromAppartement(appartement({ smoobuId: null, prixParNuit: 89.9 })));
    expect(payload.prixParNuit).toBe(89.9);
    expect(payload.smoobuId).toBeNull();
    expect(checkEditForm(fromAppartement(appartement()))).toBeNull();
  });

  it('ignores blank image entries', () => {
    const form = { ...fromAppartement(appartement()), images: ['https://images.test/a.jpg', '  '] };
    expect(checkEditForm(form)).toBeNull();
    expect(JSON.parse(toUpdatePayload(form).images)).toEqual(['https://images.test/a.jpg']);
  });
});

describe('sending with retries', () => {
  beforeEach(() => create.mockReset());

  it('does not retry other conflicts', async () => {
    create.mockRejectedValue(httpError(409, 'Ce slug est déjà utilisé par un autre appartement : modifiez le titre.', 'SLUG_TAKEN'));
    const payload = toNewPayload({ ...emptyAddForm(), titre: 'Loft' }, [], 1111111);
    const outcome = await createApartment(payload, { nextSmoobuId: () => 2222222 });
    expect(outcome).toEqual({
      ok: false,
      message: 'Ce slug est déjà utilisé par un autre appartement : modifiez le titre.',
      smoobuId: 1111111,
    });
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('tells each failure as the catalogue says', () => {
    expect(addFailureMessage(httpError(502))).toBe("Erreur lors de l'ajout de l'appartement (502)");
    expect(addFailureMessage(networkError())).toBe("Une erreur est survenue lors de l'ajout de l'appartement");
    expect(addFailureMessage(new Error('boom'))).toBe("Une erreur est survenue lors de l'ajout de l'appartement");
  });

  it('draws a smoobuId that is not known to be taken', () => {
    const draws = [0, 0, 0.5];
    const random = () => draws.shift() ?? 0.9;
    expect(freshSmoobuId(new Set([1_000_000]), random)).toBe(5_500_000);
  });
});
