import { nextTask } from './next-task';

/**
 * The host's async boundary: the shared singletons are negotiated before any of them runs. Start-up
 * is cut into tasks (issue 17): React DOM is evaluated in one, the shell's own modules in the next,
 * instead of both in a single long task. Their files are fetched together all the same: the server
 * preloads every start-up chunk in the page (page-hints.ts in the API).
 */
async function start(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import(/* webpackChunkName: "bootstrap" */ './bootstrap');
}

void start();
