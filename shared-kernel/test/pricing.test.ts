import {
  calendrierTarifs,
  decodeReglesTarifaires,
  devisSejour,
  prixApartirDe,
  REGLES_TARIFAIRES_VIDES,
  reglesTarifairesProblems,
  type DevisInput,
  type ReglesTarifaires,
} from '../src/rules/pricing';
import { taxeSejour, tauxProblems, type TauxTaxeSejour } from '../src/rules/taxe-sejour';

// Example rates (not the commune's published ones): 5 % for non classé, ceiling 4.90 €, 10 % departmental.
const TAUX_2026: TauxTaxeSejour = {
  annee: 2026,
  pourcentageNonClasse: 5,
  plafondNonClasse: 4.9,
  parEtoiles: { '1': 0.8, '2': 0.9, '3': 1.2, '4': 1.6, '5': 2.3 },
  taxeAdditionnelle: 10,
};
const TAUX_2027: TauxTaxeSejour = { ...TAUX_2026, annee: 2027, parEtoiles: { ...TAUX_2026.parEtoiles, '4': 1.8 } };

const regles: ReglesTarifaires = {
  prixWeekend: 130,
  periodes: [{ nom: 'Marché de Noël', debut: '2026-11-27', fin: '2026-12-27', prixParNuit: 150, sejourMinimum: 2 }],
  prixParDate: [{ date: '2026-12-31', prixParNuit: 250 }],
  fraisMenage: 40,
  voyageurSupplementaire: { auDela: 2, prixParNuit: 15 },
  remises: [
    { nuitsMin: 7, pourcentage: 10 },
    { nuitsMin: 28, pourcentage: 20 },
  ],
  sejourMinimum: 1,
};

function quote(partial: Partial<DevisInput>) {
  const result = devisSejour({
    arrivee: '2026-03-10',
    depart: '2026-03-13',
    adultes: 2,
    enfants: 0,
    prixParNuit: 100,
    regles: REGLES_TARIFAIRES_VIDES,
    classement: 0,
    taux: [],
    ...partial,
  });
  if ('refus' in result) throw new Error(result.refus);
  return result.devis;
}

