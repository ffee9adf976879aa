import { adminApi } from 'shared-kernel';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appartement, httpError } from '../../test/fixtures';
import { PricingSection } from './PricingSection';
import { QueryWrapper } from '../../../tooling/testing/query-client';

const update = jest.spyOn(adminApi, 'updateAppartement');
const onSaved = jest.fn();

beforeEach(() => {
  update.mockReset();
  onSaved.mockReset();
});

const form = () => screen.getByRole('form', { name: 'Tarifs, taxe de séjour et publication' });

async function addPeriod(user: ReturnType<typeof userEvent.setup>, index: number, values: [string, string, string, string]) {
  await user.click(screen.getByRole('button', { name: 'Ajouter une période' }));
  const row = screen.getByRole('group', { name: `Période ${index}` });
  const [nom, debut, fin, prix] = values;
  await user.type(within(row).getByLabelText('Nom'), nom);
  await user.type(within(row).getByLabelText('Du'), debut);
  await user.type(within(row).getByLabelText('Au (inclus)'), fin);
  await user.type(within(row).getByLabelText('Prix par nuit (€)'), prix);
}

it('refuses to publish without a registration number, before sending anything', async () => {
  const user = userEvent.setup({ delay: null });
  render(<PricingSection appartement={appartement({ numeroEnregistrement: null, publie: false })} onSaved={onSaved} />, {
    wrapper: QueryWrapper,
  });
  await user.click(within(form()).getByLabelText(/Publié/));
  await user.click(screen.getByRole('button', { name: 'Enregistrer les tarifs' }));
  expect(screen.getByText("Le numéro d'enregistrement est obligatoire pour publier un appartement.")).toBeTruthy();
  expect(update).not.toHaveBeenCalled();
});

it('refuses overlapping periods with the French message', async () => {
  const user = userEvent.setup({ delay: null });
  render(<PricingSection appartement={appartement({ numeroEnregistrement: '57463000123AB' })} onSaved={onSaved} />, {
    wrapper: QueryWrapper,
  });
  await addPeriod(user, 1, ['Été', '2027-07-01', '2027-08-31', '140']);
  await addPeriod(user, 2, ['Mirabelle', '2027-08-20', '2027-09-05', '150']);
  await user.click(screen.getByRole('button', { name: 'Enregistrer les tarifs' }));
  expect(screen.getByText('Les périodes « Été » et « Mirabelle » se chevauchent.')).toBeTruthy();
  expect(update).not.toHaveBeenCalled();
});

it('sends the rules, the classification and the number with the apartment, and shows the server’s refusal', async () => {
  const user = userEvent.setup({ delay: null });
  update.mockResolvedValueOnce(appartement());
  render(<PricingSection appartement={appartement({ numeroEnregistrement: '57463000123AB' })} onSaved={onSaved} />, {
    wrapper: QueryWrapper,
  });
  await user.selectOptions(within(form()).getByLabelText('Classement'), '4');
  await user.type(within(form()).getByLabelText('Frais de ménage (€)'), '40');
  await user.type(within(form()).getByLabelText('Prix du week-end (vendredi et samedi, €)'), '130');
  await addPeriod(user, 1, ['Marché de Noël', '2026-11-27', '2026-12-27', '150']);
  await user.click(screen.getByRole('button', { name: 'Enregistrer les tarifs' }));
  expect(await screen.findByText('Tarifs enregistrés.')).toBeTruthy();
  const body = update.mock.calls[0]![1];
  expect(body.classement).toBe(4);
  expect(body.numeroEnregistrement).toBe('57463000123AB');
  expect(body.tarifs).toMatchObject({
    fraisMenage: 40,
    prixWeekend: 130,
    periodes: [{ nom: 'Marché de Noël', debut: '2026-11-27', fin: '2026-12-27', prixParNuit: 150, sejourMinimum: null }],
  });
  expect(body.titre).toBeTruthy();
  expect(onSaved).toHaveBeenCalledTimes(1);

  update.mockRejectedValueOnce(httpError(400, 'Séjour minimum : le serveur refuse.'));
  await user.click(screen.getByRole('button', { name: 'Enregistrer les tarifs' }));
  expect(await screen.findByText('Séjour minimum : le serveur refuse.')).toBeTruthy();
});
