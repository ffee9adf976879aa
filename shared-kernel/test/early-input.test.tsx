/**
 * Clicks and typing on a server-rendered page before hydration (federation/early-input.ts): the
 * inline capture script holds them back, and React gets them once it hydrates.
 */
import { act, waitFor } from '@testing-library/react';
import { startTransition, Suspense, useEffect, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { EARLY_INPUT_CAPTURE_SCRIPT, EARLY_INPUT_GLOBAL } from '../src/domain/page-data-keys';
import { hasEarlyInput, peekEarlyInput, replayEarlyInput, takeEarlyInput } from '../src/federation/early-input';

const sent = jest.fn();

function Filters() {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [wifi, setWifi] = useState(false);
  const [clicks, setClicks] = useState(0);
  const [ville, setVille] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    sent(new FormData(event.currentTarget).get('email'));
  };
  return (
    <div>
      <label htmlFor="q">Rechercher</label>
      <input id="q" value={search} onChange={(e) => setSearch(e.target.value)} />
      <p>Recherche : {search || 'aucune'}</p>
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Filtres
      </button>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        Compter
      </button>
      <p>Clics : {clicks}</p>
      <label>
        <input type="checkbox" checked={wifi} onChange={() => setWifi((w) => !w)} />
        Wifi
      </label>
      <p>Wifi : {wifi ? 'oui' : 'non'}</p>
      <label htmlFor="ville">Ville</label>
      <select id="ville" value={ville} onChange={(e) => setVille(e.target.value)}>
        <option value="">Toutes les villes</option>
        <option value="metz">Metz</option>
        <option value="thionville">Thionville</option>
      </select>
      <p>Ville : {ville || 'toutes'}</p>
      <form onSubmit={submit}>
        <label htmlFor="email">E-mail</label>
        <input id="email" name="email" type="email" defaultValue="" />
        <button type="submit">Envoyer</button>
      </form>
    </div>
  );
}

/** As a remote's page: inside a Suspense boundary, which React hydrates apart from the rest. */
function Page() {
  return (
    <Suspense fallback={<p>Chargement…</p>}>
      <Filters />
    </Suspense>
  );
}

let container: HTMLDivElement;
let root: Root | null = null;

function serverPage(): void {
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(<Page />);
  document.body.appendChild(container);
  // As the browser does with the <script> first in <head>.
  window.eval(EARLY_INPUT_CAPTURE_SCRIPT);
}

async function hydrate(): Promise<void> {
  const early = takeEarlyInput(container);
  // As the shell does: hydrate synchronously, then replay, in the same task.
  act(() => {
    flushSync(() => {
      root = hydrateRoot(container, <Page />);
    });
    replayEarlyInput(early);
  });
}

const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name)!;
const text = () => container.textContent ?? '';

afterEach(() => {
  if (root) act(() => root!.unmount());
  root = null;
  container.remove();
  delete (window as unknown as Record<string, unknown>)[EARLY_INPUT_GLOBAL];
  sent.mockReset();
});

