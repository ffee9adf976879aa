import { renderHook } from '@testing-library/react';
import { setRuntimeConfig } from '../src/api/runtime-config';
import { setPageMeta, takeServerPageHead, usePageMeta } from '../src/meta/page-meta';

function descriptions(): HTMLMetaElement[] {
  return Array.from(document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]'));
}

beforeEach(() => {
  document.head.innerHTML = '';
  document.title = '';
});

describe('setPageMeta', () => {
  it("sets '<title> | Séjours Messins' and creates the meta description", () => {
    setPageMeta('Accueil', 'Appartements meublés à Metz');
    expect(document.title).toBe('Accueil | Séjours Messins');
    expect(descriptions()).toHaveLength(1);
    expect(descriptions()[0]?.content).toBe('Appartements meublés à Metz');
  });

  it('reuses the existing meta description', () => {
    setPageMeta('FAQ', 'Questions fréquentes');
    setPageMeta('À propos', 'Qui sommes-nous');
    expect(document.title).toBe('À propos | Séjours Messins');
    expect(descriptions()).toHaveLength(1);
    expect(descriptions()[0]?.content).toBe('Qui sommes-nous');
  });

  it('leaves the description alone when none is given', () => {
    setPageMeta('FAQ', 'Questions fréquentes');
    setPageMeta('Connexion');
    expect(document.title).toBe('Connexion | Séjours Messins');
    expect(descriptions()[0]?.content).toBe('Questions fréquentes');
  });

  it('creates no meta when no description is given', () => {
    setPageMeta('Connexion');
    expect(descriptions()).toHaveLength(0);
  });

  it('follows the runtime site name', () => {
    setRuntimeConfig({ siteName: 'Autre Site' });
    try {
      setPageMeta('Accueil');
      expect(document.title).toBe('Accueil | Autre Site');
    } finally {
      setRuntimeConfig({ siteName: 'Séjours Messins' });
    }
  });
});

describe('usePageMeta', () => {
  it('sets the meta on mount and when the title changes', () => {
    const { rerender } = renderHook(({ title }: { title: string }) => usePageMeta(title, `Description ${title}`), {
      initialProps: { title: 'Profil' },
    });
    expect(document.title).toBe('Profil | Séjours Messins');
    expect(descriptions()[0]?.content).toBe('Description Profil');
    rerender({ title: 'Messagerie' });
    expect(document.title).toBe('Messagerie | Séjours Messins');
    expect(descriptions()[0]?.content).toBe('Description Messagerie');
  });
});

describe('the head kept in step on navigation (issue 27)', () => {
  function head(selector: string, attribute = 'content'): string | null {
    return document.head.querySelector(selector)?.getAttribute(attribute) ?? null;
  }

  function serverHead(path: string) {
    window.history.pushState({}, '', path);
    document.head.innerHTML = [
      '<link rel="canonical" href="https://sejours.exemple.fr/faq">',
      '<meta property="og:url" content="https://sejours.exemple.fr/faq">',
      '<meta property="og:title" content="FAQ | Séjours Messins">',
      '<meta property="og:image" content="https://sejours.exemple.fr/media/demo/a-1.jpg">',
    ].join('');
  }

  it("moves the canonical URL and og:url to the new path on the server's origin, with og:title and og:description", () => {
    serverHead('/about');
    setPageMeta('À propos', 'Qui sommes-nous');
    expect(head('link[rel="canonical"]', 'href')).toBe('https://sejours.exemple.fr/about');
    expect(head('meta[property="og:url"]')).toBe('https://sejours.exemple.fr/about');
    expect(head('meta[property="og:title"]')).toBe('À propos | Séjours Messins');
    expect(head('meta[property="og:description"]')).toBe('Qui sommes-nous');
    expect(head('meta[property="og:image"]')).toBeNull();
    expect(head('meta[name="robots"]')).toBeNull();
  });

  it('sets og:image from the page’s photo, as an absolute URL', () => {
    serverHead('/appartement/loft');
    setPageMeta('Loft', 'Un loft', { image: '/media/demo/loft-1.jpg' });
    expect(head('meta[property="og:image"]')).toBe('https://sejours.exemple.fr/media/demo/loft-1.jpg');
  });

  it('marks a private page noindex, and removes it on the way back to a public page', () => {
    serverHead('/profile');
    setPageMeta('Mon profil');
    expect(head('meta[name="robots"]')).toBe('noindex');
    window.history.pushState({}, '', '/faq');
    setPageMeta('Foire aux questions');
    expect(head('meta[name="robots"]')).toBeNull();
    setPageMeta('Appartement introuvable', undefined, { noindex: true });
    expect(head('meta[name="robots"]')).toBe('noindex');
  });

  it('records nothing for the server while rendering in a browser', () => {
    renderHook(() => usePageMeta('FAQ', 'Questions'));
    expect(takeServerPageHead()).toBeNull();
  });
});
