/**
 * Island (ui/Island.tsx): the server renders its content; hydration keeps the server's nodes and
 * does not run its components until it comes into view (or the browser is idle); a click made
 * before reaches its handler; new content or a new address hydrates it first, without a mismatch
 * nor a moment without its content; mounted afresh, it renders at once.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { Island, ServerModulesContext } from '../src/index';

const renders = { cards: 0 };

/** Below the fold: a card with its own button (interactive, hydrated late). */
function Cards({ label }: { label: string }) {
  renders.cards += 1;
  const [liked, setLiked] = useState(false);
  return (
    <li>
      <p>{label}</p>
      <button type="button" onClick={() => setLiked(true)}>
        {liked ? 'Ajouté aux favoris' : 'Ajouter aux favoris'}
      </button>
    </li>
  );
}

/** Outside the page, as the shell's header: the page itself does not render again when the address changes. */
function SearchButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/?arrivee=2027-01-04')}>
      Chercher
    </button>
  );
}

function Page() {
  const [label, setLabel] = useState('Duplex place Saint-Louis');
  return (
    <main>
      <button type="button" onClick={() => setLabel('Studio Cathédrale')}>
        Changer
      </button>
      <Island as="ul" when="visible" className="cat-grid" aria-label="Logements">
        <Cards label={label} />
      </Island>
    </main>
  );
}

function App() {
  return (
    <StrictMode>
      <MemoryRouter initialEntries={['/']}>
        <SearchButton />
        <Routes>
          <Route path="/" element={<Page />} />
        </Routes>
      </MemoryRouter>
    </StrictMode>
  );
}

const serverHtml = () =>
  renderToString(
    <ServerModulesContext.Provider value={new Map()}>
      <App />
    </ServerModulesContext.Provider>,
  );

/** A window where nothing is in view until the test says so. */
const observers: { callback: IntersectionObserverCallback; targets: Element[]; options?: IntersectionObserverInit }[] = [];
class FakeIntersectionObserver {
  private readonly entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, targets: [], options };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  disconnect() {
    this.entry.targets = [];
  }
}
const scrollIntoView = () => {
  for (const o of [...observers])
    o.callback(
      o.targets.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry),
      o as unknown as IntersectionObserver,
    );
};

let root: Root | null = null;
let container: HTMLElement;
let recoverable: jest.Mock;
let errors: jest.SpyInstance;

beforeEach(() => {
  observers.length = 0;
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
  container = document.createElement('div');
  document.body.replaceChildren(container);
  container.innerHTML = serverHtml();
  renders.cards = 0;
  recoverable = jest.fn();
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  expect(recoverable).not.toHaveBeenCalled();
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

const hydrate = async () => {
  await act(async () => {
    root = hydrateRoot(container, <App />, { onRecoverableError: recoverable });
  });
};

/** The card's text after each change of the page's DOM while the button's click is handled (null: no card on screen). */
async function cardTextsWhile(button: string): Promise<(string | null)[]> {
  const seen: (string | null)[] = [];
  const watch = new MutationObserver(() => seen.push(container.querySelector('li p')?.textContent ?? null));
  watch.observe(container, { childList: true, subtree: true, characterData: true });
  fireEvent.click(screen.getByRole('button', { name: button }));
  await act(async () => undefined);
  watch.disconnect();
  return seen;
}

describe('Island', () => {
  it('renders its element and content on the server', () => {
    expect(container.innerHTML).toContain('<ul class="cat-grid" aria-label="Logements"><!--$--><li><p>Duplex place Saint-Louis</p>');
  });

  it('keeps the server nodes without running its content until it comes into view, then hydrates them', async () => {
    const serverCard = container.querySelector('li p');
    await hydrate();
    expect(renders.cards).toBe(0);
    expect(container.querySelector('li p')).toBe(serverCard);
    expect(observers[0]?.options?.rootMargin).toBe('200px');
    await act(async () => scrollIntoView());
    expect(renders.cards).toBeGreaterThan(0);
    expect(container.querySelector('li p')).toBe(serverCard);
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter aux favoris' }));
    expect(screen.getByRole('button', { name: 'Ajouté aux favoris' })).toBeTruthy();
  });

  it('gives a click made before it hydrated to its handler', async () => {
    await hydrate();
    expect(renders.cards).toBe(0);
    const button = screen.getByRole('button', { name: 'Ajouter aux favoris' });
    await act(async () => {
      button.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
      button.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    });
    expect(screen.getByRole('button', { name: 'Ajouté aux favoris' })).toBeTruthy();
  });

  it('gives a click alone (a replayed one, a keyboard activation) to its handler', async () => {
    await hydrate();
    await act(async () => {
      screen.getByRole('button', { name: 'Ajouter aux favoris' }).click();
    });
    expect(screen.getByRole('button', { name: 'Ajouté aux favoris' })).toBeTruthy();
  });

  it('hydrates first, then shows new content given before it came into view', async () => {
    const serverList = container.querySelector('ul');
    await hydrate();
    expect(renders.cards).toBe(0);
    const seen = await cardTextsWhile('Changer');
    expect(container.querySelector('li p')?.textContent).toBe('Studio Cathédrale');
    expect(container.querySelector('ul')).toBe(serverList);
    expect(seen).not.toContain(null);
  });

  it('hydrates first when the address changes, its content never off the screen', async () => {
    const serverCard = container.querySelector('li p');
    await hydrate();
    const seen = await cardTextsWhile('Chercher');
    expect(renders.cards).toBeGreaterThan(0);
    expect(container.querySelector('li p')).toBe(serverCard);
    expect(seen).not.toContain(null);
  });

  it('renders its content at once when mounted without server HTML', async () => {
    container.replaceChildren();
    const { createRoot } = jest.requireActual<typeof import('react-dom/client')>('react-dom/client');
    const clientRoot = createRoot(container);
    act(() => clientRoot.render(<App />));
    expect(screen.getByText('Duplex place Saint-Louis')).toBeTruthy();
    expect(renders.cards).toBeGreaterThan(0);
    expect(observers).toHaveLength(0);
    act(() => clientRoot.unmount());
  });
});
