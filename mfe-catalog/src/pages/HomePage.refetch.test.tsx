import { act, fireEvent, screen } from '@testing-library/react';
import { appartementsApi, EMPTY_SEARCH, searchDataKey, sessionWriter } from 'shared-kernel';
import { apartment, demoList, searchPage } from '../../test/fixtures';
import { renderHome } from '../../test/renderHome';
import { SEARCH_DEBOUNCE_MS } from '../home/useSearchResults';

jest.mock('shared-kernel', () => ({
  ...jest.requireActual('shared-kernel'),
  RemoteView: jest.fn(() => null),
}));

// The kernel's declared search query calls it: replacing it replaces the network.
const listMock = jest.spyOn(appartementsApi, 'search');

const newInSablon = apartment({
  slug: 'studio-sablon',
  titre: 'Studio Sablon',
  localisation: 'Metz Sablon',
  prixParNuit: 250,
  inclus: ['Wifi'],
  capacite: { voyageurs: 2, chambres: 1, sallesDeBain: 1 },
  images: ['https://images.test/studio-sablon.jpg'],
});

function cardTitles(): string[] {
  return screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent ?? '');
}

/** Lets pending promises (the mocked call) settle inside act. */
async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

async function renderLoaded() {
  const view = renderHome();
  await advance(SEARCH_DEBOUNCE_MS);
  expect(screen.getByText('5 logement(s) disponible(s)')).toBeTruthy();
  return view;
}

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  await flush();
}

beforeEach(() => {
  jest.useFakeTimers();
  listMock.mockReset();
  listMock.mockResolvedValueOnce(searchPage(demoList()));
  sessionWriter.signedOut();
});

afterEach(() => {
  jest.useRealTimers();
});

it('refetches the first page every 60 seconds, keeping the search and without showing the spinner again', async () => {
  listMock.mockResolvedValue(searchPage([...demoList(), newInSablon]));
  await renderLoaded();
  fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'sablon' } });
  await advance(300);
  expect(listMock).toHaveBeenCalledTimes(2);
  expect(listMock.mock.calls.at(-1)![0].texte).toBe('sablon');

  // The 60 s count from the answer, which the flush after the debounce gives at +300 ms.
  await advance(59_699);
  expect(listMock).toHaveBeenCalledTimes(2);
  await act(async () => {
    jest.advanceTimersByTime(301);
  });
  expect(listMock).toHaveBeenCalledTimes(3);
  expect(listMock.mock.calls.at(-1)![0].texte).toBe('sablon');
  expect(screen.queryByRole('status')).toBeNull();
  await flush();
  expect(cardTitles()).toContain('Studio Sablon');
  expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('sablon');
});

it('keeps the list shown when a refetch fails', async () => {
  await renderLoaded();
  listMock.mockRejectedValue(new Error('réseau'));
  await advance(60_000);
  expect(listMock).toHaveBeenCalledTimes(2);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByText('5 logement(s) disponible(s)')).toBeTruthy();
});

it('recovers from a failed first load at the next refetch', async () => {
  listMock.mockReset();
  listMock.mockRejectedValueOnce(new Error('réseau')).mockResolvedValue(searchPage(demoList()));
  renderHome();
  await advance(SEARCH_DEBOUNCE_MS);
  expect(screen.getByRole('alert').textContent).toBe('Impossible de charger les appartements');
  await advance(60_000);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByText('5 logement(s) disponible(s)')).toBeTruthy();
});

it('stops refetching once the page is left', async () => {
  listMock.mockResolvedValue(searchPage(demoList()));
  const { unmount } = await renderLoaded();
  unmount();
  await advance(180_000);
  expect(listMock).toHaveBeenCalledTimes(1);
});

it('shows the list the server wrote into the page at the first render, and asks the network only at the next refresh', async () => {
  listMock.mockReset();
  listMock.mockResolvedValue(searchPage([...demoList(), newInSablon]));
  renderHome('/', { [searchDataKey(EMPTY_SEARCH)]: searchPage(demoList()).page });
  // No tick has passed: the cards are there, no spinner, no request.
  expect(screen.getByText('5 logement(s) disponible(s)')).toBeTruthy();
  expect(screen.queryByRole('status', { name: /Chargement/ })).toBeNull();
  await flush();
  expect(listMock).not.toHaveBeenCalled();
  await advance(60_000);
  expect(listMock).toHaveBeenCalledTimes(1);
  expect(screen.getByText('6 logement(s) disponible(s)')).toBeTruthy();
  expect(cardTitles()).toContain('Studio Sablon');
});
