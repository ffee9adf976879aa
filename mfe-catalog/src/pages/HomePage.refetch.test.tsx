import { act, fireEvent, screen } from '@testing-library/react';
import { appartementsApi, sessionWriter } from 'shared-kernel';
import { apartment, demoList } from '../../test/fixtures';
import { renderHome } from '../../test/renderHome';

jest.mock('shared-kernel', () => ({
  ...jest.requireActual('shared-kernel'),
  appartementsApi: { list: jest.fn(), listInPage: jest.fn() },
}));

const listMock = jest.mocked(appartementsApi.list);

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
  await flush();
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
  listMock.mockResolvedValueOnce(demoList());
  sessionWriter.signedOut();
});

afterEach(() => {
  jest.useRealTimers();
});

it('refetches every 60 seconds, keeping the filters and without showing the spinner again', async () => {
  listMock.mockResolvedValue([...demoList(), newInSablon]);
  await renderLoaded();
  fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'sablon' } });
  expect(cardTitles()).toEqual(['Duplex Sablon']);

  await advance(59_999);
  expect(listMock).toHaveBeenCalledTimes(1);

  await act(async () => {
    jest.advanceTimersByTime(1);
  });
  expect(listMock).toHaveBeenCalledTimes(2);
  expect(screen.queryByRole('status')).toBeNull();
  await flush();

  expect(screen.getByText('2 logement(s) disponible(s)')).toBeTruthy();
  expect(cardTitles()).toEqual(['Duplex Sablon', 'Studio Sablon']);
  expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('sablon');

  await advance(60_000);
  expect(listMock).toHaveBeenCalledTimes(3);
});

it('widens an untouched price range to the new prices, and keeps a chosen one', async () => {
  listMock.mockResolvedValue([...demoList(), newInSablon]);
  await renderLoaded();
  fireEvent.click(screen.getByRole('button', { name: 'Filtres' }));

  await advance(60_000);
  expect(screen.getByText('6 logement(s) disponible(s)')).toBeTruthy();
  expect((screen.getByLabelText('Prix maximum (€)') as HTMLInputElement).value).toBe('250');
  expect(screen.queryByRole('button', { name: 'Réinitialiser' })).toBeNull();

  fireEvent.change(screen.getByLabelText('Prix maximum (€)'), { target: { value: '100' } });
  expect(screen.getByText('3 logement(s) disponible(s)')).toBeTruthy();
  await advance(60_000);
  expect(listMock).toHaveBeenCalledTimes(3);
  expect((screen.getByLabelText('Prix maximum (€)') as HTMLInputElement).value).toBe('100');
  expect(screen.getByText('3 logement(s) disponible(s)')).toBeTruthy();
});

it('keeps the list shown when a refetch fails', async () => {
  listMock.mockRejectedValue(new Error('réseau'));
  await renderLoaded();
  await advance(60_000);
  expect(listMock).toHaveBeenCalledTimes(2);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByText('5 logement(s) disponible(s)')).toBeTruthy();
});

it('recovers from a failed first load at the next refetch', async () => {
  listMock.mockReset();
  listMock.mockRejectedValueOnce(new Error('réseau')).mockResolvedValue(demoList());
  renderHome();
  await flush();
  expect(screen.getByRole('alert').textContent).toBe('Impossible de charger les appartements');
  await advance(60_000);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByText('5 logement(s) disponible(s)')).toBeTruthy();
});

it('stops refetching once the page is left', async () => {
  listMock.mockResolvedValue(demoList());
  const { unmount } = await renderLoaded();
  unmount();
  await advance(180_000);
  expect(listMock).toHaveBeenCalledTimes(1);
});

it('shows the list the server wrote into the page at the first render, and asks the network only at the next refresh', async () => {
  listMock.mockReset();
  jest.mocked(appartementsApi.listInPage).mockReturnValueOnce(demoList());
  listMock.mockResolvedValue([...demoList(), newInSablon]);
  renderHome();
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
