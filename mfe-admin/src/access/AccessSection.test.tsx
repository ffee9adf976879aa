import { adminAccessApi } from 'shared-kernel';
import { EMPTY_ACCES } from './acces';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_LOAD_FAILED, ACCESS_SAVED, AccessSection, ADDRESS_REQUIRED } from './AccessSection';
import { QueryWrapper } from '../../../tooling/testing/query-client';

const get = jest.spyOn(adminAccessApi, 'get');
const save = jest.spyOn(adminAccessApi, 'save');
afterEach(() => jest.resetAllMocks());

it('loads the saved instructions, lets the admin change them and sends every field', async () => {
  const user = userEvent.setup();
  get.mockResolvedValue({ ...EMPTY_ACCES, adresse: '12 rue des Jardins, 57000 Metz', codeAcces: 'CODE-4821B' });
  save.mockImplementation(async (_id, acces) => acces);
  render(<AccessSection appartementId={5} />, { wrapper: QueryWrapper });

  expect(await screen.findByRole('heading', { name: 'Accès et arrivée' })).toBeTruthy();
  expect((screen.getByLabelText(/Adresse du logement/) as HTMLInputElement).value).toBe('12 rue des Jardins, 57000 Metz');
  expect((screen.getByLabelText('Code d’accès') as HTMLInputElement).value).toBe('CODE-4821B');
  await user.type(screen.getByLabelText('Nom du wifi'), 'SejoursMessins');
  await user.type(screen.getByLabelText('Mot de passe du wifi'), 'wifi-77');
  await user.type(screen.getByLabelText('Stationnement'), 'Parking Saint-Jacques');
  await user.click(screen.getByRole('button', { name: 'Enregistrer les instructions d’arrivée' }));

  expect(save).toHaveBeenCalledWith(5, {
    ...EMPTY_ACCES,
    adresse: '12 rue des Jardins, 57000 Metz',
    codeAcces: 'CODE-4821B',
    wifiNom: 'SejoursMessins',
    wifiMotDePasse: 'wifi-77',
    parking: 'Parking Saint-Jacques',
  });
  expect((await screen.findByRole('status')).textContent).toContain(ACCESS_SAVED);
});

it('asks for the address before sending, and shows the server’s French message on a refusal', async () => {
  const user = userEvent.setup();
  get.mockResolvedValue(null);
  render(<AccessSection appartementId={5} />, { wrapper: QueryWrapper });
  await user.click(await screen.findByRole('button', { name: 'Enregistrer les instructions d’arrivée' }));
  expect(screen.getByRole('alert').textContent).toContain(ADDRESS_REQUIRED);
  expect(save).not.toHaveBeenCalled();

  save.mockRejectedValue(
    Object.assign(new Error('400'), {
      isAxiosError: true,
      response: { status: 400, data: { message: 'Le code d’accès ne doit pas dépasser 200 caractères.' } },
    }),
  );
  await user.type(screen.getByLabelText(/Adresse du logement/), '12 rue des Jardins');
  await user.click(screen.getByRole('button', { name: 'Enregistrer les instructions d’arrivée' }));
  expect((await screen.findByRole('alert')).textContent).toContain('Le code d’accès ne doit pas dépasser 200 caractères.');
});

it('shows a spinner while loading, and says when the instructions cannot be loaded', async () => {
  get.mockRejectedValue(new Error('réseau'));
  render(<AccessSection appartementId={5} />, { wrapper: QueryWrapper });
  expect(screen.getByRole('status').textContent).toBe('Chargement des instructions d’arrivée…');
  expect((await screen.findByRole('alert')).textContent).toBe(ACCESS_LOAD_FAILED);
  expect(get).toHaveBeenCalledWith(5);
  expect(screen.queryByRole('button', { name: 'Enregistrer les instructions d’arrivée' })).toBeNull();
});
