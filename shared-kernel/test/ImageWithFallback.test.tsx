import { fireEvent, render, screen } from '@testing-library/react';
import { ImageWithFallback } from '../src/ui/ImageWithFallback';

it("shows 'Image non disponible' without a source", () => {
  render(<ImageWithFallback src={undefined} alt="Loft" />);
  expect(screen.getByRole('img', { name: 'Image non disponible' }).textContent).toBe('Image non disponible');
  expect(screen.queryByRole('img', { name: 'Loft' })).toBeNull();
});

it('shows a loading-error placeholder when the image fails, and tries again with a new source', () => {
  const { rerender } = render(<ImageWithFallback src="https://images.test/a.jpg" alt="Loft" />);
  fireEvent.error(screen.getByRole('img', { name: 'Loft' }));
  expect(screen.getByRole('img', { name: "Erreur de chargement de l'image" }).textContent).toBe("Erreur de chargement de l'image");

  rerender(<ImageWithFallback src="https://images.test/b.jpg" alt="Loft" />);
  expect(screen.getByRole('img', { name: 'Loft' }).getAttribute('src')).toBe('https://images.test/b.jpg');
});

it('offers AVIF then WebP variants of a demo photo in a <picture>, the original as the fallback src', () => {
  const { container } = render(
    <ImageWithFallback
      src="/media/demo/loft-1.jpg"
      alt="Loft"
      sizes="(max-width: 600px) 100vw, 400px"
      loading="eager"
      fetchPriority="high"
    />,
  );
  const sources = [...container.querySelectorAll('picture > source')];
  expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
  expect(sources[0]?.getAttribute('srcset')).toBe(
    '/media/variantes/demo/loft-1-480.avif 480w, /media/variantes/demo/loft-1-800.avif 800w, /media/variantes/demo/loft-1-1600.avif 1600w',
  );
  expect(sources[1]?.getAttribute('srcset')).toContain('/media/variantes/demo/loft-1-800.webp 800w');
  for (const source of sources) expect(source.getAttribute('sizes')).toBe('(max-width: 600px) 100vw, 400px');
  const img = screen.getByRole('img', { name: 'Loft' });
  expect(img.parentElement?.tagName).toBe('PICTURE');
  expect(img.getAttribute('src')).toBe('/media/demo/loft-1.jpg');
  expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '800']);
  expect(img.getAttribute('loading')).toBe('eager');
  expect(img.getAttribute('decoding')).toBe('async');
  expect(img.getAttribute('fetchpriority')).toBe('high');
});

it('keeps a plain lazy <img> for an external URL, with the size only when given', () => {
  const { container, rerender } = render(<ImageWithFallback src="https://images.test/a.jpg" alt="Loft" sizes="400px" />);
  expect(container.querySelector('picture, source')).toBeNull();
  const img = screen.getByRole('img', { name: 'Loft' });
  expect(img.getAttribute('loading')).toBe('lazy');
  expect(img.hasAttribute('width')).toBe(false);
  expect(img.hasAttribute('fetchpriority')).toBe(false);
  rerender(<ImageWithFallback src="https://images.test/a.jpg" alt="Loft" width={640} height={480} />);
  expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['640', '480']);
});

it('shows the loading-error placeholder when the chosen variant fails, and tries again with a new photo', () => {
  const { container, rerender } = render(<ImageWithFallback src="/media/demo/loft-1.jpg" alt="Loft" />);
  fireEvent.error(screen.getByRole('img', { name: 'Loft' }));
  expect(screen.getByRole('img', { name: "Erreur de chargement de l'image" })).toBeTruthy();
  expect(container.querySelector('picture')).toBeNull();

  rerender(<ImageWithFallback src="/media/demo/loft-2.jpg" alt="Loft" />);
  expect(container.querySelector('picture source')?.getAttribute('srcset')).toContain('loft-2-480.avif');
});

it('gives an uploaded photo its own size from its URL, and none to one uploaded before its size was in the URL (issue 28)', () => {
  const uuid = '0f8c1d7e-1234-4abc-9def-0123456789ab';
  const { rerender } = render(<ImageWithFallback src={`/media/photos/${uuid}-900x1200.jpg`} alt="Chambre" />);
  const img = screen.getByRole('img', { name: 'Chambre' });
  expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['900', '1200']);
  expect(img.parentElement?.querySelector('source')?.getAttribute('srcset')).toContain(`/media/photos/${uuid}-900x1200-800.avif 800w`);
  rerender(<ImageWithFallback src={`/media/photos/${uuid}.jpg`} alt="Chambre" />);
  const older = screen.getByRole('img', { name: 'Chambre' });
  expect(older.getAttribute('src')).toBe(`/media/photos/${uuid}.jpg`);
  expect(older.hasAttribute('width')).toBe(false);
  expect(older.hasAttribute('height')).toBe(false);
});
