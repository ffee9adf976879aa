/** Waiting for an imported feed's sync: it runs in the background (issue 26), the feed reports it. */
import assert from 'node:assert/strict';

/** The feed (GET /api/admin/flux/:id) once its sync has ended. */
export async function syncedFeed(baseUrl: string, token: string, feedId: number): Promise<any> {
  for (let i = 0; i < 1200; i += 1) {
    const res = await fetch(`${baseUrl}/api/admin/flux/${feedId}`, { headers: { authorization: `Bearer ${token}` } });
    const feed = (await res.json()) as { synchro?: unknown; derniereTentativeLe?: string | null };
    assert.equal(res.status, 200, JSON.stringify(feed));
    if (feed.synchro === null && feed.derniereTentativeLe !== null) return feed;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`la synchronisation du flux ${feedId} ne se termine pas`);
}
