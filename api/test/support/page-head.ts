/** What the <head> of a page's HTML says to search engines and link previews, read back for tests. */
import assert from 'node:assert/strict';

const unescape = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

export interface PageHeadRead {
  title: string | null;
  description: string | null;
  canonical: string | null;
  robots: string | null;
  /** og:* properties by name. */
  og: Record<string, string>;
}

export function headOf(html: string): PageHeadRead {
  const head = html.slice(0, html.indexOf('</head>'));
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => unescape(m[1]!));
  assert.ok(titles.length <= 1, 'one title at most');
  assert.ok((head.match(/<link rel="canonical"/g) ?? []).length <= 1, 'one canonical URL at most');
  assert.ok((head.match(/name="?description/g) ?? []).length <= 1, 'one description at most');
  const attr = (re: RegExp) => {
    const m = re.exec(head);
    return m ? unescape(m[1]!) : null;
  };
  const og: Record<string, string> = {};
  for (const m of head.matchAll(/<meta property="(og:[a-z_]+)" content="([^"]*)">/g)) og[m[1]!] = unescape(m[2]!);
  return {
    title: titles[0] ?? null,
    description: attr(/<meta name="?description"? content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)">/),
    robots: attr(/<meta name="robots" content="([^"]*)">/),
    og,
  };
}
