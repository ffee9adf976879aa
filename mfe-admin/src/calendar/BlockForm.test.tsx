/**
 * The calendar's block form (issue 14, issue 33 item 9): the request it sends for the range and
 * note, what it tells the admin, and what it refuses. The kernel's HTTP client is the boundary.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { http } from 'shared-kernel';
import { deferred, httpError, networkError } from '../../test/fixtures';
import { BlockForm, NO_START_DAY } from './BlockForm';
import type { DayRange } from './calendarDays';
import { QueryWrapper } from '../../../tooling/testing/query-client';

const post = jest.spyOn(http, 'post');
const onDone = jest.fn();

afterEach(() => jest.resetAllMocks());

function Form({ initial = { du: '', au: '' }, apartmentId = 5 }: { initial?: DayRange; apartmentId?: number | null }) {
  const [range, setRange] = useState(initial);
  return <BlockForm apartmentId={apartmentId} range={range} onRangeChange={setRange} onDone={onDone} />;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const answer = (jours: number) => ({ data: { jours } });

it('blocks the typed range with its trimmed note, says how many days, clears the note and reloads the calendar', async () => {
  const user = userEvent.setup();
  post.mockResolvedValueOnce(answer(3));
  render(<Form />, { wrapper: QueryWrapper });
  await user.type(field('Du'), '2026-07-14');
  await user.type(field('Au (inclus)'), '2026-07-16');
  await user.type(field('Note (facultative)'), '  Travaux  ');
  await user.click(screen.getByRole('button', { name: 'Bloquer ces jours' }));
  expect(post).toHaveBeenCalledWith('/admin/appartements/5/blocages', { du: '2026-07-14', au: '2026-07-16', note: 'Travaux' });
  expect((await screen.findByRole('status')).textContent).toBe('3 jours bloqués du 14/07/2026 au 16/07/2026.');
  expect(field('Note (facultative)').value).toBe('');
  expect(onDone).toHaveBeenCalledTimes(1);
});

it('blocks the start day alone when no end is given, without a note when none is typed (Enter submits)', async () => {
  const user = userEvent.setup();
  post.mockResolvedValueOnce(answer(1));
  render(<Form initial={{ du: '2026-07-20', au: '' }} />, { wrapper: QueryWrapper });
  await user.type(field('Note (facultative)'), '   {Enter}');
  expect(post).toHaveBeenCalledWith('/admin/appartements/5/blocages', { du: '2026-07-20', au: '2026-07-20' });
  expect((await screen.findByRole('status')).textContent).toBe('1 jour bloqué du 20/07/2026 au 20/07/2026.');
});

it('unblocks the range (the note is not sent) and tells when there was nothing blocked by hand', async () => {
  const user = userEvent.setup();
  post.mockResolvedValueOnce(answer(2)).mockResolvedValueOnce(answer(0));
  render(<Form initial={{ du: '2026-07-14', au: '2026-07-15' }} />, { wrapper: QueryWrapper });
  await user.type(field('Note (facultative)'), 'Travaux');
  await user.click(screen.getByRole('button', { name: 'Débloquer ces jours' }));
  expect(post).toHaveBeenLastCalledWith('/admin/appartements/5/deblocages', { du: '2026-07-14', au: '2026-07-15' });
  expect((await screen.findByRole('status')).textContent).toBe('2 jours débloqués.');
  await user.click(screen.getByRole('button', { name: 'Débloquer ces jours' }));
  expect((await screen.findByText('Aucun jour bloqué à la main sur cette période.')).getAttribute('role')).toBe('status');
  expect(onDone).toHaveBeenCalledTimes(2);
});

it('asks for a start day and sends nothing without one', async () => {
  const user = userEvent.setup();
  render(<Form initial={{ du: '', au: '2026-07-16' }} />, { wrapper: QueryWrapper });
  await user.click(screen.getByRole('button', { name: 'Bloquer ces jours' }));
  expect(screen.getByRole('alert').textContent).toBe(NO_START_DAY);
  await user.click(screen.getByRole('button', { name: 'Débloquer ces jours' }));
  expect(screen.getByRole('alert').textContent).toBe('Choisissez les jours dans le calendrier ou indiquez la date de début.');
  expect(post).not.toHaveBeenCalled();
  expect(onDone).not.toHaveBeenCalled();
});

it('sends nothing while no apartment is chosen', async () => {
  const user = userEvent.setup();
  render(<Form apartmentId={null} initial={{ du: '2026-07-14', au: '' }} />, { wrapper: QueryWrapper });
  await user.click(screen.getByRole('button', { name: 'Bloquer ces jours' }));
  expect(post).not.toHaveBeenCalled();
  expect(screen.queryByRole('alert')).toBeNull();
});

it("shows the server's French refusal, keeps the note and does not reload", async () => {
  const user = userEvent.setup();
  post.mockRejectedValueOnce(httpError(400, 'La date de fin doit suivre la date de début.'));
  render(<Form initial={{ du: '2026-07-16', au: '2026-07-14' }} />, { wrapper: QueryWrapper });
  await user.type(field('Note (facultative)'), 'Travaux');
  await user.click(screen.getByRole('button', { name: 'Bloquer ces jours' }));
  expect((await screen.findByRole('alert')).textContent).toBe('La date de fin doit suivre la date de début.');
  expect(field('Note (facultative)').value).toBe('Travaux');
  expect(onDone).not.toHaveBeenCalled();
});

it('says the operation failed when no answer came, and disables both buttons while a request is under way', async () => {
  const user = userEvent.setup();
  const pending = deferred<never>();
  post.mockReturnValueOnce(pending.promise);
  render(<Form initial={{ du: '2026-07-14', au: '' }} />, { wrapper: QueryWrapper });
  await user.click(screen.getByRole('button', { name: 'Bloquer ces jours' }));
  expect((screen.getByRole('button', { name: 'Bloquer ces jours' }) as HTMLButtonElement).disabled).toBe(true);
  expect((screen.getByRole('button', { name: 'Débloquer ces jours' }) as HTMLButtonElement).disabled).toBe(true);
  pending.reject(networkError());
  expect((await screen.findByRole('alert')).textContent).toBe("L'opération a échoué. Réessayez.");
  expect((screen.getByRole('button', { name: 'Bloquer ces jours' }) as HTMLButtonElement).disabled).toBe(false);
});
