/**
 * @jest-environment node
 */
// The server side of usePageMeta: rendered where there is no document (the API's render worker).
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { setRuntimeConfig } from '../src/api/runtime-config';
import { takeServerPageHead, usePageMeta } from '../src/meta/page-meta';

function Page({ photo }: { photo?: string }) {
  usePageMeta('Foire aux questions', 'Les réponses', photo ? { image: photo } : {});
  return createElement('h1', null, 'FAQ');
}

describe('usePageMeta during a server render', () => {
  beforeEach(() => {
    takeServerPageHead();
    setRuntimeConfig({ siteName: 'Séjours Messins' });
  });

  it('records the head the page declares, with the site name, for the server to write', () => {
    expect(renderToString(createElement(Page, { photo: '/media/demo/a-1.jpg' }))).toContain('FAQ');
    expect(takeServerPageHead()).toEqual({
      title: 'Foire aux questions | Séjours Messins',
      description: 'Les réponses',
      image: '/media/demo/a-1.jpg',
      noindex: false,
    });
  });

  it('hands it over once: the next render starts without it', () => {
    renderToString(createElement(Page));
    expect(takeServerPageHead()?.image).toBeNull();
    expect(takeServerPageHead()).toBeNull();
  });
});
