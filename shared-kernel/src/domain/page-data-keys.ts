/**
 * What the server writes into a page's HTML and the client reads back (issue 17): the ids of the
 * JSON blocks, and the API paths that key the data block.
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'sm-runtime-config';
export const PAGE_DATA_ELEMENT_ID = 'sm-donnees-initiales';
/** The modules the server rendered into `#root` (server rendering): their HTML is hydrated. */
export const SERVER_RENDER_ELEMENT_ID = 'sm-rendu-serveur';
/** The `<style>` of the design tokens and kernel classes (written by the server on a server-rendered page). */
export const DESIGN_TOKENS_STYLE_ID = 'sm-design-tokens';

/**
 * Clicks, typing and choices in lists on a server-rendered page before it is hydrated
 * (federation/early-input.ts): the inline script the server writes first in `<head>`, and the global through which the shell
 * takes what it kept.
 */
export const EARLY_INPUT_GLOBAL = '__smEarlyInput';
/** How many clicks and submissions the script keeps, without stopping it. */
export const EARLY_INPUT_PEEK_GLOBAL = '__smEarlyInputCount';

/**
 * Inline script (allowed by its hash in the Content-Security-Policy). Plain ES5, written by hand:
 * it runs before anything else, and its text is hashed as is.
 */
export const EARLY_INPUT_CAPTURE_SCRIPT =
  '(function(w,d){var kept=[];' +
  'function inRoot(n){var r=d.getElementById("root");return r!==null&&r.contains(n);}' +
  'function click(e){var t=e.target,c=t&&t.closest?t.closest("button,input[type=checkbox],input[type=radio],input[type=submit]"):null;' +
  'if(!c||c.disabled||!inRoot(c))return;e.preventDefault();e.stopPropagation();kept.push(c);}' +
  'function submit(e){if(!inRoot(e.target))return;e.preventDefault();e.stopPropagation();kept.push(e.target);}' +
  'function input(e){if(inRoot(e.target))e.stopPropagation();}' +
  'd.addEventListener("click",click,true);d.addEventListener("submit",submit,true);d.addEventListener("input",input,true);d.addEventListener("change",input,true);' +
  `w.${EARLY_INPUT_PEEK_GLOBAL}=function(){return kept.length;};` +
  `w.${EARLY_INPUT_GLOBAL}=function(){d.removeEventListener("click",click,true);d.removeEventListener("submit",submit,true);d.removeEventListener("input",input,true);d.removeEventListener("change",input,true);var k=kept;kept=[];return k;};` +
  '})(window,document);';

/** API paths of the public catalogue, relative to the API base. */
export const APPARTEMENTS_PATH = '/appartements';
export const appartementPath = (slug: string): string => `/appartements/slug/${encodeURIComponent(slug)}`;
export const appartementReviewsPath = (id: number): string => `/appartements/${id}/avis`;
