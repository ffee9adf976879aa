/**
 * What a page's HTML announces so the browser does not discover its work one round trip at a time
 * (issue 17). Without it the chain was: HTML → main.js → shell chunks → /runtime-config.json →
 * the remote's manifest → its entry and page chunk → /api → the first photo.
 *
 * - Preloads, all `fetchpriority="low"`: the shell's start-up chunks (`initial-assets.json`, written
 *   by the host's webpack build) and, for a public page, the manifest of its remote's release (the
 *   one the page's runtime configuration names). Low priority because Lighthouse counts high-priority preloads as
 *   render-blocking: in a trial first paint moved from 0.65 s to 2.5 s.
 *   The remote's entry and page chunk are not preloaded: Chromium keeps a failed preload and hands
 *   it to the next matching <script>, so after an outage the first « Réessayer » would fail again
 *   without asking the network (the browser test of a catalogue outage caught it). A failed manifest
 *   preload does not have this problem: the runtime's second fetch goes to the network.
 * - The page's main photo, preloaded at high priority (it is the largest paint), as the first request
 *   of the page: right after `<meta name="viewport">` (the `vw` of its `imagesizes` must already mean
 *   the phone's width), before the shell's own `<script defer src="/main.js">` (issue 28: it came
 *   second, after main.js).
 * - The runtime configuration and the page's public data, as inert JSON blocks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DESIGN_TOKENS_STYLE_ID,
  EARLY_INPUT_CAPTURE_SCRIPT,
  PAGE_DATA_ELEMENT_ID,
  responsiveSources,
  RUNTIME_CONFIG_ELEMENT_ID,
  SERVER_RENDER_ELEMENT_ID,
} from 'shared-kernel/domain';
import { escapeHtml, jsonForScript } from './seo.js';
import { START_AFTER_PAINT_SCRIPT, START_ELEMENT_ID, type StartAfterPaint } from './start-after-paint.js';

/** The shell's start-up chunks, as its build listed them (none if the file is absent). */
export function readShellInitialAssets(shellDir: string): string[] {
  try {
    const { files } = JSON.parse(readFileSync(path.join(shellDir, 'initial-assets.json'), 'utf8')) as { files?: unknown };
    return Array.isArray(files)
      ? files.filter((f): f is string => typeof f === 'string' && /^[\w.-]+\.(js|css)$/.test(f)).map((f) => `/${f}`)
      : [];
  } catch {
    return [];
  }
}

/** What a page announces of its remote's release (web/remotes/release.ts). */
export interface RemotePageFiles {
  /** The release's own manifest, the one the page's runtime configuration names. */
  manifest: string;
  /** The page module's own stylesheets (linked in `<head>` when the page is server rendered). */
  styles: string[];
}

export interface PageHints {
  shellScripts: string[];
  remote: RemotePageFiles | null;
  /** The page's largest image, fetched at high priority, with the `sizes` of its `<img>`. */
  mainImage: { src: string; sizes: string } | null;
  runtimeConfig: unknown;
  /** Public API answers keyed by path (only for a visitor without a session). */
  data: Record<string, unknown> | null;
  /** Set when `#root` holds the server's rendering of the page. */
  rendered?: { html: string; modules: string[]; designTokens: string } | null;
}

/**
 * A demo photo is preloaded as the `<picture>` will fetch it: its AVIF `srcset` and the same
 * `sizes`, so the browser picks the same candidate (`type` makes a browser without AVIF skip it).
 */
function mainImageTag({ src, sizes }: { src: string; sizes: string }): string {
  const sources = responsiveSources(src);
  if (!sources) return `<link rel="preload" href="${escapeHtml(src)}" as="image" fetchpriority="high">`;
  return `<link rel="preload" href="${escapeHtml(src)}" as="image" imagesrcset="${escapeHtml(sources.avif)}" imagesizes="${escapeHtml(sizes)}" type="image/avif" fetchpriority="high">`;
}

