/**
 * Fills the variant cache after start-up, so that visitors find every demo photo already encoded,
 * after removing the variants of photos since replaced (`prune`), so the cache does not only grow.
 * Only in a process that runs the periodic jobs (JOBS_ENABLED) and with IMAGE_WARMUP on: API tests
 * and browser tests encode only what they ask for. It starts a few seconds after the server is
 * ready, encodes one variant at a time behind any visitor's request, and stops on shutdown.
 */
import type { FastifyInstance } from 'fastify';
import type { ImageVariants } from './image-variants.js';

const START_DELAY_MS = 5_000;

export function scheduleImageWarmUp(app: FastifyInstance, variants: ImageVariants, delayMs = START_DELAY_MS): void {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const run = async () => {
    const pruned = await variants.prune();
    if (pruned.removed > 0) app.log.info(pruned, "variantes d'images périmées supprimées");
    const started = Date.now();
    const { encoded, failed } = await variants.warmUp(controller.signal, (err, key) =>
      app.log.error({ err, variant: key }, "variante d'image en échec"),
    );
    if (encoded > 0 || failed > 0)
      app.log.info(
        { encoded, failed, ms: Date.now() - started, interrompu: controller.signal.aborted },
        "préparation des variantes d'images terminée",
      );
  };

  app.addHook('onReady', async () => {
    timer = setTimeout(() => {
      running = run().catch((err: unknown) => app.log.error({ err }, "préparation des variantes d'images en échec"));
    }, delayMs);
    timer.unref();
  });
  // Waits for the encode in progress (a second at most), so nothing writes to the cache after close.
  app.addHook('preClose', async () => {
    if (timer) clearTimeout(timer);
    controller.abort();
    await running;
  });
}
