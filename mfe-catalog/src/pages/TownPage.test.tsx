import { act, screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { appartementsApi, RemoteView, sessionWriter, type StaySearch } from 'shared-kernel';
import { demoList, searchPage } from '../../test/fixtures';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import TownPage from './TownPage';

jest.mock('shared-kernel', () => ({
  ...jest.requireActual('shared-kernel'),
  RemoteView: jest.fn(() => null),
}));

// The kernel's declared search query calls it: replacing it replaces the network.
const searchMock = jest.spyOn(appartementsApi, 'search');
const remoteViewMock = jest.mocked(RemoteView);
const metz = () => demoList().filter((a) => a.ville === 'Metz');

function Address() {
  const { pathname, search } = useLocation();
  return <span data-testid="adresse">{`${pathname}${search}`}</span>;
}
const address = () => screen.getByTestId('adresse').textContent;

function renderTown(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/location/:ville" element={<TownPage />} />
      </Routes>
      <Address />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
}

function lastAsked(): [StaySearch, number] {
  const call = searchMock.mock.calls.at(-1);
  if (!call) throw new Error('no search asked');
  return call;
}

beforeEach(() => {
  searchMock.mockReset();
  // The API's answer for a town: its apartments, and every town of the catalogue in the facets.
  searchMock.mockImplementation(async (s) => {
    const page = searchPage(metz());
    page.page.facettes.villes = searchPage(demoList()).page.facettes.villes;
    return s.ville === 'metz' ? page : { page: { ...page.page, appartements: [], total: 0 } };
  });
  remoteViewMock.mockClear();
  sessionWriter.signedOut();
});

describe('a town’s page', () => {
  it('asks for that town’s apartments and shows them under its own title', async () => {
    renderTown('/location/metz');
    expect(await screen.findByRole('heading', { level: 1, name: 'Location meublée à Metz' })).toBeTruthy();
    expect(lastAsked()[0]).toMatchObject({ ville: 'metz' });
    expect(screen.getByRole('heading', { level: 2, name: '4 logement(s) disponible(s)' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(metz().map((a) => a.titre));
    expect(document.title).toBe('Location meublée à Metz | Séjours Messins');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Location meublée à Metz pour vos courts séjours : 4 appartements meublés/,
    );
    // Its town is its address: no town select; the other towns are linked below.
    expect(screen.queryByRole('combobox', { name: 'Ville' })).toBeNull();
    const towns = screen.getByRole('navigation', { name: 'Nos villes' });
    expect(within(towns).getByRole('link', { name: 'Metz' }).getAttribute('aria-current')).toBe('page');
    expect(within(towns).getByRole('link', { name: 'Montigny-lès-Metz' }).getAttribute('href')).toBe('/location/montigny-les-metz');
  });

  it('keeps the chosen stay in its address, without naming the town twice', async () => {
    const user = userEvent.setup();
    renderTown('/location/metz');
    await screen.findByRole('heading', { level: 1, name: 'Location meublée à Metz' });
    await user.click(screen.getByRole('button', { name: /Dates du séjour/ }));
    const props = remoteViewMock.mock.calls.at(-1)![0] as unknown as { props: { onChange: (d: unknown) => void } };
    act(() => props.props.onChange({ arrivee: '2031-03-10', depart: '2031-03-12' }));
    await user.click(screen.getByRole('button', { name: 'Valider les dates' }));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(address()).toBe('/location/metz?arrivee=2031-03-10&depart=2031-03-12&adultes=1&enfants=0');
    await waitFor(() => expect(lastAsked()[0]).toMatchObject({ ville: 'metz', arrivee: '2031-03-10', depart: '2031-03-12' }));
  });

  it('says a town without apartments is unknown, and keeps it out of search engines', async () => {
    renderTown('/location/atlantide');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ville introuvable' })).toBeTruthy();
    expect(screen.getByText('Nous ne proposons pas encore de logement dans cette ville.')).toBeTruthy();
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(screen.getByRole('link', { name: 'Voir tous nos logements' }).getAttribute('href')).toBe('/');
  });
});
