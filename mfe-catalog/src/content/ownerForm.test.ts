import { CONSENT_REQUIRED, EMAIL_INVALID, NOM_REQUIRED, isValidEmail, ownerLeadPayload, validateOwnerRequest } from './ownerForm';

const valid = { nom: 'Durand', prenom: '', email: 'claire.durand@example.fr', message: '', consentement: true, siteWeb: '' };

it('accepts a request with a nom, a valid email and the consent, prenom and message being optional', () => {
  expect(validateOwnerRequest(valid)).toEqual({});
});

it('requires a nom that is not blank', () => {
  expect(validateOwnerRequest({ ...valid, nom: '' })).toEqual({ nom: NOM_REQUIRED });
  expect(validateOwnerRequest({ ...valid, nom: '   ' })).toEqual({ nom: NOM_REQUIRED });
});

it('requires the consent to be contacted', () => {
  expect(validateOwnerRequest({ ...valid, consentement: false })).toEqual({ consentement: CONSENT_REQUIRED });
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

it('sends the request trimmed, without empty optional fields, and with the honeypot only when filled', () => {
  expect(
    ownerLeadPayload({ nom: ' Durand ', prenom: ' Claire', email: 'c@d.fr ', message: ' T2 ', consentement: true, siteWeb: '' }),
  ).toEqual({
    nom: 'Durand',
    prenom: 'Claire',
    email: 'c@d.fr',
    message: 'T2',
    consentement: true,
  });
  expect(ownerLeadPayload({ ...valid, siteWeb: 'http://spam.example' })).toEqual({
    nom: 'Durand',
    email: 'claire.durand@example.fr',
    consentement: true,
    siteWeb: 'http://spam.example',
  });
});
