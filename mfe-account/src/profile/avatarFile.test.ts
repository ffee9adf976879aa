import { avatarFileProblem, IMAGE_TOO_LARGE, NOT_AN_IMAGE, UNSUPPORTED_IMAGE } from './avatarFile';

it('accepts JPEG, PNG and WebP images up to 5 Mo', () => {
  expect(avatarFileProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
  expect(avatarFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
  expect(avatarFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
});

it('refuses other files with a French message', () => {
  expect(avatarFileProblem({ type: 'application/pdf', size: 10 })).toBe(NOT_AN_IMAGE);
  expect(avatarFileProblem({ type: '', size: 10 })).toBe(NOT_AN_IMAGE);
  expect(avatarFileProblem({ type: 'image/gif', size: 10 })).toBe(UNSUPPORTED_IMAGE);
  expect(avatarFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(IMAGE_TOO_LARGE);
});
