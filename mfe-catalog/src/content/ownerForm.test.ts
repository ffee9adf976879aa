import { EMAIL_INVALID, NOM_REQUIRED, isValidEmail, trimOwnerRequest, validateOwnerRequest } from './ownerForm';

const valid = { nom: 'Durand', prenom: '', email: 'claire.durand@example.fr', message: '' };

it('accepts a request with a nom and a valid email, prenom and message being optional', () => {
  expect(validateOwnerRequest(valid)).toEqual({});
});

it('requires a nom that is not blank', () => {
  expect(validateOwnerRequest({ ...valid, nom: '' })).toEqual({ nom: NOM_REQUIRED });
  expect(validateOwnerRequest({ ...valid, nom: '   ' })).toEqual({ nom: NOM_REQUIRED });
});

it('requires a valid email', () => {
  expect(validateOwnerRequest({ ...valid, email: '' })).toEqual({ email: EMAIL_INVALID });
  for (const email of ['claire', 'claire@', 'claire@example', '@example.fr', 'claire durand@example.fr', 'claire@example.']) {
    expect(isValidEmail(email)).toBe(false);
  }
  for (const email of ['c@d.fr', ' claire.durand@mail.example.fr ', 'claire+metz@example.co.uk']) {
    expect(isValidEmail(email)).toBe(true);
  }
});

it('trims the request before it is logged', () => {
  expect(trimOwnerRequest({ nom: ' Durand ', prenom: ' Claire', email: 'c@d.fr ', message: ' T2 ' })).toEqual({
    nom: 'Durand',
    prenom: 'Claire',
    email: 'c@d.fr',
    message: 'T2',
  });
});
