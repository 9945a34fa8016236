// The table of sealed columns is complete: every column of the schema named as sealed (`*_enc`,
// `sealed`) has its row, so the start check and the master-key rotation reach it; and every row
// names a column that exists.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SEALED_COLUMNS, sealedColumnName } from '../../src/crypto/sealed-columns.ts';
import { openTestStore, type TestStore } from '../helpers/store.ts';

let store: TestStore;
before(async () => {
  store = await openTestStore();
});
after(() => store.close());

describe('SEALED_COLUMNS', () => {
  it('lists every sealed column of the schema, and only columns that exist', async () => {
    const { rows } = await store.db.query<{ t: string; c: string }>(
      `SELECT table_name AS t, column_name AS c FROM information_schema.columns
        WHERE table_schema = current_schema() AND (column_name LIKE '%\\_enc' OR column_name = 'sealed')
          AND table_name NOT LIKE 'access\\_events\\_%'`,
    );
    const inSchema = new Set(rows.map((r) => `${r.t}.${r.c}`));
    const declared = new Set(SEALED_COLUMNS.map(sealedColumnName));
    assert.deepEqual(
      [...inSchema].filter((c) => !declared.has(c)).sort(),
      [],
      'sealed columns missing from SEALED_COLUMNS',
    );
    const { rows: all } = await store.db.query<{ t: string; c: string }>(
      'SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = current_schema()',
    );
    const existing = new Set(all.map((r) => `${r.t}.${r.c}`));
    for (const c of SEALED_COLUMNS) {
      assert.ok(existing.has(sealedColumnName(c)), `${sealedColumnName(c)} is not in the schema`);
      for (const k of c.key)
        assert.ok(existing.has(`${c.table}.${k}`), `${c.table}.${k} is not in the schema`);
    }
  });
});
