import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { http, type AdminAvis, type AdminAvisPage } from 'shared-kernel';
import ReviewsPage, { REVIEWS_LOAD_FAILED } from './ReviewsPage';
import { QueryWrapper } from '../../../tooling/testing/query-client';

const review = (id: number, over: Partial<AdminAvis> = {}): AdminAvis => ({
  id,
  appartementId: 3,
  appartementSlug: 'loft-cathedrale',
  appartementTitre: 'Loft lumineux Cathédrale',
  auteur: 'Julie',
  date: '2026-11-20T10:00:00.000Z',
  note: 4,
  commentaire: 'Très bon séjour, un peu de bruit le samedi.',
  ...over,
});

const pageOf = (avis: AdminAvis[], over: Partial<AdminAvisPage> = {}): { data: AdminAvisPage } => ({
  data: { avis, total: avis.length, sansReponse: avis.filter((a) => !a.reponse).length, page: 1, parPage: 20, ...over },
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <ReviewsPage />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );

afterEach(() => jest.restoreAllMocks());

it('lists the reviews with author, rating, apartment, comment and whether they are answered', async () => {
  const answered = review(8, { auteur: 'Marc', reponse: { texte: 'Merci Marc !', date: '2026-11-22T08:00:00.000Z' } });
  const get = jest.spyOn(http, 'get').mockResolvedValue(pageOf([review(9), answered]));
  renderPage();
  const card = await screen.findByRole('article', { name: 'Julie · 4/5' });
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Avis des voyageurs');
  expect(screen.getByText('2 avis, dont 1 sans réponse.')).toBeTruthy();
  expect(within(card).getByRole('link', { name: 'Loft lumineux Cathédrale' }).getAttribute('href')).toBe(
    '/appartement/loft-cathedrale/avis',
  );
  expect(within(card).getByText('Sans réponse')).toBeTruthy();
  expect(within(card).getByRole('button', { name: 'Publier la réponse' })).toBeTruthy();
  const other = screen.getByRole('article', { name: 'Marc · 4/5' });
  expect(within(other).getByText('Répondu le 22/11/2026')).toBeTruthy();
  expect((within(other).getByLabelText('Votre réponse publique') as HTMLTextAreaElement).value).toBe('Merci Marc !');
  expect(within(other).getByRole('button', { name: 'Modifier la réponse' })).toBeTruthy();
  expect(get).toHaveBeenCalledWith('/admin/avis', expect.objectContaining({ params: { page: 1, parPage: 20 } }));
});

it('publishes a reply and counts one review less to answer', async () => {
  jest.spyOn(http, 'get').mockResolvedValue(pageOf([review(9)]));
  const put = (jest.spyOn(http, 'put') as jest.SpyInstance).mockResolvedValue({
    data: { avis: review(9, { reponse: { texte: 'Merci Julie !', date: '2026-11-26T10:00:00.000Z' } }) },
  });
  const user = userEvent.setup();
  renderPage();
  const card = await screen.findByRole('article', { name: 'Julie · 4/5' });
  await user.type(within(card).getByLabelText('Votre réponse publique'), 'Merci Julie !');
  await user.click(within(card).getByRole('button', { name: 'Publier la réponse' }));
  expect(put).toHaveBeenCalledWith('/admin/avis/9/reponse', { reponse: 'Merci Julie !' });
  expect((await within(card).findByRole('status')).textContent).toBe('Réponse publiée.');
  expect(within(card).getByText('Répondu le 26/11/2026')).toBeTruthy();
  expect(within(card).getByRole('button', { name: 'Modifier la réponse' })).toBeTruthy();
  expect(screen.getByText('1 avis, dont 0 sans réponse.')).toBeTruthy();
});

it('refuses an empty reply without calling the server, and shows the server’s refusal', async () => {
  jest.spyOn(http, 'get').mockResolvedValue(pageOf([review(9)]));
  const put = (jest.spyOn(http, 'put') as jest.SpyInstance).mockRejectedValue(
    Object.assign(new Error('400'), {
      isAxiosError: true,
      response: { status: 400, data: { message: 'Le champ « réponse » ne peut pas dépasser 2000 caractères.' } },
    }),
  );
  const user = userEvent.setup();
  renderPage();
  const card = await screen.findByRole('article', { name: 'Julie · 4/5' });
  await user.click(within(card).getByRole('button', { name: 'Publier la réponse' }));
  expect(within(card).getByRole('alert').textContent).toBe('Veuillez écrire une réponse.');
  expect(within(card).getByLabelText('Votre réponse publique').getAttribute('aria-invalid')).toBe('true');
  expect(put).not.toHaveBeenCalled();
  await user.type(within(card).getByLabelText('Votre réponse publique'), 'Merci');
  await user.click(within(card).getByRole('button', { name: 'Publier la réponse' }));
  expect((await within(card).findByRole('alert')).textContent).toBe('Le champ « réponse » ne peut pas dépasser 2000 caractères.');
});

it('filters the unanswered reviews and pages through them', async () => {
  const get = jest
    .spyOn(http, 'get')
    .mockResolvedValueOnce(pageOf([review(9)], { total: 45, sansReponse: 30 }))
    .mockResolvedValueOnce(pageOf([review(7)], { total: 30, sansReponse: 30 }))
    .mockResolvedValueOnce(pageOf([review(5)], { total: 30, sansReponse: 30, page: 2 }));
  const user = userEvent.setup();
  renderPage();
  expect(await screen.findByText('45 avis, dont 30 sans réponse.')).toBeTruthy();
  await user.click(screen.getByLabelText('Seulement les avis sans réponse'));
  expect(await screen.findByText('30 avis sans réponse.')).toBeTruthy();
  expect(get).toHaveBeenLastCalledWith('/admin/avis', expect.objectContaining({ params: { page: 1, parPage: 20, sansReponse: '1' } }));
  const pager = screen.getByRole('navigation', { name: 'Pages d’avis' });
  expect(within(pager).getByText('Page 1 sur 2')).toBeTruthy();
  await user.click(within(pager).getByRole('button', { name: 'Page suivante' }));
  expect(await screen.findByText('Page 2 sur 2')).toBeTruthy();
  expect(get).toHaveBeenLastCalledWith('/admin/avis', expect.objectContaining({ params: { page: 2, parPage: 20, sansReponse: '1' } }));
});

it('says when the reviews cannot be loaded, and retries', async () => {
  jest.spyOn(http, 'get').mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(pageOf([]));
  const user = userEvent.setup();
  renderPage();
  expect((await screen.findByRole('alert')).textContent).toContain(REVIEWS_LOAD_FAILED);
  await user.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByText('Aucun avis pour le moment.')).toBeTruthy();
});
