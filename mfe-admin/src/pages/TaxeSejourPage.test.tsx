import { adminTaxeApi } from 'shared-kernel';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { httpError } from '../../test/fixtures';
import TaxeSejourPage from './TaxeSejourPage';
import { QueryWrapper } from '../../../tooling/testing/query-client';

const api = {
  taux: jest.spyOn(adminTaxeApi, 'taux'),
  saveTaux: jest.spyOn(adminTaxeApi, 'saveTaux'),
  declaration: jest.spyOn(adminTaxeApi, 'declaration'),
  declarationCsv: jest.spyOn(adminTaxeApi, 'declarationCsv'),
};
const year = new Date().getFullYear();
const rates = {
  annee: year,
  pourcentageNonClasse: 5,
  plafondNonClasse: 4.9,
  parEtoiles: { '1': 0.8, '2': 0.9, '3': 1.2, '4': 1.6, '5': 2.3 },
  taxeAdditionnelle: 10,
} as const;

beforeEach(() => {
  jest.resetAllMocks();
  api.taux.mockResolvedValue([rates]);
});

it("shows the year's rates, refuses a rate out of 1 to 5 % and saves valid ones", async () => {
  const user = userEvent.setup({ delay: null });
  render(<TaxeSejourPage />, { wrapper: QueryWrapper });
  const form = await screen.findByRole('form', { name: 'Taux de la taxe de séjour' });
  expect(screen.getByText(`${year} : non classé 5 % (plafond 4.9 €), taxe additionnelle 10 %`)).toBeTruthy();
  const rate = within(form).getByLabelText('Non classé : taux (1 à 5 %)') as HTMLInputElement;
  expect(rate.value).toBe('5');
  await user.clear(rate);
  await user.type(rate, '6');
  await user.click(within(form).getByRole('button', { name: 'Enregistrer les taux' }));
  expect(screen.getByText('Le taux pour les hébergements non classés doit être compris entre 1 et 5 %.')).toBeTruthy();
  expect(api.saveTaux).not.toHaveBeenCalled();

  api.saveTaux.mockResolvedValue({ ...rates, pourcentageNonClasse: 4 });
  await user.clear(rate);
  await user.type(rate, '4');
  await user.click(within(form).getByRole('button', { name: 'Enregistrer les taux' }));
  expect(await screen.findByText(`Taux ${year} enregistrés.`)).toBeTruthy();
  expect(api.saveTaux).toHaveBeenCalledWith({ ...rates, pourcentageNonClasse: 4 });
  // The saved rates are read again: the list shows what the server now holds.
  expect(api.taux).toHaveBeenCalledTimes(2);
});

it('sends the rates once while a save is on its way, the last outcome shown meanwhile', async () => {
  const user = userEvent.setup({ delay: null });
  render(<TaxeSejourPage />, { wrapper: QueryWrapper });
  const form = await screen.findByRole('form', { name: 'Taux de la taxe de séjour' });
  api.saveTaux.mockResolvedValueOnce({ ...rates });
  await user.click(within(form).getByRole('button', { name: 'Enregistrer les taux' }));
  expect(await screen.findByText(`Taux ${year} enregistrés.`)).toBeTruthy();

  let answer: (saved: typeof rates) => void = () => undefined;
  api.saveTaux.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
  fireEvent.submit(form);
  fireEvent.submit(form);
  await act(async () => undefined);
  expect(api.saveTaux).toHaveBeenCalledTimes(2);
  expect(screen.getByText(`Taux ${year} enregistrés.`)).toBeTruthy();
  await act(async () => answer({ ...rates }));
  expect(screen.getByText(`Taux ${year} enregistrés.`)).toBeTruthy();
});

it('says when the rates cannot be loaded', async () => {
  api.taux.mockRejectedValue(httpError(500));
  api.declaration.mockResolvedValue([]);
  render(<TaxeSejourPage />, { wrapper: QueryWrapper });
  expect(await screen.findByText("Les taux n'ont pas pu être chargés.")).toBeTruthy();
  expect(screen.queryByRole('form', { name: 'Taux de la taxe de séjour' })).toBeNull();
});

it('shows what to declare per month and apartment, with the total, and the server’s refusal', async () => {
  const user = userEvent.setup({ delay: null });
  api.declaration.mockResolvedValueOnce([
    {
      mois: '2026-12',
      appartementId: 1,
      titre: 'Studio cosy Cathédrale',
      numeroEnregistrement: '57463000123AB',
      nuits: 3,
      nuitsAdultes: 6,
      nuitsExonerees: 3,
      taxe: 13.2,
    },
    {
      mois: '2026-12',
      appartementId: 2,
      titre: 'Loft Impérial',
      numeroEnregistrement: null,
      nuits: 2,
      nuitsAdultes: 2,
      nuitsExonerees: 0,
      taxe: 3.3,
    },
  ]);
  render(<TaxeSejourPage />, { wrapper: QueryWrapper });
  await screen.findByRole('form', { name: 'Taux de la taxe de séjour' });
  await user.click(screen.getByRole('button', { name: 'Afficher' }));
  const table = await screen.findByRole('table');
  const rows = within(table).getAllByRole('row');
  expect(rows[1]!.textContent).toBe('2026-12Studio cosy Cathédrale57463000123AB36313,20 €');
  expect(within(table).getByText('Total collecté').nextElementSibling?.textContent).toBe('16,50 €');

  api.declaration.mockRejectedValueOnce(httpError(400, 'Le mois de début doit être au format AAAA-MM.'));
  await user.click(screen.getByRole('button', { name: 'Afficher' }));
  expect(await screen.findByText('Le mois de début doit être au format AAAA-MM.')).toBeTruthy();
});
