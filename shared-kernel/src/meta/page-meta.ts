/** Sets the document title and meta description of a page (every route has its own). */
import { useEffect } from 'react';
import { getRuntimeConfig } from '../api/runtime-config.js';

export function setPageMeta(title: string, description?: string): void {
  document.title = `${title} | ${getRuntimeConfig().siteName}`;
  if (description === undefined) return;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = description;
}

export function usePageMeta(title: string, description?: string): void {
  useEffect(() => setPageMeta(title, description), [title, description]);
}
