/**
 * Resolves in a later task, so the work after it does not add to the current one: on a phone a
 * long start-up task blocks input and counts as blocking time (issue 17). `scheduler.yield()` where
 * the browser has it (its continuation runs before other queued tasks), a timer otherwise.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
