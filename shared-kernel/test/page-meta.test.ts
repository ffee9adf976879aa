import { renderHook } from '@testing-library/react';
import { setRuntimeConfig } from '../src/api/runtime-config';
import { setPageMeta, usePageMeta } from '../src/meta/page-meta';

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
