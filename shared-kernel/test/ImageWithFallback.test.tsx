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
