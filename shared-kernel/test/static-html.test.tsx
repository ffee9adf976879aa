/**
 * StaticHtml (ui/StaticHtml.tsx): the server renders its children; hydration keeps the server's
 * nodes without running the components inside and without a mismatch; a mount without server HTML
 * (client-side navigation, an item shown later) renders the children; a link inside a kept part
 * navigates within the app.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ServerModulesContext, StaticHtml } from '../src/index';

const renders = { description: 0 };

function Description() {
  renders.description += 1;
  return (
    <>
      <p>Un duplex lumineux place Saint-Louis.</p>
      <Link to="/faq">Voir la FAQ</Link>
    </>
  );
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const renders2 = { footer: 0 };

/** Outside the routes, like the site's footer: it stays through navigations. */
function FooterLinks() {
  renders2.footer += 1;
  return <Link to="/appartement/duplex">Le duplex</Link>;
}

/** The page: a counter (interactive) beside a static description, and what a later click shows. */
function Page() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <button type="button" onClick={() => setCount((n) => n + 1)}>{`Compteur ${count}`}</button>
      <StaticHtml as="section" className="cat-section" aria-label="Description">
        <Description />
      </StaticHtml>
      {count > 0 ? (
        <StaticHtml as="section" aria-label="Après coup">
          <p>Affiché après un clic.</p>
        </StaticHtml>
      ) : null}
    </main>
  );
}

function App({ path }: { path: string }) {
  return (
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/appartement/duplex" element={<Page />} />
          <Route path="/faq" element={<p>Page FAQ</p>} />
        </Routes>
        <Where />
        <StaticHtml as="footer">
          <FooterLinks />
        </StaticHtml>
      </MemoryRouter>
    </StrictMode>
  );
}

function serverHtml(): string {
  return renderToString(
    <ServerModulesContext.Provider value={new Map()}>
      <App path="/appartement/duplex" />
    </ServerModulesContext.Provider>,
  );
}

let root: Root | null = null;
let container: HTMLElement;

beforeEach(() => {
  renders.description = 0;
  container = document.createElement('div');
  document.body.replaceChildren(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

describe('StaticHtml', () => {
  it('renders its element and children on the server', () => {
    const html = serverHtml();
    expect(html).toContain('<section class="cat-section" aria-label="Description"><p>Un duplex lumineux place Saint-Louis.</p>');
    expect(html).toContain('href="/faq"');
    expect(renders.description).toBe(1);
  });

  it('keeps the server nodes at hydration without rendering its children, with no mismatch', async () => {
    container.innerHTML = serverHtml();
    const serverParagraph = container.querySelector('section p');
    renders.description = 0;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable = jest.fn();
    await act(async () => {
      root = hydrateRoot(container, <App path="/appartement/duplex" />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    // The same node, never rendered by the client.
    expect(container.querySelector('section p')).toBe(serverParagraph);
    expect(screen.getByText('Un duplex lumineux place Saint-Louis.')).toBe(serverParagraph);
    expect(renders.description).toBe(0);
    // The rest of the page is hydrated: the counter works, the description stays.
    fireEvent.click(screen.getByRole('button', { name: 'Compteur 0' }));
    expect(screen.getByRole('button', { name: 'Compteur 1' })).toBeTruthy();
    expect(container.querySelector('section p')).toBe(serverParagraph);
    // A part mounted after hydration has no server HTML: its children are rendered.
    expect(screen.getByText('Affiché après un clic.')).toBeTruthy();
  });

  it('navigates within the app from a link of a kept part', async () => {
    container.innerHTML = serverHtml();
    await act(async () => {
      root = hydrateRoot(container, <App path="/appartement/duplex" />);
    });
    const link = screen.getByRole('link', { name: 'Voir la FAQ' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => {
      link.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/faq');
    expect(screen.getByText('Page FAQ')).toBeTruthy();
  });

  it('renders a kept part that stays through a navigation once the path changes', async () => {
    container.innerHTML = serverHtml();
    renders2.footer = 0;
    await act(async () => {
      root = hydrateRoot(container, <App path="/appartement/duplex" />);
    });
    expect(renders2.footer).toBe(0);
    act(() => {
      screen.getByRole('link', { name: 'Voir la FAQ' }).click();
    });
    expect(screen.getByText('Page FAQ')).toBeTruthy();
    expect(renders2.footer).toBeGreaterThan(0);
    // Rendered by React now: its link is a router link, once, and takes the visitor back.
    expect(screen.getAllByRole('link', { name: 'Le duplex' })).toHaveLength(1);
    act(() => {
      screen.getByRole('link', { name: 'Le duplex' }).click();
    });
    expect(screen.getByTestId('where').textContent).toBe('/appartement/duplex');
    expect(screen.getByText('Un duplex lumineux place Saint-Louis.')).toBeTruthy();
  });

  it('renders its children when mounted without server HTML (client-side navigation)', () => {
    root = null;
    const fresh = document.createElement('div');
    container.append(fresh);
    const { createRoot } = jest.requireActual<typeof import('react-dom/client')>('react-dom/client');
    const clientRoot = createRoot(fresh);
    act(() => clientRoot.render(<App path="/appartement/duplex" />));
    expect(screen.getByText('Un duplex lumineux place Saint-Louis.')).toBeTruthy();
    expect(renders.description).toBeGreaterThan(0);
    act(() => clientRoot.unmount());
  });
});
