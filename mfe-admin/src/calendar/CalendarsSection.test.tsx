import { adminCalendarApi, type ApartmentCalendars, type ImportedFeed } from 'shared-kernel';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedSync } from 'shared-kernel';
import { CalendarsSection, SYNC_POLL_MS } from './CalendarsSection';
import { QueryWrapper } from '../../../tooling/testing/query-client';

const calendars = jest.spyOn(adminCalendarApi, 'calendars');
const syncFeed = jest.spyOn(adminCalendarApi, 'syncFeed');

function feed(overrides: Partial<ImportedFeed> = {}): ImportedFeed {
  return {
    id: 3,
    appartementId: 5,
    libelle: 'Airbnb',
    url: 'https://www.airbnb.fr/calendar/ical/123.ics',
    derniereSynchroLe: '2026-11-20T09:00:00.000Z',
    derniereTentativeLe: '2026-11-20T09:00:00.000Z',
    derniereErreur: null,
    avertissement: null,
    evenements: 4,
    synchro: null,
    ...overrides,
  };
}

const withFeed = (f: ImportedFeed): ApartmentCalendars => ({ exportUrl: 'https://sejours-messins.fr/ical/5/jeton.ics', flux: [f] });
const running = (synchro: FeedSync): ImportedFeed => feed({ synchro });

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  jest.resetAllMocks();
});

it('follows a sync it started on the server: its step, the nights written, then how it ended', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  calendars.mockResolvedValueOnce(withFeed(feed()));
  syncFeed.mockResolvedValueOnce(running({ etape: 'attente', depuis: '2026-11-23T10:00:00.000Z', fait: null, total: null }));
  calendars.mockResolvedValueOnce(withFeed(running({ etape: 'lecture', depuis: '2026-11-23T10:00:01.000Z', fait: null, total: null })));
  calendars.mockResolvedValueOnce(
    withFeed(running({ etape: 'enregistrement', depuis: '2026-11-23T10:00:02.000Z', fait: 1200, total: 3000 })),
  );
  calendars.mockResolvedValue(withFeed(feed({ derniereSynchroLe: '2026-11-23T10:00:03.000Z', evenements: 7 })));
  render(<CalendarsSection appartementId={5} />, { wrapper: QueryWrapper });
  const item = (await screen.findByText('Airbnb', { selector: 'strong' })).closest('li')!;
  await user.click(within(item).getByRole('button', { name: 'Synchroniser maintenant' }));
  expect(syncFeed).toHaveBeenCalledWith(3);
  expect((await within(item).findByRole('status')).textContent).toBe('Synchronisation en cours : lecture du calendrier…');
  expect((within(item).getByRole('button', { name: 'Synchroniser maintenant' }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.queryByText('Calendrier Airbnb synchronisé.')).toBeNull();

  await act(async () => jest.advanceTimersByTime(SYNC_POLL_MS));
  expect(within(item).getByRole('status').textContent).toBe('Synchronisation en cours : enregistrement des nuits…');
  const bar = within(item).getByRole('progressbar', { name: 'Nuits enregistrées' }) as HTMLProgressElement;
  expect([bar.value, bar.max]).toEqual([1200, 3000]);
  expect(within(item).getByText('1 200 nuits sur 3 000')).toBeTruthy();

  await act(async () => jest.advanceTimersByTime(SYNC_POLL_MS));
  expect((await screen.findByText('Calendrier Airbnb synchronisé.')).closest('[role="status"]')).toBeTruthy();
  expect(within(item).queryByRole('progressbar')).toBeNull();
  expect(within(item).getByText(/· 7 événements$/)).toBeTruthy();
  expect((within(item).getByRole('button', { name: 'Synchroniser maintenant' }) as HTMLButtonElement).disabled).toBe(false);
  // Nothing runs any more: no more reading.
  const reads = calendars.mock.calls.length;
  await act(async () => jest.advanceTimersByTime(5 * SYNC_POLL_MS));
  expect(calendars.mock.calls.length).toBe(reads);
});

it('tells a failed sync, and a sync that kept only part of the feed', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const failure = 'Le calendrier Airbnb est illisible : ses lignes se terminent par un retour chariot seul (CR) au lieu de CRLF.';
  const warning = 'Le calendrier Airbnb bloque 30 450 nuits : seules les 3 000 plus proches sont importées (3 000 au plus par calendrier).';
  calendars.mockResolvedValueOnce(withFeed(feed()));
  syncFeed.mockResolvedValueOnce(running({ etape: 'telechargement', depuis: '2026-11-23T10:00:00.000Z', fait: null, total: null }));
  calendars.mockResolvedValueOnce(withFeed(feed({ derniereErreur: failure })));
  render(<CalendarsSection appartementId={5} />, { wrapper: QueryWrapper });
  const item = (await screen.findByText('Airbnb', { selector: 'strong' })).closest('li')!;
  await user.click(within(item).getByRole('button', { name: 'Synchroniser maintenant' }));
  expect((await screen.findByRole('alert')).textContent).toBe(failure);
  expect(within(item).getByText(`Dernière erreur : ${failure}`)).toBeTruthy();

  syncFeed.mockResolvedValueOnce(running({ etape: 'attente', depuis: '2026-11-23T10:01:00.000Z', fait: null, total: null }));
  calendars.mockResolvedValue(withFeed(feed({ avertissement: warning })));
  await user.click(within(item).getByRole('button', { name: 'Synchroniser maintenant' }));
  expect((await screen.findByRole('alert')).textContent).toBe(`Calendrier Airbnb synchronisé. ${warning}`);
  expect(within(item).getByText(`Attention : ${warning}`)).toBeTruthy();
});
