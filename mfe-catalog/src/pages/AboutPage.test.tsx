import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import AboutPage from './AboutPage';

function renderAbout() {
  return render(
    <MemoryRouter initialEntries={['/about']}>
      <AboutPage />
    </MemoryRouter>,
  );
}

it('sets the page title and description', () => {
  renderAbout();
  expect(document.title).toBe('À propos | Séjours Messins');
  expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/Metz/);
});

it('has one h1 with the site name, then the mission, figures, values and next-step sections', () => {
  renderAbout();
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

it("shows the spec's static figures exactly, each with its French label", () => {
  renderAbout();
  const figures = within(screen.getByRole('region', { name: 'Séjours Messins en chiffres' })).getAllByRole('listitem');
  expect(figures.map((li) => li.textContent)).toEqual([
    '10 000+ voyageurs accueillis',
    '500+ appartements',
    '50+ villes',
    '4,8/5 note moyenne des voyageurs',
  ]);
  for (const value of ['10 000+', '500+', '50+', '4,8/5']) expect(screen.getByText(value)).toBeTruthy();
});

it('shows the four values, each with a sentence', () => {
  renderAbout();
  const values = within(screen.getByRole('region', { name: 'Nos valeurs' }));
  const titles = values.getAllByRole('heading', { level: 3 });
  expect(titles.map((h) => h.textContent)).toEqual(['Hospitalité', 'Confiance et sécurité', 'Excellence du service', 'Accessibilité pour tous']);
  for (const title of titles) expect(title.nextElementSibling?.textContent?.length ?? 0).toBeGreaterThan(40);
});

it('links to the lodgings and to account creation', () => {
  renderAbout();
  expect(screen.getByRole('link', { name: 'Découvrir nos logements' }).getAttribute('href')).toBe('/');
  expect(screen.getByRole('link', { name: 'Créer un compte' }).getAttribute('href')).toBe('/register');
});
