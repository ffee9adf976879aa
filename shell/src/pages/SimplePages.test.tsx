import { screen } from '@testing-library/react';
import { renderApp, resetState } from '../testing/render';

jest.mock('shared-kernel', () =>
  jest.requireActual<typeof import('../testing/mocked-auth')>('../testing/mocked-auth').kernelWithMockedAuth(),
);
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

beforeEach(() => {
  resetState();
  jest.clearAllMocks();
});

describe('not found page', () => {
  it.each(['/nimporte-quoi', '/appartement/a/b/c'])('shows the 404 texts for %s', (path) => {
    renderApp(path);
    expect(screen.getByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeTruthy();
    expect(screen.getByText("Désolé, la page que vous recherchez n'existe pas ou a été déplacée.")).toBeTruthy();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Page non trouvée | Séjours Messins');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      "Désolé, la page que vous recherchez n'existe pas ou a été déplacée.",
    );
  });
});
