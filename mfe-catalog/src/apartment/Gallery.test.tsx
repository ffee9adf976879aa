import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Gallery } from './Gallery';

const images = (n: number) => Array.from({ length: n }, (_, i) => `https://images.test/photo-${i + 1}.jpg`);

function openers() {
  return screen.getAllByRole('button', { name: /^Agrandir la photo/ });
}

describe('photos', () => {
  it("shows the 'Image non disponible' placeholder when the apartment has no image", () => {
    render(<Gallery images={[]} title="Loft" />);
    expect(screen.getByRole('img', { name: 'Image non disponible' }).textContent).toBe('Image non disponible');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the main image and at most 4 thumbnails, and a button for all the photos beyond', () => {
    render(<Gallery images={images(7)} title="Loft" />);
    expect(openers().map((b) => b.getAttribute('aria-label'))).toEqual([
      'Agrandir la photo 1 sur 7',
      'Agrandir la photo 2 sur 7',
      'Agrandir la photo 3 sur 7',
      'Agrandir la photo 4 sur 7',
      'Agrandir la photo 5 sur 7',
    ]);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    const shown = screen.getAllByRole('img').map((img) => img.getAttribute('src'));
    expect(shown).toEqual(images(5));
    expect(screen.getByRole('button', { name: 'Voir les 7 photos' })).toBeTruthy();
  });

  it('asks for the main photo first (high priority, never lazy), the thumbnails lazily at low priority, each sized for its place', () => {
    const demo = Array.from({ length: 3 }, (_, i) => `/media/demo/loft-${i + 1}.jpg`);
    const { container } = render(<Gallery images={demo} title="Loft" />);
    const [main, ...thumbs] = screen.getAllByRole('img');
    expect(main?.getAttribute('fetchpriority')).toBe('high');
    expect(main?.getAttribute('loading')).toBe('eager');
    expect(thumbs.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['lazy', 'low'],
      ['lazy', 'low'],
    ]);
    const sizes = [...container.querySelectorAll('source[type="image/avif"]')].map((s) => s.getAttribute('sizes'));
    expect(sizes).toEqual([
      '(max-width: 767px) calc(100vw - 32px), (max-width: 1200px) calc(67vw - 27px), 775px',
      '(max-width: 767px) calc(25vw - 14px), 390px',
      '(max-width: 767px) calc(25vw - 14px), 390px',
    ]);
  });

  it('shows only the thumbnails there are, without the "all photos" button', () => {
    render(<Gallery images={images(3)} title="Loft" />);
    expect(openers()).toHaveLength(3);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Voir les/ })).toBeNull();
  });

  it('shows the loading-error placeholder in place of an image that fails, the others stay', () => {
    render(<Gallery images={images(3)} title="Loft" />);
    fireEvent.error(screen.getByRole('img', { name: 'Loft, photo 2' }));
    const failed = within(screen.getByRole('button', { name: 'Agrandir la photo 2 sur 3' }));
    expect(failed.getByRole('img', { name: "Erreur de chargement de l'image" }).textContent).toBe("Erreur de chargement de l'image");
    expect(screen.getByRole('img', { name: 'Loft' }).getAttribute('src')).toBe('https://images.test/photo-1.jpg');
    expect(screen.getByRole('img', { name: 'Loft, photo 3' })).toBeTruthy();
  });
});

describe('photo viewer', () => {
  it('opens on the chosen photo, with the focus inside, and moves with Image suivante / Image précédente', async () => {
    const user = userEvent.setup();
    render(<Gallery images={images(3)} title="Loft" />);
    await user.click(screen.getByRole('button', { name: 'Agrandir la photo 2 sur 3' }));

    const dialog = screen.getByRole('dialog', { name: 'Photo 2 sur 3' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(within(dialog).getByRole('img', { name: 'Loft, photo 2 sur 3' }).getAttribute('src')).toBe('https://images.test/photo-2.jpg');

    await user.click(within(dialog).getByRole('button', { name: 'Image suivante' }));
    expect(screen.getByRole('dialog', { name: 'Photo 3 sur 3' })).toBe(dialog);
    expect(within(dialog).getByRole('img', { name: 'Loft, photo 3 sur 3' }).getAttribute('src')).toBe('https://images.test/photo-3.jpg');

    // After the last photo comes the first one.
    await user.click(within(dialog).getByRole('button', { name: 'Image suivante' }));
    expect(within(dialog).getByRole('img', { name: 'Loft, photo 1 sur 3' }).getAttribute('src')).toBe('https://images.test/photo-1.jpg');

    await user.click(within(dialog).getByRole('button', { name: 'Image précédente' }));
    expect(screen.getByRole('dialog', { name: 'Photo 3 sur 3' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Image précédente' }));
    expect(screen.getByRole('dialog', { name: 'Photo 2 sur 3' })).toBeTruthy();

    // The arrow keys do the same.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Photo 3 sur 3' })).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Photo 2 sur 3' })).toBeTruthy();
  });

  it('closes with Escape and gives the focus back to the photo that opened it', async () => {
    const user = userEvent.setup();
    render(<Gallery images={images(3)} title="Loft" />);
    const opener = screen.getByRole('button', { name: 'Agrandir la photo 3 sur 3' });
    await user.click(opener);
    expect(screen.getByRole('dialog')).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('is usable with the keyboard alone: Enter opens, Tab stays inside, Fermer closes and the focus returns', async () => {
    const user = userEvent.setup();
    render(<Gallery images={images(2)} title="Loft" />);
    await user.tab();
    const opener = screen.getByRole('button', { name: 'Agrandir la photo 1 sur 2' });
    expect(document.activeElement).toBe(opener);
    await user.keyboard('{Enter}');

    const dialog = screen.getByRole('dialog', { name: 'Photo 1 sur 2' });
    const close = within(dialog).getByRole('button', { name: 'Fermer' });
    const previous = within(dialog).getByRole('button', { name: 'Image précédente' });
    const next = within(dialog).getByRole('button', { name: 'Image suivante' });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(previous);
    await user.tab();
    expect(document.activeElement).toBe(next);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(next);

    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Photo 2 sur 2' })).toBeTruthy();
    await user.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('shows the placeholder in the viewer for a photo that fails, and no previous/next for a single photo', async () => {
    const user = userEvent.setup();
    render(<Gallery images={images(1)} title="Loft" />);
    await user.click(screen.getByRole('button', { name: 'Agrandir la photo 1 sur 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Photo 1 sur 1' });
    fireEvent.error(within(dialog).getByRole('img', { name: 'Loft, photo 1 sur 1' }));
    expect(within(dialog).getByRole('img', { name: "Erreur de chargement de l'image" })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Image suivante' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Image précédente' })).toBeNull();
  });

  it('opens on the first photo from "Voir les N photos"', async () => {
    const user = userEvent.setup();
    render(<Gallery images={images(6)} title="Loft" />);
    await user.click(screen.getByRole('button', { name: 'Voir les 6 photos' }));
    expect(screen.getByRole('dialog', { name: 'Photo 1 sur 6' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Image précédente' }));
    expect(screen.getByRole('dialog', { name: 'Photo 6 sur 6' })).toBeTruthy();
  });
});
