/**
 * Channel sync benchmark (`npm run bench`, issue 14), on the embedded database:
 * 1. time to import a 1,000-event Airbnb-shaped feed (download, parse in a worker, store every night
 *    of the bookable window), until the feed reports its sync done;
 * 2. sync lag: from a change in a served feed to the blocked day refusing a booking, with the
 *    periodic job running on its timer. The default interval is 10 minutes, so a change waits on
 *    average half an interval and at most one; the run measures the lag at a short interval
 *    (BENCH_SYNC_INTERVAL_SECONDS, default 5 s) and prints the processing part it adds to the wait.
 */
import { performance } from 'node:perf_hooks';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { booking, manyEvents } from '../test/fixtures/ota-feeds.js';
import { startFeedServer } from '../test/support/feed-server.js';
import { syncedFeed } from '../test/support/feed-sync.js';
import { startServer } from '../test/helpers.js';
import { allApartments } from '../test/support/catalogue.js';
import { loadConfig } from '../src/config.js';

const DEFAULT_INTERVAL_S = loadConfig({}).icalImport.intervalMs / 1000;
const INTERVAL_S = Number(process.env.BENCH_SYNC_INTERVAL_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_SYNC_ROUNDS ?? 3);

const feeds = await startFeedServer();
const fetchSettings = { ...loadConfig({}).icalImport, timeoutMs: 30_000, allowedPrivateHosts: ['127.0.0.1'] };

// 1. A 1,000-event feed.
{
  const server = await startServer({ icalImport: { ...fetchSettings, intervalMs: 600_000 } });
  try {
    const admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    const [apartment] = (await allApartments(server)) as Array<{ id: number }>;
    const body = manyEvents(addDaysIso(todayIn('Europe/Paris'), 1), 1000);
    feeds.set('/bench-1000.ics', { kind: 'ics', body });
    const started = performance.now();
    const res = await server.request('POST', `/api/admin/appartements/${apartment!.id}/flux`, {
      token: admin,
      body: { libelle: 'Airbnb', url: `${feeds.url}/bench-1000.ics` },
    });
    const imported = await syncedFeed(server.url, admin, res.body.id);
    const first = performance.now() - started;
    // Events past the bookable window are not imported (issue 26): about 300 of the 1,000 fall inside it.
    if (res.status !== 201 || imported.derniereErreur !== null) throw new Error(`import: ${res.status} ${res.text.slice(0, 200)}`);
    // A changed feed (every event moved): all released and stored again.
    feeds.set('/bench-1000.ics', { kind: 'ics', body: manyEvents(addDaysIso(todayIn('Europe/Paris'), 2), 1000) });
    const again = performance.now();
    await server.request('POST', `/api/admin/flux/${res.body.id}/synchroniser`, { token: admin });
    await syncedFeed(server.url, admin, res.body.id);
    const changed = performance.now() - again;
    console.log(
      `iCal import, 1 000 events (${(body.length / 1024).toFixed(0)} KB; ${imported.evenements} inside the bookable window): first import ${first.toFixed(0)} ms, every event moved ${changed.toFixed(0)} ms`,
    );
  } finally {
    await server.close();
  }
}

// 2. Sync lag with the job on its timer.
{
  const server = await startServer({ jobsEnabled: true, icalImport: { ...fetchSettings, intervalMs: INTERVAL_S * 1000 } });
  try {
    const admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    const client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    const [, apartment] = (await allApartments(server)) as Array<{ id: number }>;
    const today = todayIn('Europe/Paris');
    feeds.set('/bench-lag.ics', { kind: 'ics', body: booking([]) });
    await server.request('POST', `/api/admin/appartements/${apartment!.id}/flux`, {
      token: admin,
      body: { libelle: 'Booking.com', url: `${feeds.url}/bench-lag.ics` },
    });
    const lags: number[] = [];
    const events: Array<{ uid: string; debut: string; fin: string }> = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const debut = addDaysIso(today, 20 + round * 5);
      events.push({ uid: `lag-${round}`, debut, fin: addDaysIso(debut, 2) });
      // A random phase against the timer, as a real change would have.
      await new Promise((r) => setTimeout(r, Math.random() * INTERVAL_S * 1000));
      feeds.set('/bench-lag.ics', { kind: 'ics', body: booking(events) });
      const changedAt = performance.now();
      // The booking calendar's source of truth: poll it, then check that the booking is refused.
      for (;;) {
        const days = (await server.request('GET', `/api/appartements/disponibilites/${apartment!.id}`)).body as Array<{ date: string }>;
        if (days.some((d) => d.date === debut)) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      // A week from the blocked night: long enough for any minimum stay of the demo prices (a one-night stay is refused 400 on some dates).
      const refused = await server.request('POST', '/api/reservations', {
        token: client,
        body: { appartementId: apartment!.id, startDate: debut, endDate: addDaysIso(debut, 7), guestsCount: 1, accepteCgv: true },
      });
      if (refused.status !== 409)
        throw new Error(`booking over an imported night answered ${refused.status}: ${refused.text.slice(0, 200)}`);
      lags.push(performance.now() - changedAt);
    }
    const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const mean = lags.reduce((a, b) => a + b, 0) / lags.length;
    console.log(
      `iCal sync lag at a ${INTERVAL_S} s interval, ${ROUNDS} changes: ${lags.map(fmt).join(', ')} (mean ${fmt(mean)}, max ${fmt(Math.max(...lags))})`,
    );
    console.log(
      `  with the default interval (${DEFAULT_INTERVAL_S} s): a change waits for the next run, on average ${DEFAULT_INTERVAL_S / 2} s, at most ${DEFAULT_INTERVAL_S} s, plus the sync itself (see the import time above)`,
    );
  } finally {
    await server.close();
  }
}
await feeds.close();