describe('taxe de séjour, worked by hand from the rule', () => {
  it('non classé at 5 %: 2 adults + 1 child, 120 €/night, 3 nights', () => {
    // 120 € / 3 occupants = 40 € per person; 5 % = 2,00 € (under the 4,90 € ceiling), due for the 2 adults:
    // 4,00 € a night, 12,00 € for 3 nights; departmental 10 % = 1,20 €; tax 13,20 €; stay 360 + 13,20 = 373,20 €.
    const devis = quote({ prixParNuit: 120, adultes: 2, enfants: 1, taux: [TAUX_2026] });
    expect(devis.taxeSejour).toEqual({ communale: 1200, departementale: 120, total: 1320, nuitsAdultes: 6, nuitsExonerees: 3 });
    // Without any configured rate, nothing is due and no line is shown.
    expect(quote({ prixParNuit: 120, adultes: 2, enfants: 1 }).lignes).toEqual([{ libelle: '3 nuits × 120 €', montant: 360 }]);
  });

  it('non classé: the extra-guest supplement is part of the taxable price of the night (issue 31 item 9)', () => {
    // 4 adults, 100 €/night + 2 extra guests × 15 € = 130 € a night; 130 / 4 = 32,50 € per person; 5 % = 1,625 €,
    // rounded to 1,63 €; × 4 adults = 6,52 € a night, 13,04 € for 2 nights; departmental 10 % = 1,30 €.
    // (Without the supplement: 100 / 4 × 5 % = 1,25 € → 10,00 € + 1,00 €.)
    const devis = quote({
      arrivee: '2026-03-10',
      depart: '2026-03-12',
      adultes: 4,
      prixParNuit: 100,
      regles: { ...REGLES_TARIFAIRES_VIDES, voyageurSupplementaire: { auDela: 2, prixParNuit: 15 } },
      taux: [TAUX_2026],
    });
    expect(devis.taxeSejour).toEqual({ communale: 1304, departementale: 130, total: 1434, nuitsAdultes: 8, nuitsExonerees: 0 });
    // A classified lodging's tax is per adult and night, whatever the price.
    const classe = quote({
      arrivee: '2026-03-10',
      depart: '2026-03-12',
      adultes: 4,
      prixParNuit: 100,
      classement: 3,
      regles: { ...REGLES_TARIFAIRES_VIDES, voyageurSupplementaire: { auDela: 2, prixParNuit: 15 } },
      taux: [TAUX_2026],
    });
    expect(classe.taxeSejour.communale).toBe(120 * 4 * 2);
  });

  it('with the rates, the quote carries the Taxe de séjour line and the total', () => {
    const devis = quote({ prixParNuit: 120, adultes: 2, enfants: 1, taux: [TAUX_2026] });
    expect(devis.lignes).toEqual([
      { libelle: '3 nuits × 120 €', montant: 360 },
      { libelle: 'Taxe de séjour', montant: 13.2 },
    ]);
    expect(devis.total).toBe(373.2);
    expect(devis.acompte).toBe(373.2);
    expect(devis.reste).toBe(0);
  });

  it('non classé is capped at the ceiling: 1 adult, 400 €/night, 2 nights', () => {
    // 5 % of 400 € = 20 € > 4,90 €: 4,90 € × 2 nights = 9,80 €, + 10 % = 0,98 €: 10,78 €.
    const t = taxeSejour(
      [
        { date: '2026-03-10', prix: 40000 },
        { date: '2026-03-11', prix: 40000 },
      ],
      0,
      1,
      0,
      [TAUX_2026],
    );
    expect(t.total).toBe(1078);
  });

  it('4 étoiles: a fixed amount per adult per night, children exempt', () => {
    // 1,60 € × 2 adults × 3 nights = 9,60 €, + 10 % = 0,96 €: 10,56 €; 3 × 150 € + 10,56 € = 460,56 €.
    const devis = quote({ prixParNuit: 150, adultes: 2, enfants: 2, classement: 4, taux: [TAUX_2026] });
    expect(devis.taxeSejour).toEqual({ communale: 960, departementale: 96, total: 1056, nuitsAdultes: 6, nuitsExonerees: 6 });
    expect(devis.total).toBe(460.56);
  });

  it('a stay across 1 January uses each night’s year rates', () => {
    // 30 and 31 December 2026 at 1,60 € × 2 adults = 6,40 €; 1 January 2027 at 1,80 € × 2 = 3,60 €;
    // communal 10,00 €, departmental 1,00 €: 11,00 €.
    const t = taxeSejour(
      [
        { date: '2026-12-30', prix: 9000 },
        { date: '2026-12-31', prix: 9000 },
        { date: '2027-01-01', prix: 9000 },
      ],
      4,
      2,
      0,
      [TAUX_2027, TAUX_2026],
    );
    expect(t).toEqual({ communale: 1000, departementale: 100, total: 1100, nuitsAdultes: 6, nuitsExonerees: 0 });
  });

  it('refuses rates out of the legal range', () => {
    expect(tauxProblems(TAUX_2026)).toEqual([]);
    expect(tauxProblems({ ...TAUX_2026, pourcentageNonClasse: 6 })).toContain(
      'Le taux pour les hébergements non classés doit être compris entre 1 et 5 %.',
    );
  });
});

