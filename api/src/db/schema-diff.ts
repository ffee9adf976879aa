/**
 * Compares two Drizzle snapshots (drizzle-kit's JSON): the one generated from schema.ts and the one
 * pulled from a database built by the migrations (see src/cli/db-check.ts).
 */
interface Column {
  name: string;
  type: string;
  notNull?: boolean;
  default?: unknown;
  primaryKey?: boolean;
}
interface Index {
  name: string;
  columns: Array<{ expression: string }>;
  isUnique: boolean;
  where?: string;
}
interface ForeignKey {
  tableTo: string;
  columnsFrom: string[];
  columnsTo: string[];
  onDelete?: string;
}
interface Table {
  columns: Record<string, Column>;
  indexes: Record<string, Index>;
  foreignKeys: Record<string, ForeignKey>;
  uniqueConstraints: Record<string, { columns: string[] }>;
  checkConstraints: Record<string, { name: string }>;
  compositePrimaryKeys: Record<string, { columns: string[] }>;
}
export interface Snapshot {
  tables: Record<string, Table>;
}

/** An expression as PostgreSQL prints it back and as Drizzle writes it compare equal: no quotes, casts, table prefixes, parentheses or spaces. */
const squash = (text: string) =>
  text
    .toLowerCase()
    .replace(/::[a-z ]+/g, '')
    .replace(/["()\s]/g, '')
    .replace(/[a-z_]+\.(?=[a-z_])/g, '');
/** Key columns as a set: PostgreSQL reads them back in its own order. */
const columnSet = (columns: string[]) => `(${[...columns].sort().join(', ')})`;
function columnShape(column: Column): string {
  let type = column.type.toLowerCase();
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- drizzle-kit's column default, compared as it prints
  let fallback = column.default === undefined ? '' : squash(String(column.default));
  if (type === 'serial' || fallback.startsWith('nextval')) [type, fallback] = ['integer', 'serial'];
  return `${type} ${column.notNull ? 'not null' : 'null'} default ${fallback}`;
}
const indexShape = (index: Index) =>
  `${index.isUnique ? 'unique ' : ''}(${index.columns.map((c) => c.expression).join(', ')})${index.where ? ` where ${squash(index.where)}` : ''}`;
const keyShape = (key: ForeignKey) =>
  `(${key.columnsFrom.join(', ')}) → ${key.tableTo}(${key.columnsTo.join(', ')}) on delete ${key.onDelete ?? 'no action'}`;

/** What differs between the snapshot Drizzle makes of schema.ts and the one it reads back from a migrated database, in French. */
export function compareSnapshots(schema: Snapshot, migrated: Snapshot): string[] {
  const problems: string[] = [];
  const names = new Set([...Object.keys(schema.tables), ...Object.keys(migrated.tables)]);
  for (const name of [...names].sort()) {
    const [want, have] = [schema.tables[name], migrated.tables[name]];
    if (!want || !have) {
      problems.push(
        `table ${name} : ${want ? 'dans schema.ts, créée par aucune migration' : 'créée par les migrations, absente de schema.ts'}`,
      );
      continue;
    }
    const side = (label: string, a: Set<string>, b: Set<string>) => {
      for (const item of a) if (!b.has(item)) problems.push(`table ${name} : ${label} ${item} dans schema.ts, pas dans les migrations`);
      for (const item of b) if (!a.has(item)) problems.push(`table ${name} : ${label} ${item} dans les migrations, pas dans schema.ts`);
    };
    side(
      'colonne',
      new Set(Object.values(want.columns).map((c) => `${c.name} ${columnShape(c)}`)),
      new Set(Object.values(have.columns).map((c) => `${c.name} ${columnShape(c)}`)),
    );
    side(
      'index',
      new Set(Object.values(want.indexes).map((i) => `${i.name} ${indexShape(i)}`)),
      new Set(Object.values(have.indexes).map((i) => `${i.name} ${indexShape(i)}`)),
    );
    side('clé étrangère', new Set(Object.values(want.foreignKeys).map(keyShape)), new Set(Object.values(have.foreignKeys).map(keyShape)));
    side(
      'unicité',
      new Set(Object.values(want.uniqueConstraints).map((u) => columnSet(u.columns))),
      new Set(Object.values(have.uniqueConstraints).map((u) => columnSet(u.columns))),
    );
    side('contrainte', new Set(Object.keys(want.checkConstraints)), new Set(Object.keys(have.checkConstraints)));
    side(
      'clé primaire',
      new Set(Object.values(want.compositePrimaryKeys).map((k) => columnSet(k.columns))),
      new Set(Object.values(have.compositePrimaryKeys).map((k) => columnSet(k.columns))),
    );
  }
  return problems;
}
