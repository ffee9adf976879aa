/** A local HTTP server standing in for the channels' iCal endpoints (tests and bench). */
import http from 'node:http';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export type FeedAnswer =
  /** `delayMs`: the answer waits that long (a slow channel). */
  | { kind: 'ics'; body: string; contentType?: string; delayMs?: number }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'hang' };

export interface FeedServer {
  url: string;
  set(path: string, answer: FeedAnswer): void;
  /** Requests received per path, with their conditional headers. */
  hits: Array<{ path: string; ifNoneMatch: string | undefined; status: number }>;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const answers = new Map<string, FeedAnswer>();
  const hits: FeedServer['hits'] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const answer = answers.get(path) ?? { kind: 'status', status: 404, body: 'Not found' };
    const record = (status: number) => hits.push({ path, ifNoneMatch: req.headers['if-none-match'], status });
    switch (answer.kind) {
      case 'ics': {
        const etag = `"${createHash('sha1').update(answer.body).digest('hex')}"`;
        if (req.headers['if-none-match'] === etag) {
          record(304);
          res.writeHead(304, { etag }).end();
          return;
        }
        record(200);
        const send = () =>
          res
            .writeHead(200, {
              'content-type': answer.contentType ?? 'text/calendar; charset=utf-8',
              etag,
              'content-length': Buffer.byteLength(answer.body),
            })
            .end(answer.body);
        if (answer.delayMs) {
          hanging.add(res);
          setTimeout(() => {
            hanging.delete(res);
            if (!res.destroyed) send();
          }, answer.delayMs);
        } else send();
        return;
      }
      case 'status':
        record(answer.status);
        res.writeHead(answer.status, { 'content-type': 'text/html' }).end(answer.body ?? '');
        return;
      case 'redirect':
        record(302);
        res.writeHead(302, { location: answer.to }).end();
        return;
      case 'hang':
        record(0);
        hanging.add(res);
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    hits,
    set: (path, answer) => void answers.set(path, answer),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
