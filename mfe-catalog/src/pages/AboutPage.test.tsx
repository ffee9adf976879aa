import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { http } from 'shared-kernel';
import AboutPage from './AboutPage';
import { QueryWrapper } from '../../../tooling/testing/query-client';

// The kernel's declared queries read through it: replacing it replaces the network.
const get = jest.spyOn(http, 'get') as unknown as jest.Mock;
const counted = { appartements: 15, villes: 9, voyageurs: 1234, noteMoyenne: { note: 4.64, avis: 57 } };

beforeEach(() => {
  get.mockReset();
  get.mockResolvedValue({ data: counted });
});

function renderAbout() {
  return render(
    <MemoryRouter initialEntries={['/about']}>
      <AboutPage />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
}

it('sets the page title and description', () => {
  renderAbout();
  expect(document.title).toBe('À propos | Séjours Messins');
  expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/Metz/);
});

it('has one h1 with the site name, then the mission, figures, values and next-step sections', async () => {
  renderAbout();
  await screen.findByRole('region', { name: 'Séjours Messins en chiffres' });
  expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['À propos de Séjours Messins']);
  expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
    'Notre mission',
    'Séjours Messins en chiffres',
    'Nos valeurs',
    'Prêt à découvrir Metz ?',
  ]);
  const mission = screen.getByRole('region', { name: 'Notre mission' });
  expect(mission.textContent).toMatch(/meublés de courte durée/);
  expect(mission.textContent).toMatch(/confiance/);
  expect(mission.textContent).toMatch(/équipe locale/);
});

it('shows the figures the server counted, exactly, and asks for them (issue 27)', async () => {
  renderAbout();
  const region = await screen.findByRole('region', { name: 'Séjours Messins en chiffres' });
  expect(get).toHaveBeenCalledWith('/site/chiffres');
  expect(
    within(region)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    '15 appartements en ligne',
    '9 communes',
    `${new Intl.NumberFormat('fr-FR').format(1234)} voyageurs accueillis`,
    '4,6/5 note moyenne sur 57 avis',
  ]);
  expect(document.body.textContent).not.toMatch(/10 000|500\+|50\+/);
});

it('leaves out a figure the server left out, and the whole section when none is shown', async () => {
  get.mockResolvedValueOnce({ data: { appartements: 15, villes: null, voyageurs: null, noteMoyenne: null } });
  const { unmount } = renderAbout();
  const region = await screen.findByRole('region', { name: 'Séjours Messins en chiffres' });
  expect(
    within(region)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['15 appartements en ligne']);
  unmount();
  get.mockResolvedValueOnce({ data: { appartements: null, villes: null, voyageurs: null, noteMoyenne: null } });
  renderAbout();
  await screen.findByRole('heading', { level: 2, name: 'Nos valeurs' });
  await Promise.resolve();
  expect(screen.queryByRole('region', { name: 'Séjours Messins en chiffres' })).toBeNull();
  expect(screen.queryByText(/voyageurs accueillis/)).toBeNull();
});

it('shows the four values, each with a sentence', () => {
  renderAbout();
  const values = within(screen.getByRole('region', { name: 'Nos valeurs' }));
  const titles = values.getAllByRole('heading', { level: 3 });
  expect(titles.map((h) => h.textContent)).toEqual([
    'Hospitalité',
    'Confiance et sécurité',
    'Excellence du service',
    'Accessibilité pour tous',
  ]);
  for (const title of titles) expect(title.nextElementSibling?.textContent?.length ?? 0).toBeGreaterThan(40);
});

it('links to the lodgings and to account creation', () => {
  renderAbout();
  expect(screen.getByRole('link', { name: 'Découvrir nos logements' }).getAttribute('href')).toBe('/');
  expect(screen.getByRole('link', { name: 'Créer un compte' }).getAttribute('href')).toBe('/register');
});
