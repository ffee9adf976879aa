import { rmSync } from 'node:fs';

/** Removes the run's temporary data folder. */
export default function teardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('sm-e2e-')) rmSync(dir, { recursive: true, force: true });
}
