/**
 * Downloads another channel's iCal feed: http(s) only, never towards our own private network
 * (SSRF guard, checked on the address actually connected to, so DNS rebinding cannot slip past),
 * with a timeout, a size limit, conditional headers and a few redirects (each one checked again).
 */
import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export interface FeedFetchSettings {
  timeoutMs: number;
  maxBytes: number;
  /** Hosts (names or addresses) allowed even when private, e.g. 127.0.0.1 for the tests' feed server. */
  allowedPrivateHosts: string[];
}

export type FeedFetchResult = { kind: 'unchanged' } | { kind: 'ok'; body: string; etag: string | null; lastModified: string | null };

/** A failure whose French message is shown to the admin as the feed's last error. */
export class FeedError extends Error {}

const MAX_REDIRECTS = 3;

const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  privateRanges.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return privateRanges.check(mapped[1], 'ipv4');
    return privateRanges.check(address, 'ipv6');
  }
  return privateRanges.check(address, 'ipv4');
}

export const URL_INVALIDE = "L'adresse du calendrier doit être une URL http ou https valide.";
export const URL_INTERDITE = "L'adresse du calendrier ne peut pas viser le réseau privé du serveur.";

/** Checks what can be checked without the network: scheme, host, and literal private addresses. */
export function checkFeedUrl(raw: string, settings: Pick<FeedFetchSettings, 'allowedPrivateHosts'>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedError(URL_INVALIDE);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) throw new FeedError(URL_INVALIDE);
  if (url.username || url.password) throw new FeedError(URL_INVALIDE);
  const host = bareHost(url);
  if (allowed(host, settings)) return url;
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isPrivateAddress(host)))
    throw new FeedError(URL_INTERDITE);
  return url;
}

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

function allowed(host: string, settings: Pick<FeedFetchSettings, 'allowedPrivateHosts'>): boolean {
  return settings.allowedPrivateHosts.includes(host);
}

/** A DNS lookup that refuses private addresses unless the host is allowed. */
function guardedLookup(host: string, settings: FeedFetchSettings): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as unknown as Array<{ address: string; family: number }>;
      const usable = allowed(host, settings) ? list : list.filter((a) => !isPrivateAddress(a.address));
      if (usable.length === 0) return callback(new FeedError(URL_INTERDITE), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
      const first = usable[0]!;
      callback(null, first.address, first.family);
    });
  };
}

export async function fetchFeed(
  rawUrl: string,
  label: string,
  conditional: { etag: string | null; lastModified: string | null },
  settings: FeedFetchSettings,
): Promise<FeedFetchResult> {
  let url = checkFeedUrl(rawUrl, settings);
  const deadline = Date.now() + settings.timeoutMs;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const answer = await request(url, label, conditional, settings, deadline);
    if (answer.kind !== 'redirect') return answer;
    try {
      url = checkFeedUrl(new URL(answer.location, url).toString(), settings);
    } catch (error) {
      if (error instanceof FeedError) throw error;
      throw new FeedError(`Le calendrier ${label} redirige vers une adresse invalide.`);
    }
  }
  throw new FeedError(`Le calendrier ${label} redirige trop de fois.`);
}

function request(
  url: URL,
  label: string,
  conditional: { etag: string | null; lastModified: string | null },
  settings: FeedFetchSettings,
  deadline: number,
): Promise<FeedFetchResult | { kind: 'redirect'; location: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'SejoursMessins-iCal/1.0' };
    if (conditional.etag) headers['if-none-match'] = conditional.etag;
    if (conditional.lastModified) headers['if-modified-since'] = conditional.lastModified;
    const client = url.protocol === 'https:' ? https : http;
    const remaining = Math.max(1, deadline - Date.now());
    const timeoutMessage = `Le calendrier ${label} ne répond pas (délai dépassé).`;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(error);
    };
    const req = client.get(url, { headers, lookup: guardedLookup(bareHost(url), settings), agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status) && res.headers.location) {
        res.resume();
        settled = true;
        clearTimeout(timer);
        resolve({ kind: 'redirect', location: res.headers.location });
        return;
      }
      if (status === 304) {
        res.resume();
        settled = true;
        clearTimeout(timer);
        resolve({ kind: 'unchanged' });
        return;
      }
      if (status < 200 || status >= 300) {
        res.resume();
        fail(new FeedError(`Le calendrier ${label} répond par une erreur (HTTP ${status}).`));
        return;
      }
      const declared = Number(res.headers['content-length'] ?? '0');
      if (declared > settings.maxBytes) {
        fail(new FeedError(tooLarge(label, settings.maxBytes)));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > settings.maxBytes) fail(new FeedError(tooLarge(label, settings.maxBytes)));
        else chunks.push(chunk);
      });
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({
          kind: 'ok',
          body: Buffer.concat(chunks).toString('utf8'),
          etag: typeof res.headers.etag === 'string' ? res.headers.etag : null,
          lastModified: typeof res.headers['last-modified'] === 'string' ? res.headers['last-modified'] : null,
        });
      });
      res.on('error', () => fail(new FeedError(`Le calendrier ${label} a interrompu l'envoi.`)));
    });
    const timer = setTimeout(() => fail(new FeedError(timeoutMessage)), remaining);
    req.on('error', (error) => {
      if (error instanceof FeedError) return fail(error);
      fail(new FeedError(`Le calendrier ${label} est injoignable.`));
    });
  });
}

function tooLarge(label: string, maxBytes: number): string {
  return `Le calendrier ${label} est trop volumineux (plus de ${Math.round(maxBytes / (1024 * 1024))} Mo).`;
}