describe('pricing rules', () => {
  it('prices weekend nights (Friday and Saturday) at the weekend price', () => {
    const devis = quote({ arrivee: '2026-03-06', depart: '2026-03-09', regles: { ...REGLES_TARIFAIRES_VIDES, prixWeekend: 130 } });
    expect(devis.lignes).toEqual([
      { libelle: '2 nuits × 130 € (Week-end)', montant: 260 },
      { libelle: '1 nuit × 100 € (Tarif de base)', montant: 100 },
    ]);
    expect(devis.total).toBe(360);
  });

  it('groups nights by rate, adds extra guests and the cleaning fee', () => {
    // Wed 25 and Thu 26 at 100 €, Fri 27 in the Christmas market period at 150 €; 3 guests, 1 above 2: 1 × 3 × 15 €.
    const devis = quote({ arrivee: '2026-11-25', depart: '2026-11-28', adultes: 3, regles });
    expect(devis.lignes).toEqual([
      { libelle: '2 nuits × 100 € (Tarif de base)', montant: 200 },
      { libelle: '1 nuit × 150 € (Marché de Noël)', montant: 150 },
      { libelle: 'Voyageurs supplémentaires (1 × 3 nuits × 15 €)', montant: 45 },
      { libelle: 'Frais de ménage', montant: 40 },
    ]);
    expect(devis.total).toBe(435);
  });

  it('applies the largest length-of-stay discount and splits 500 € deposit and remainder', () => {
    // Mon 9 to Mon 16 March: 5 × 100 € + Fri and Sat at 130 € = 760 €; −10 % = −76 €; + 40 € cleaning = 724 €.
    const devis = quote({ arrivee: '2026-03-09', depart: '2026-03-16', regles });
    expect(devis.lignes).toContainEqual({ libelle: 'Remise à partir de 7 nuits (−10 %)', montant: -76 });
    expect(devis.total).toBe(724);
    expect(devis.acompte).toBe(500);
    expect(devis.reste).toBe(224);
  });

  it('a single-date price wins over everything', () => {
    expect(quote({ arrivee: '2026-12-31', depart: '2027-01-01', regles }).lignes[0]).toEqual({
      libelle: '1 nuit × 250 € (Tarif spécial)',
      montant: 250,
    });
  });

  it('refuses a stay shorter than the minimum of its arrival date', () => {
    expect(
      devisSejour({
        arrivee: '2026-12-01',
        depart: '2026-12-02',
        adultes: 1,
        enfants: 0,
        prixParNuit: 100,
        regles,
        classement: 0,
        taux: [],
      }),
    ).toEqual({ refus: 'Séjour minimum : 2 nuits pour ces dates.' });
    expect(
      devisSejour({
        arrivee: '2026-03-01',
        depart: '2026-03-03',
        adultes: 1,
        enfants: 0,
        prixParNuit: 100,
        regles: { ...regles, sejourMinimum: 3 },
        classement: 0,
        taux: [],
      }),
    ).toEqual({ refus: 'Séjour minimum : 3 nuits pour ces dates.' });
  });

  it('validates rules with French messages and refuses overlapping periods', () => {
    expect(reglesTarifairesProblems(regles)).toEqual([]);
    const overlapping = {
      ...regles,
      periodes: [...regles.periodes, { nom: 'Fêtes', debut: '2026-12-20', fin: '2027-01-02', prixParNuit: 180, sejourMinimum: null }],
    };
    expect(reglesTarifairesProblems(overlapping)).toEqual(['Les périodes « Marché de Noël » et « Fêtes » se chevauchent.']);
    expect(reglesTarifairesProblems({ ...regles, fraisMenage: -1 })).toEqual([
      'Les frais de ménage doivent être un montant positif (2 décimales au plus).',
    ]);
  });

  it('gives the calendar prices, the lowest price and decodes stored rules tolerantly', () => {
    expect(calendrierTarifs('2026-11-26', '2026-11-28', 100, regles)).toEqual([
      { date: '2026-11-26', prix: 100, sejourMinimum: 1 },
      { date: '2026-11-27', prix: 150, sejourMinimum: 2 },
      { date: '2026-11-28', prix: 150, sejourMinimum: 2 },
    ]);
    expect(prixApartirDe(100, regles)).toEqual({ prixMin: 100, prixVarie: true });
    expect(prixApartirDe(100, REGLES_TARIFAIRES_VIDES)).toEqual({ prixMin: 100, prixVarie: false });
    expect(decodeReglesTarifaires('nonsense')).toEqual(REGLES_TARIFAIRES_VIDES);
    expect(decodeReglesTarifaires(regles)).toEqual(regles);
  });
});
