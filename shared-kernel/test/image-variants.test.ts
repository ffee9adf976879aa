import {
  demoImageBase,
  imageVariantUrl,
  parseImageVariantName,
  responsiveSources,
  uploadedPhotoId,
  uploadedPhotoVariantUrl,
} from '../src/domain/image-variants';

it('lists AVIF and WebP at 480, 800 and 1600 px for a local demo photo', () => {
  expect(responsiveSources('/media/demo/balcon-sur-la-moselle-1.jpg')).toEqual({
    avif: '/media/variantes/demo/balcon-sur-la-moselle-1-480.avif 480w, /media/variantes/demo/balcon-sur-la-moselle-1-800.avif 800w, /media/variantes/demo/balcon-sur-la-moselle-1-1600.avif 1600w',
    webp: '/media/variantes/demo/balcon-sur-la-moselle-1-480.webp 480w, /media/variantes/demo/balcon-sur-la-moselle-1-800.webp 800w, /media/variantes/demo/balcon-sur-la-moselle-1-1600.webp 1600w',
  });
});

it.each([
  'https://images.example.com/media/demo/loft-1.jpg',
  '//cdn.example.com/media/demo/loft-1.jpg',
  '/media/avatars/0f8c1d7e-1234-4abc-9def-0123456789ab.webp',
  '/media/demo/loft-1.gif',
  '/media/demo/loft-1.svg',
  '/media/demo/loft-1.jpg?v=2',
  '/media/demo/../secret.jpg',
  '/media/demo/sous/dossier.jpg',
  '/media/demo/Loft-1.jpg',
  '/media/demo/loft%2F1.jpg',
  '',
  null,
  undefined,
])('gives nothing for %p', (url) => {
  expect(responsiveSources(url)).toBeNull();
});

it('reads the base of a demo URL and builds the variant URL the server parses back', () => {
  expect(demoImageBase('/media/demo/loft-1.png')).toBe('loft-1');
  const key = { base: 'loft-1', width: 800, format: 'webp' } as const;
  expect(parseImageVariantName(imageVariantUrl(key).split('/').pop() ?? '')).toEqual(key);
});

it.each([
  'loft-1-801.avif',
  'loft-1-0800.avif',
  'loft-1-800.jpg',
  'loft-1-800.AVIF',
  'loft-1.avif',
  '..-800.avif',
  'a/b-800.avif',
  '-800.avif',
  'loft--1-800.avif',
])('refuses the variant name %p', (name) => {
  expect(parseImageVariantName(name)).toBeNull();
});

it('lists the variants stored with an uploaded photo, and nothing for a name the server never gives', () => {
  const id = '0f8c1d7e-1234-4abc-9def-0123456789ab';
  expect(responsiveSources(`/media/photos/${id}.jpg`)).toEqual({
    avif: `/media/photos/${id}-480.avif 480w, /media/photos/${id}-800.avif 800w, /media/photos/${id}-1600.avif 1600w`,
    webp: `/media/photos/${id}-480.webp 480w, /media/photos/${id}-800.webp 800w, /media/photos/${id}-1600.webp 1600w`,
  });
  expect(uploadedPhotoVariantUrl(id, 800, 'avif')).toBe(`/media/photos/${id}-800.avif`);
  // Since issue 28 the id carries the stored size; the variants follow it.
  expect(uploadedPhotoId(`/media/photos/${id}-1600x1067.jpg`)).toBe(`${id}-1600x1067`);
  expect(responsiveSources(`/media/photos/${id}-1600x1067.jpg`)?.webp).toContain(`/media/photos/${id}-1600x1067-480.webp 480w`);
  for (const url of [
    `/media/photos/${id}.png`,
    `/media/photos/${id}-800.avif`,
    '/media/photos/../x.jpg',
    `/media/photos/${id.toUpperCase()}.jpg`,
    `/media/photos/${id}-0x800.jpg`,
    `/media/photos/${id}-1200x.jpg`,
  ]) {
    expect(responsiveSources(url)).toBeNull();
  }
});