/** The tags for `<head>`; `mainScript`: the shell's entry, started after the first paint of a server-rendered page. */
export function hintTags(hints: PageHints, mainScript: string | null = null): string {
  const low = (href: string, as: 'script' | 'style') => `<link rel="preload" href="${escapeHtml(href)}" as="${as}" fetchpriority="low">`;
  const tags: string[] = [];
  // First of all: until the page is hydrated, clicks are kept for React (kernel early-input.ts).
  if (hints.rendered) tags.push(`<script>${EARLY_INPUT_CAPTURE_SCRIPT}</script>`);
  if (hints.rendered && mainScript) {
    const start: StartAfterPaint = {
      main: mainScript,
      preload: [
        ...hints.shellScripts.filter((href) => href.endsWith('.js')).map((href) => ({ href, as: 'script' as const })),
        ...(hints.remote ? [{ href: hints.remote.manifest, as: 'fetch' as const, cors: true }] : []),
      ],
    };
    tags.push(
      `<script type="application/json" id="${START_ELEMENT_ID}">${jsonForScript(start)}</script><script>${START_AFTER_PAINT_SCRIPT}</script>`,
    );
  } else {
    tags.push(...hints.shellScripts.map((href) => low(href, href.endsWith('.css') ? 'style' : 'script')));
    if (hints.remote) {
      // The federation runtime fetches the manifest with fetch() (cors mode, same-origin credentials): `crossorigin` makes the preload match it.
      tags.push(`<link rel="preload" href="${escapeHtml(hints.remote.manifest)}" as="fetch" crossorigin="anonymous" fetchpriority="low">`);
    }
  }
  if (hints.rendered) {
    // The server's HTML is styled at first paint: the tokens and kernel classes, then the shell's
    // and the page's stylesheets. Each runtime must find these links rather than add them again (a
    // second link restyles the whole page): the federation runtime compares absolute URLs (the
    // kernel's registry skips what is linked), the remote's CSS chunk loader compares `data-href`
    // with the file name the manifest gives (no folders: remotePageFiles keeps only such names).
    tags.push(`<style id="${DESIGN_TOKENS_STYLE_ID}">${hints.rendered.designTokens.replace(/<\//g, '<\\/')}</style>`);
    tags.push(
      ...hints.shellScripts.filter((href) => href.endsWith('.css')).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    );
    tags.push(
      ...(hints.remote?.styles ?? []).map(
        (href) => `<link rel="stylesheet" href="${escapeHtml(href)}" data-href="${escapeHtml(href.slice(href.lastIndexOf('/') + 1))}">`,
      ),
    );
    tags.push(`<script type="application/json" id="${SERVER_RENDER_ELEMENT_ID}">${jsonForScript(hints.rendered.modules)}</script>`);
  }
  tags.push(`<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${jsonForScript(hints.runtimeConfig)}</script>`);
  if (hints.data && Object.keys(hints.data).length > 0)
    tags.push(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(hints.data)}</script>`);
  return tags.join('');
}

/** The shell's entry as its built HTML writes it (`<script defer src=/main.js?…>`, quoted or not). */
const MAIN_SCRIPT_TAG = /<script\s+defer(?:="defer")?\s+src="?(\/main\.js[^"\s>]*)"?\s*><\/script>/i;

/** The viewport's `<meta>` (quoted or not, as the shell's minified HTML writes it). */
const VIEWPORT_META = /<meta\s[^>]*name=["']?viewport["']?[^>]*>/i;

/**
 * Inserts the main photo's preload after the viewport's `<meta>` (or, without one, with the other
 * tags), the other tags before `</head>` (replacer functions: `$&` in data stays text).
 */
export function injectHints(html: string, hints: PageHints): string {
  const image = hints.mainImage ? mainImageTag(hints.mainImage) : '';
  const early = image && VIEWPORT_META.test(html);
  const main = hints.rendered ? MAIN_SCRIPT_TAG.exec(html) : null;
  const tags = (early ? '' : image) + hintTags(hints, main?.[1] ?? null);
  const withoutMain = main ? html.replace(MAIN_SCRIPT_TAG, '') : html;
  const withImage = early ? withoutMain.replace(VIEWPORT_META, (meta) => `${meta}${image}`) : withoutMain;
  const withHead = withImage.replace(/<\/head>/i, () => `${tags}</head>`);
  const rendered = hints.rendered;
  return rendered ? withHead.replace(/<div id="?root"?><\/div>/, () => `<div id="root">${rendered.html}</div>`) : withHead;
}
