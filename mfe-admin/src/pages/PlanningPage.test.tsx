import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { http, todayIn, type Planning, type PlanningJour } from 'shared-kernel';
import PlanningPage, { PLANNING_LOAD_FAILED } from './PlanningPage';
import { QueryWrapper } from '../../../tooling/testing/query-client';

const day = (date: string, over: Partial<PlanningJour> = {}): PlanningJour => ({ date, arrivees: [], departs: [], menages: [], ...over });

const busyDay: PlanningJour = day('2026-12-04', {
  arrivees: [
    {
      reservationId: 31,
      voyageur: 'Ben Keller',
      appartementId: 2,
      appartementTitre: 'Loft Cathédrale',
      debut: '2026-12-04',
      fin: '2026-12-06',
      voyageurs: 3,
      resteDuCents: 0,
      heure: '15:00 - 00:00',
    },
    {
      reservationId: null,
      voyageur: 'Airbnb',
      appartementId: 5,
      appartementTitre: 'Studio Gare',
      debut: '2026-12-04',
      fin: '2026-12-05',
      voyageurs: null,
      resteDuCents: null,
      heure: '16:00 - 22:00',
    },
  ],
  departs: [
    {
      reservationId: 30,
      voyageur: 'Ana Lopes',
      appartementId: 2,
      appartementTitre: 'Loft Cathédrale',
      debut: '2026-12-01',
      fin: '2026-12-04',
      voyageurs: 2,
      resteDuCents: 12050,
      heure: 'avant 11:00',
    },
  ],
  menages: [
    {
      appartementId: 2,
      appartementTitre: 'Loft Cathédrale',
      rotation: true,
      departHeure: 'avant 11:00',
      prochaineArrivee: { date: '2026-12-04', heure: '15:00 - 00:00' },
      fait: null,
    },
    {
      appartementId: 7,
      appartementTitre: 'Duplex Outre-Seille',
      rotation: false,
      departHeure: 'avant 10:00',
      prochaineArrivee: { date: '2026-12-09', heure: '17:00' },
      fait: { le: '2026-12-04T11:30:00.000Z', par: 'Claire Administratrice' },
    },
  ],
});

const answer = (jours: PlanningJour[]): { data: Planning } => ({ data: { jours } });
const renderPage = () =>
  render(
    <MemoryRouter>
      <PlanningPage />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );

afterEach(() => jest.restoreAllMocks());

it("asks for today's plan in Paris and shows arrivals, departures with the balance due in red, and cleanings", async () => {
  const get = jest.spyOn(http, 'get').mockResolvedValue(answer([busyDay]));
  renderPage();
  expect(await screen.findByRole('heading', { level: 2, name: 'vendredi 4 décembre 2026' })).toBeTruthy();
  expect(get).toHaveBeenCalledWith('/admin/planning', expect.objectContaining({ params: { date: todayIn('Europe/Paris'), jours: 1 } }));

  const arrivals = screen.getByRole('heading', { level: 3, name: 'Arrivées (2)' }).parentElement!;
  const [ben, airbnb] = within(arrivals).getAllByRole('listitem');
  expect(within(ben!).getByRole('link', { name: 'Ben Keller' }).getAttribute('href')).toBe('/reservation/31');
  expect(ben!.textContent).toContain('3 voyageurs · 15:00 - 00:00');
  expect(ben!.textContent).not.toContain('Reste à payer');
  expect(airbnb!.textContent).toContain('Airbnb (autre canal)');

  const departures = screen.getByRole('heading', { level: 3, name: 'Départs (1)' }).parentElement!;
  const due = within(departures).getByText(/^Reste à payer/);
  expect(due.textContent).toBe('Reste à payer : 120,50 €');
  expect(due.className).toContain('adm-plan__due');

  const cleanings = screen.getByRole('heading', { level: 3, name: 'Ménages (2)' }).parentElement!;
  const [turnover, later] = within(cleanings).getAllByRole('listitem');
  expect(turnover!.textContent).toContain('Rotation : départ avant 11:00, arrivée 15:00 - 00:00 le même jour');
  expect(turnover!.textContent).toContain('À faire');
  expect(later!.textContent).toContain('départ avant 10:00 ; prochaine arrivée 17:00 le 09/12/2026');
  expect(later!.textContent).toContain('Fait par Claire Administratrice le 4 décembre 2026 à 12:30');
});

it('marks a cleaning done, then undoes it', async () => {
  jest.spyOn(http, 'get').mockResolvedValue(answer([busyDay]));
  const put = (jest.spyOn(http, 'put') as jest.SpyInstance).mockResolvedValue({
    data: { fait: { le: '2026-12-04T10:05:00.000Z', par: 'Claire Administratrice' } },
  });
  const del = (jest.spyOn(http, 'delete') as jest.SpyInstance).mockResolvedValue({ data: null });
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Marquer le ménage fait : Loft Cathédrale' }));
  expect(put).toHaveBeenCalledWith('/admin/planning/menages/2/2026-12-04');
  expect(await screen.findByText('Fait par Claire Administratrice le 4 décembre 2026 à 11:05')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Annuler « fait » : Loft Cathédrale' }));
  expect(del).toHaveBeenCalledWith('/admin/planning/menages/2/2026-12-04');
  expect(await screen.findByRole('button', { name: 'Marquer le ménage fait : Loft Cathédrale' })).toBeTruthy();
});

it('shows the server’s refusal when a cleaning cannot be marked', async () => {
  jest.spyOn(http, 'get').mockResolvedValue(answer([busyDay]));
  jest.spyOn(http, 'put').mockRejectedValue(
    Object.assign(new Error('404'), {
      isAxiosError: true,
      response: { status: 404, data: { message: 'Aucun ménage prévu ce jour-là pour cet appartement (aucun départ).' } },
    }),
  );
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Marquer le ménage fait : Loft Cathédrale' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Aucun ménage prévu ce jour-là pour cet appartement (aucun départ).');
});

it('moves by the chosen period and says when a day is empty', async () => {
  const get = jest.spyOn(http, 'get').mockResolvedValue(answer([day('2026-12-10')]));
  const user = userEvent.setup();
  renderPage();
  expect(await screen.findByText('Aucune arrivée.')).toBeTruthy();
  expect(screen.getByText('Aucun départ.')).toBeTruthy();
  expect(screen.getByText('Aucun ménage.')).toBeTruthy();
  await user.selectOptions(screen.getByLabelText('Période'), 'Sept jours');
  const today = todayIn('Europe/Paris');
  expect(get).toHaveBeenLastCalledWith('/admin/planning', expect.objectContaining({ params: { date: today, jours: 7 } }));
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  const next = new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  expect(get).toHaveBeenLastCalledWith('/admin/planning', expect.objectContaining({ params: { date: next, jours: 7 } }));
});

it('says when the planning cannot be loaded, and retries', async () => {
  jest
    .spyOn(http, 'get')
    .mockRejectedValueOnce(new Error('network'))
    .mockResolvedValueOnce(answer([busyDay]));
  const user = userEvent.setup();
  renderPage();
  expect((await screen.findByRole('alert')).textContent).toContain(PLANNING_LOAD_FAILED);
  await user.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'vendredi 4 décembre 2026' })).toBeTruthy();
});
