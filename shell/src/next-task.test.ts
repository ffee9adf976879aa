import { nextTask } from './next-task';

type WithScheduler = typeof globalThis & { scheduler?: { yield?: () => Promise<void> } };

afterEach(() => {
  delete (globalThis as WithScheduler).scheduler;
  jest.useRealTimers();
});

test('sans scheduler.yield, la suite attend une tâche suivante (un minuteur), pas une microtâche', async () => {
  jest.useFakeTimers();
  let resumed = false;
  const waiting = nextTask().then(() => {
    resumed = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  expect(resumed).toBe(false);
  jest.runOnlyPendingTimers();
  await waiting;
  expect(resumed).toBe(true);
});

test('avec scheduler.yield, c’est lui qui rend la main au navigateur', async () => {
  const yieldToBrowser = jest.fn(() => Promise.resolve());
  (globalThis as WithScheduler).scheduler = { yield: yieldToBrowser };
  await nextTask();
  expect(yieldToBrowser).toHaveBeenCalledTimes(1);
});
