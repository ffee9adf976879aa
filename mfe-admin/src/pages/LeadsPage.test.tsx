import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, OWNER_LEAD_CONSENT, type OwnerLead } from 'shared-kernel';
import LeadsPage, { LEADS_LOAD_FAILED } from './LeadsPage';
import { QueryWrapper } from '../../../tooling/testing/query-client';

const lead: OwnerLead = {
  id: 7,
  nom: 'Durand',
  prenom: 'Claire',
  email: 'claire.durand@exemple.fr',
  message: 'T2 de 45 m² à Outre-Seille',
  consentement: OWNER_LEAD_CONSENT,
  statut: 'nouveau',
  notes: '',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};

afterEach(() => jest.restoreAllMocks());

it('lists the leads with who, when, the message and the consent given', async () => {
  jest.spyOn(http, 'get').mockResolvedValue({ data: [lead] });
  render(<LeadsPage />, { wrapper: QueryWrapper });
  const card = await screen.findByRole('article', { name: 'Claire Durand' });
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Demandes propriétaires');
  expect(screen.getByText('1 demande, dont 1 nouvelle.')).toBeTruthy();
  expect(within(card).getByRole('link', { name: 'claire.durand@exemple.fr' }).getAttribute('href')).toBe('mailto:claire.durand@exemple.fr');
  expect(within(card).getByText(/Reçue le 23\/11\/2026/)).toBeTruthy();
  expect(within(card).getByText('T2 de 45 m² à Outre-Seille')).toBeTruthy();
  expect(within(card).getByText(`Consentement donné : « ${OWNER_LEAD_CONSENT} »`)).toBeTruthy();
  expect((within(card).getByLabelText('Statut') as HTMLSelectElement).value).toBe('nouveau');
});

it('saves a status and notes', async () => {
  jest.spyOn(http, 'get').mockResolvedValue({ data: [lead] });
  const patch = (jest.spyOn(http, 'patch') as jest.SpyInstance).mockResolvedValue({
    data: { ...lead, statut: 'contacté', notes: 'Visite jeudi.' },
  });
  const user = userEvent.setup();
  render(<LeadsPage />, { wrapper: QueryWrapper });
  const card = await screen.findByRole('article', { name: 'Claire Durand' });
  await user.selectOptions(within(card).getByLabelText('Statut'), 'contacté');
  await user.type(within(card).getByLabelText('Notes'), 'Visite jeudi.');
  await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
  expect(patch).toHaveBeenCalledWith('/admin/demandes-proprietaires/7', { statut: 'contacté', notes: 'Visite jeudi.' });
  expect((await within(card).findByRole('status')).textContent).toBe('Demande mise à jour.');
  expect(within(card).getByText(/Statut : Contacté/)).toBeTruthy();
  expect(screen.getByText('1 demande, dont 0 nouvelle.')).toBeTruthy();
});

it('says when the list cannot be loaded, and retries', async () => {
  const get = jest.spyOn(http, 'get').mockRejectedValueOnce(new Error('réseau')).mockResolvedValueOnce({ data: [] });
  const user = userEvent.setup();
  render(<LeadsPage />, { wrapper: QueryWrapper });
  expect((await screen.findByRole('alert')).textContent).toBe(LEADS_LOAD_FAILED);
  await user.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByText('Aucune demande pour le moment.')).toBeTruthy();
  expect(get).toHaveBeenCalledTimes(2);
});
