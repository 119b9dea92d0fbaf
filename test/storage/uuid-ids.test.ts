/**
 * uuid ids compare canonically on every engine: stored in either case, in a text column or the
 * engine's uuid type, and in an element table, `EQ` matches the uuid whatever the case of the
 * query or of the database, and `NOT_EQ` is its complement (NULL and other texts included).
 * Generated uuids and filters against the reference: the lower-cased texts equal.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { defineSqlMapping } from '../../src/backends/sql/define-mapping.js';
import { resolveDialect } from '../../src/backends/sql/dialects.js';
import { selectSql } from '../../src/backends/sql/select-sql.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { STORAGE_ENGINES, useStorageEngines, type StorageEngineName } from './storage-engines.js';

const SEED = Number(process.env.TQL_STORAGE_SEED) || Math.floor(Math.random() * 2 ** 31);

const schema = defineSchema({
  entities: {
    event: {
      attributes: {
        owner_id: { type: 'ID', id: { kind: 'uuid' }, nullable: true },
        watcher_id: { type: 'ID', id: { kind: 'uuid' }, source: { kind: 'element', arrays: ['watchers'], where: { field: 'kind', oneOf: ['user'] }, value: 'id' } },
      },
    },
  },
});

/** A few uuids, so that filters hit stored ones; each stored and queried in a random case. */
const UUIDS = ['0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a', 'ffffffff-ffff-4fff-bfff-ffffffffffff', '00000000-0000-0000-0000-000000000000', '9a7e2d6f-8e1c-4b3a-0b5c-2a8e4f1d4c3b'];
const arbCased = fc.tuple(fc.constantFrom(...UUIDS), fc.array(fc.boolean(), { minLength: 36, maxLength: 36 })).map(([u, up]) => [...u].map((ch, i) => (up[i] ? ch.toUpperCase() : ch)).join(''));

interface Row {
  readonly id: number;
  readonly owner: string | null;
  readonly watchers: readonly string[];
}

const ROWS: readonly Row[] = fc
  .sample(fc.record({ owner: fc.option(arbCased, { nil: null }), watchers: fc.array(arbCased, { maxLength: 3 }) }), { seed: SEED, numRuns: 60 })
  .map((r, id) => ({ id, ...r }));

/** Column types per engine: text everywhere, the uuid type where there is one. */
const TYPES: Record<StorageEngineName, { text: string; uuid?: string }> = {
  sqlite: { text: 'TEXT' },
  pglite: { text: 'text', uuid: 'uuid' },
  'postgres-server': { text: 'text', uuid: 'uuid' },
  mariadb: { text: 'VARCHAR(36)', uuid: 'UUID' },
  duckdb: { text: 'VARCHAR', uuid: 'UUID' },
};

const engine = useStorageEngines();

describe(`uuid ids on every engine (seed ${SEED}; re-run with TQL_STORAGE_SEED=${SEED})`, () => {
  const pairs = STORAGE_ENGINES.flatMap((e) => (['text', 'uuid'] as const).filter((k) => TYPES[e][k] !== undefined).map((k) => [`${k} columns on ${e}`, e, k] as const));
  test.for(pairs)('%s', async ([, name, kind]) => {
    const e = engine(name);
    const d = resolveDialect(e.db.dialect);
    const q = d.quoteIdentifier;
    const type = TYPES[name][kind]!;
    const p = (n: number) => d.placeholder(n);
    const events = `uuid_event_${kind}`;
    const watchers = `uuid_watcher_${kind}`;
    await e.db.exec(`DROP TABLE IF EXISTS ${q(watchers)}`);
    await e.db.exec(`DROP TABLE IF EXISTS ${q(events)}`);
    await e.db.exec(`CREATE TABLE ${q(events)} (id INTEGER PRIMARY KEY, owner_id ${type})`);
    await e.db.exec(`CREATE TABLE ${q(watchers)} (event_id INTEGER, kind VARCHAR(8), id ${type})`);
    for (const r of ROWS) {
      await e.db.all({ text: `INSERT INTO ${q(events)} (id, owner_id) VALUES (${p(1)}, ${p(2)})`, values: [r.id, r.owner] });
      for (const w of r.watchers) await e.db.all({ text: `INSERT INTO ${q(watchers)} (event_id, kind, id) VALUES (${p(1)}, ${p(2)}, ${p(3)})`, values: [r.id, 'user', w] });
    }
    const storage = kind === 'uuid' ? ({ owner_id: 'uuid' } as const) : {};
    const elementStorage = kind === 'uuid' ? ({ id: 'uuid' } as const) : {};
    const mapping = defineSqlMapping(schema, {
      event: { table: events, key: 'id', storage, collections: { watchers: { table: watchers, foreignKey: 'event_id', storage: elementStorage } } },
    });
    const same = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('owner_id', 'watcher_id'), fc.constantFrom('EQ', 'NOT_EQ'), arbCased, async (attribute, op, value) => {
        const text = `event.${attribute} ${op} ${value}`;
        const hit = (r: Row) => (attribute === 'owner_id' ? same(r.owner, value) : r.watchers.some((w) => same(w, value)));
        const expected = ROWS.filter((r) => hit(r) === (op === 'EQ')).map((r) => r.id);
        const got = await e.db.all<{ id: unknown }>(selectSql(check(text, schema, 'event'), { dialect: e.db.dialect, mapping }));
        expect(got.map((r) => Number(r.id)), `${name}: ${text}`).toEqual(expected);
      }),
      { seed: SEED, numRuns: 40 },
    );
  });
});
