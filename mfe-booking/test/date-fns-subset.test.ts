/**
 * The bundle gives react-date-range only the date-fns functions listed in build/date-fns-subset.mjs
 * (see webpack.config.cjs): every name it uses must be there, or the calendar would break in the
 * browser while every jest test (which uses the whole date-fns) still passes.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as dateFns from 'date-fns';

const distDir = path.join(path.dirname(require.resolve('react-date-range/package.json')), 'dist');
const subset = fs.readFileSync(path.join(__dirname, '..', 'build', 'date-fns-subset.mjs'), 'utf8');

function jsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locale' ? [] : jsFiles(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });
}

const used = new Set(jsFiles(distDir).flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/_dateFns\.(\w+)/g)].map((m) => m[1]!)));
const exported = new Set(
  [...subset.matchAll(/export \{ (\w+) \} from 'date-fns\/(\w+)';/g)].map((m) => {
    expect(m[1]).toBe(m[2]);
    return m[1]!;
  }),
);

it('react-date-range uses date-fns functions (the check reads something)', () => {
  expect(used.size).toBeGreaterThan(10);
  expect(used.has('format')).toBe(true);
});

it('exports every date-fns function react-date-range uses', () => {
  expect([...used].filter((name) => !exported.has(name))).toEqual([]);
});

it('exports real date-fns functions only', () => {
  for (const name of exported) expect(typeof (dateFns as Record<string, unknown>)[name]).toBe('function');
});
