/**
 * Issue 33 item 7: `npm run db:check` compares the snapshot of schema.ts with the one read back from a
 * database the migrations built. The comparison ignores what PostgreSQL prints differently (quotes,
 * casts, table prefixes, key names and column order) and reports every real difference in French.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareSnapshots, type Snapshot } from '../src/db/schema-diff.js';

function table(extra: Partial<Snapshot['tables'][string]> = {}): Snapshot['tables'][string] {
  return {
    columns: {
      id: { name: 'id', type: 'serial', primaryKey: true, notNull: true },
      etat: { name: 'etat', type: 'text', notNull: true, default: "'en attente'" },
      reservation_id: { name: 'reservation_id', type: 'integer', notNull: true },
    },
    indexes: {
      paiements_a_faire_idx: {
        name: 'paiements_a_faire_idx',
        columns: [{ expression: 'etat' }],
        isUnique: false,
        where: `"paiements"."etat" <> 'payé'`,
      },
    },
    foreignKeys: {
      paiements_reservation_id_reservations_id_fk: {
        tableTo: 'reservations',
        columnsFrom: ['reservation_id'],
        columnsTo: ['id'],
        onDelete: 'restrict',
      },
    },
    uniqueConstraints: { paiements_cle_unique: { columns: ['reservation_id', 'etat'] } },
    checkConstraints: { paiements_etat_check: { name: 'paiements_etat_check' } },
    compositePrimaryKeys: {},
    ...extra,
  };
}

const schema: Snapshot = { tables: { 'public.paiements': table() } };
/** The same table as PostgreSQL reads it back: its own key names, casts, no prefixes, another column order. */
const migrated: Snapshot = {
  tables: {
    'public.paiements': table({
      columns: {
        id: { name: 'id', type: 'integer', notNull: true, default: "nextval('paiements_id_seq'::regclass)" },
        etat: { name: 'etat', type: 'text', notNull: true, default: "'en attente'::text" },
        reservation_id: { name: 'reservation_id', type: 'integer', notNull: true },
      },
      indexes: {
        paiements_a_faire_idx: {
          name: 'paiements_a_faire_idx',
          columns: [{ expression: 'etat' }],
          isUnique: false,
          where: "(etat <> 'payé'::text)",
        },
      },
      foreignKeys: {
        paiements_reservation_id_fkey: {
          tableTo: 'reservations',
          columnsFrom: ['reservation_id'],
          columnsTo: ['id'],
          onDelete: 'restrict',
        },
      },
      uniqueConstraints: { paiements_cle_key: { columns: ['etat', 'reservation_id'] } },
    }),
  },
};

describe('schema.ts compared with the migrated database', () => {
  it('finds nothing when they differ only in how PostgreSQL prints them', () => {
    assert.deepEqual(compareSnapshots(schema, migrated), []);
  });

  it('reports a column a migration forgot, a changed ON DELETE, a missing check and a table of one side only', () => {
    const drifted: Snapshot = {
      tables: {
        'public.paiements': table({
          columns: {
            id: { name: 'id', type: 'serial', primaryKey: true, notNull: true },
            etat: { name: 'etat', type: 'text', notNull: true, default: "'en attente'" },
          },
          foreignKeys: {
            paiements_reservation_id_fkey: {
              tableTo: 'reservations',
              columnsFrom: ['reservation_id'],
              columnsTo: ['id'],
              onDelete: 'cascade',
            },
          },
          checkConstraints: {},
        }),
        'public.vieille_table': table(),
      },
    };
    assert.deepEqual(compareSnapshots(schema, drifted), [
      'table public.paiements : colonne reservation_id integer not null default  dans schema.ts, pas dans les migrations',
      'table public.paiements : clé étrangère (reservation_id) → reservations(id) on delete restrict dans schema.ts, pas dans les migrations',
      'table public.paiements : clé étrangère (reservation_id) → reservations(id) on delete cascade dans les migrations, pas dans schema.ts',
      'table public.paiements : contrainte paiements_etat_check dans schema.ts, pas dans les migrations',
      'table public.vieille_table : créée par les migrations, absente de schema.ts',
    ]);
  });

  it('reports an index whose condition changed', () => {
    const other = table({
      indexes: {
        paiements_a_faire_idx: {
          name: 'paiements_a_faire_idx',
          columns: [{ expression: 'etat' }],
          isUnique: false,
          where: "(etat = 'payé'::text)",
        },
      },
    });
    const problems = compareSnapshots(schema, { tables: { 'public.paiements': other } });
    assert.equal(problems.length, 2);
    assert.match(problems[0]!, /index paiements_a_faire_idx \(etat\) where etat<>'payé' dans schema.ts/);
  });
});
