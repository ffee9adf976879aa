import {
  dateOrNotSpecified,
  describePreferences,
  describeValue,
  humanizeKey,
  initialOf,
  orNotSpecified,
  paymentLabel,
  roleLabel,
} from './profileText';

describe('profile texts', () => {
  it("shows 'Non spécifié' for what is missing", () => {
    expect(orNotSpecified(null)).toBe('Non spécifié');
    expect(orNotSpecified('  ')).toBe('Non spécifié');
    expect(orNotSpecified(' Metz ')).toBe('Metz');
    expect(dateOrNotSpecified(null)).toBe('Non spécifié');
    expect(dateOrNotSpecified('1990-04-15')).toBe('15 avril 1990');
    expect(dateOrNotSpecified('vers 1990')).toBe('vers 1990');
    expect(paymentLabel(null)).toBe('Non spécifié');
    expect(paymentLabel('paypal')).toBe('PayPal');
    expect(paymentLabel('Virement')).toBe('Virement');
    expect(roleLabel('admin')).toBe('Administrateur');
    expect(roleLabel('client')).toBe('Client');
  });

  it('gives the initial of a name', () => {
    expect(initialOf('élise')).toBe('É');
    expect(initialOf('')).toBe('?');
  });

  it('turns preference keys and values into words', () => {
    expect(humanizeKey('langueParDefaut')).toBe('Langue par defaut');
    expect(humanizeKey('type_de_sejour')).toBe('Type de sejour');
    expect(describeValue([true, 'a', null])).toBe('Oui, a');
    expect(describeValue({})).toBe('Non spécifié');
    expect(describePreferences(null)).toEqual([]);
    expect(describePreferences({})).toEqual([]);
    expect(describePreferences('{"newsletter":true}')).toEqual([['Newsletter', 'Oui']]);
    expect(describePreferences(['calme', 'vue'])).toEqual([['Préférences', 'calme, vue']]);
    expect(describePreferences('étage élevé')).toEqual([['Préférences', 'étage élevé']]);
  });
});
