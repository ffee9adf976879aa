import { DESIGN_TOKENS_STYLE_ID } from '../domain/page-data-keys.js';
import { baseCss } from './base-css.js';

/**
 * Design tokens as CSS custom properties. Colours are chosen for WCAG AA contrast on white
 * (text >= 4.5:1): primary #1f4e79 is 8.6:1, muted #4b5563 is 7.5:1, danger #b42318 is 6.5:1.
 */
export const designTokens = {
  '--sm-color-primary': '#1f4e79',
  '--sm-color-primary-hover': '#163a5c',
  '--sm-color-primary-soft': '#e8f0f8',
  '--sm-color-accent': '#b54708',
  '--sm-color-text': '#1f2933',
  '--sm-color-muted': '#4b5563',
  '--sm-color-border': '#d0d5dd',
  '--sm-color-surface': '#ffffff',
  '--sm-color-background': '#f7f8fa',
  '--sm-color-success': '#067647',
  '--sm-color-success-soft': '#dcfae6',
  '--sm-color-warning': '#8a5a00',
  '--sm-color-warning-soft': '#fef0c7',
  '--sm-color-danger': '#b42318',
  '--sm-color-danger-soft': '#fee4e2',
  '--sm-color-info': '#175cd3',
  '--sm-color-info-soft': '#d1e9ff',
  '--sm-color-focus': '#f79009',
  '--sm-radius': '10px',
  '--sm-radius-small': '6px',
  '--sm-shadow': '0 1px 3px rgba(16, 24, 40, 0.12), 0 1px 2px rgba(16, 24, 40, 0.06)',
  '--sm-font': "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  '--sm-space-1': '4px',
  '--sm-space-2': '8px',
  '--sm-space-3': '12px',
  '--sm-space-4': '16px',
  '--sm-space-6': '24px',
  '--sm-space-8': '32px',
  '--sm-max-width': '1200px',
} as const;

export function tokensCss(): string {
  return `:root{${Object.entries(designTokens)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
}

/** Installs the tokens, and the styles of the kernel's own components, once in the document head. */
/** The tokens and the kernel classes, as the `<style>` holds them. */
export function designTokensStylesheet(): string {
  return tokensCss() + baseCss;
}

export function injectDesignTokens(doc: Document = document): void {
  if (doc.getElementById(DESIGN_TOKENS_STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = DESIGN_TOKENS_STYLE_ID;
  style.textContent = designTokensStylesheet();
  doc.head.appendChild(style);
}
