import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { setRuntimeConfig, type AppartementTrouve } from 'shared-kernel';
import { apartment } from '../../test/fixtures';
import { ListingResults } from '../home/ListingResults';

const METZ = { latitude: 49.1193, longitude: 6.1757 };

/** Three results of a searched stay: two placed on the map, one without coordinates. */
function stayResults(): AppartementTrouve[] {
  return [
    {
      ...apartment({ slug: 'loft', titre: 'Loft Cathédrale', localisation: 'Metz Centre', prixParNuit: 120 }),
      ...METZ,
      sejour: { nuits: 3, totalCents: 41200, total: 412 },
    },
    {
      ...apartment({ slug: 'studio', titre: 'Studio Gare', localisation: 'Metz Gare', prixParNuit: 55 }),
      latitude: 49.1097,
      longitude: 6.1775,
      sejour: { nuits: 3, totalCents: 18050, total: 180.5 },
    },
    {
      ...apartment({ slug: 'duplex', titre: 'Duplex Sablon', localisation: 'Metz Sablon', prixParNuit: 75 }),
      latitude: null,
      longitude: null,
      sejour: { nuits: 3, totalCents: 24000, total: 240 },
    },
  ];
}

function renderResults(items = stayResults()) {
  return render(
    <MemoryRouter>
      <ListingResults
        items={items}
        total={items.length}
        stayQuery="?arrivee=2027-05-10&depart=2027-05-13"
        withDates
        withoutDatesHref="/"
        filtered={false}
        onReset={() => undefined}
        onMore={() => undefined}
        loadingMore={false}
        moreFailed={false}
      />
    </MemoryRouter>,
  );
}

beforeAll(() => {
  // jsdom lays nothing out and has no scrollIntoView: recorded, to check the chosen card is scrolled to.
  Element.prototype.scrollIntoView = jest.fn();
});

afterEach(() => act(() => setRuntimeConfig({ mapStyleUrl: null })));

it('offers no map when the server has no map style (MAP_STYLE_URL unset)', () => {
  act(() => setRuntimeConfig({ mapStyleUrl: null }));
  renderResults();
  expect(screen.getAllByRole('link')).toHaveLength(3);
  expect(screen.queryByRole('button', { name: /carte/ })).toBeNull();
});

it('offers « Voir la carte » when the server has a map style, and none without results', () => {
  act(() => setRuntimeConfig({ mapStyleUrl: '/carte/style.json' }));
  const { unmount } = renderResults();
  const toggle = screen.getByRole('button', { name: 'Voir la carte' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByRole('region', { name: 'Carte des logements' })).toBeNull();
  unmount();
  renderResults([]);
  expect(screen.queryByRole('button', { name: 'Voir la carte' })).toBeNull();
});

it('opens the map as a list of prices where WebGL is missing; a price scrolls to its card and focuses it; Escape closes', async () => {
  const user = userEvent.setup();
  act(() => setRuntimeConfig({ mapStyleUrl: '/carte/style.json' }));
  renderResults();
  await user.click(screen.getByRole('button', { name: 'Voir la carte' }));

  const toggle = screen.getByRole('button', { name: 'Masquer la carte' });
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  const region = screen.getByRole('region', { name: 'Carte des logements' });
  expect(toggle.getAttribute('aria-controls')).toBe(region.id);
  // jsdom has no WebGL: the markers are offered as buttons, and the page says why.
  expect(within(region).getByText('La carte ne peut pas s’afficher sur ce navigateur.')).toBeTruthy();
  expect(within(region).getByText('1 logement sans position n’est pas sur la carte')).toBeTruthy();
  const markers = within(region).getAllByRole('button');
  expect(markers.map((b) => [b.getAttribute('aria-label'), b.textContent])).toEqual([
    ['Loft Cathédrale, 412 €', '412 €'],
    ['Studio Gare, 180,50 €', '180,50 €'],
  ]);

  await user.click(within(region).getByRole('button', { name: 'Studio Gare, 180,50 €' }));
  const card = screen.getByRole('link', { name: /Studio Gare/ });
  expect(document.activeElement).toBe(card);
  expect(card.classList.contains('cat-card--chosen')).toBe(true);
  expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  // The focused card's marker is the highlighted one.
  expect(within(region).getByRole('button', { name: 'Studio Gare, 180,50 €' }).classList.contains('cat-map-marker--active')).toBe(true);

  // Hovering another card highlights its marker instead.
  await user.hover(screen.getByRole('link', { name: /Loft Cathédrale/ }));
  expect(within(region).getByRole('button', { name: 'Loft Cathédrale, 412 €' }).classList.contains('cat-map-marker--active')).toBe(true);

  act(() => within(region).getByRole('button', { name: 'Loft Cathédrale, 412 €' }).focus());
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('region', { name: 'Carte des logements' })).toBeNull();
  const closed = screen.getByRole('button', { name: 'Voir la carte' });
  expect(document.activeElement).toBe(closed);
  expect(closed.getAttribute('aria-expanded')).toBe('false');
  expect(screen.getAllByRole('link')).toHaveLength(3);
  expect(screen.getByRole('link', { name: /Studio Gare/ }).classList.contains('cat-card--chosen')).toBe(false);
});

it('shows the nightly price without dates: « dès » when prices vary', async () => {
  const user = userEvent.setup();
  act(() => setRuntimeConfig({ mapStyleUrl: 'https://tuiles.exemple.fr/style.json' }));
  const items: AppartementTrouve[] = [
    { ...apartment({ slug: 'a', titre: 'Appartement A', localisation: 'Metz', prixParNuit: 95 }), ...METZ, prixVarie: true, prixMin: 80 },
    { ...apartment({ slug: 'b', titre: 'Appartement B', localisation: 'Metz', prixParNuit: 70 }), ...METZ },
  ];
  renderResults(items);
  await user.click(screen.getByRole('button', { name: 'Voir la carte' }));
  const region = screen.getByRole('region', { name: 'Carte des logements' });
  expect(
    within(region)
      .getAllByRole('button')
      .map((b) => [b.getAttribute('aria-label'), b.textContent]),
  ).toEqual([
    ['Appartement A, dès 80 € la nuit', 'dès 80 €'],
    ['Appartement B, 70 € la nuit', '70 €'],
  ]);
  expect(within(region).queryByText(/sans position/)).toBeNull();
});
