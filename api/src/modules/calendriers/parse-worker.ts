/**
 * Worker thread entry (issue 26): reads one feed off the request thread. The parent gives it a
 * time and memory budget (`parse-off-thread.ts`) and terminates it past either.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FeedParseError, parseFeed, type FeedWindow } from './parse-feed.js';

export interface ParseRequest {
  body: string;
  window: FeedWindow;
  maxNights: number;
}

// node-ical warns on the console about what it skips, quoting the feed: not for our logs.
console.warn = () => undefined;
console.log = () => undefined;

const { body, window, maxNights } = workerData as ParseRequest;
try {
  parentPort!.postMessage({ ok: true, feed: parseFeed(body, window, maxNights) });
} catch (error) {
  parentPort!.postMessage(
    error instanceof FeedParseError ? { ok: false, kind: error.kind, detail: error.message } : { ok: false, kind: null, detail: '' },
  );
}