describe('early input on a server-rendered page', () => {
  it('gives React the clicks, the ticked box and the typed text once it hydrates, each once', async () => {
    serverPage();
    button('Filtres').click();
    button('Compter').click();
    const box = container.querySelector<HTMLInputElement>('input[type=checkbox]')!;
    box.click();
    // Held back: the box stays as the server drew it until React can take the click.
    expect(box.checked).toBe(false);
    const search = container.querySelector<HTMLInputElement>('#q')!;
    search.value = 'Metz';

    await hydrate();

    expect(button('Filtres').getAttribute('aria-expanded')).toBe('true');
    expect(text()).toContain('Clics : 1');
    expect(box.checked).toBe(true);
    expect(text()).toContain('Wifi : oui');
    expect(search.value).toBe('Metz');
    expect(text()).toContain('Recherche : Metz');

    // After hydration the capture is gone: a click counts once.
    await act(async () => button('Compter').click());
    expect(text()).toContain('Clics : 2');
  });

  it('while React hydrates in a transition, keeps the clicks and the typing from it until the page has committed, then gives them once', async () => {
    serverPage();
    const recoverable = jest.fn();
    // As the shell does (ReleaseEarlyInput): what was kept is given back after the hydration's commit.
    function Release() {
      useEffect(() => {
        const id = setTimeout(() => replayEarlyInput(takeEarlyInput(container)), 0);
        return () => clearTimeout(id);
      }, []);
      return null;
    }
    expect(peekEarlyInput(container)).toBe(false);
    startTransition(() => {
      root = hydrateRoot(
        container,
        <>
          <Page />
          <Release />
        </>,
        { onRecoverableError: recoverable },
      );
    });
    // React listens now, and has not hydrated yet: the visitor types and clicks.
    const search = container.querySelector<HTMLInputElement>('#q')!;
    search.value = 'Metz';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    button('Compter').click();
    expect(peekEarlyInput(container)).toBe(true);

    await waitFor(() => expect(text()).toContain('Recherche : Metz'));
    expect(text()).toContain('Clics : 1');
    expect(recoverable).not.toHaveBeenCalled();
    await act(async () => button('Compter').click());
    expect(text()).toContain('Clics : 2');
  });

  it('gives React a town chosen in a list before hydration, once, where React alone would put the server’s choice back', async () => {
    serverPage();
    const ville = container.querySelector<HTMLSelectElement>('#ville')!;
    const changes = jest.fn();
    document.addEventListener('change', changes);
    ville.value = 'thionville';
    ville.dispatchEvent(new Event('change', { bubbles: true }));
    // Held back from React's listeners, as typing is.
    expect(changes).not.toHaveBeenCalled();
    expect(peekEarlyInput(container)).toBe(true);

    await hydrate();

    expect(ville.value).toBe('thionville');
    expect(text()).toContain('Ville : thionville');
    // After hydration a change reaches React directly.
    await act(async () => {
      ville.value = 'metz';
      ville.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(text()).toContain('Ville : metz');
    document.removeEventListener('change', changes);
  });

  it('leaves a list alone when the visitor did not change it', async () => {
    serverPage();
    expect(peekEarlyInput(container)).toBe(false);
    const early = takeEarlyInput(container);
    expect(early?.chosen).toEqual([]);
    expect(hasEarlyInput(early)).toBe(false);
  });

  it('keeps a form from being sent by the browser before hydration and sends it through React after', async () => {
    serverPage();
    container.querySelector<HTMLInputElement>('#email')!.value = 'lea@exemple.fr';
    const submitted = jest.fn((event: Event) => event.defaultPrevented);
    document.addEventListener('submit', submitted);
    button('Envoyer').click();
    expect(submitted).not.toHaveBeenCalled();

    await hydrate();

    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent).toHaveBeenCalledWith('lea@exemple.fr');
    document.removeEventListener('submit', submitted);
  });

  it('does nothing on a page without the capture script', async () => {
    container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.appendChild(container);
    const early = takeEarlyInput(container);
    expect(early).toBeNull();
    expect(hasEarlyInput(early)).toBe(false);
    expect(() => replayEarlyInput(null)).not.toThrow();
  });

  it('ignores clicks outside the page root and on disabled buttons', async () => {
    serverPage();
    const outside = document.createElement('button');
    document.body.appendChild(outside);
    const outsideClick = jest.fn((event: Event) => event.defaultPrevented);
    outside.addEventListener('click', outsideClick);
    outside.click();
    expect(outsideClick).toHaveReturnedWith(false);
    const disabled = button('Compter');
    disabled.disabled = true;
    disabled.click();
    const early = takeEarlyInput(container);
    expect(early?.actions).toEqual([]);
    expect(hasEarlyInput(early)).toBe(false);
    outside.remove();
  });
});
