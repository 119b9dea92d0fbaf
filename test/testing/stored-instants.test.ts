/**
 * sqlTarget and mongoTarget store every instant a schema's storage accepts as the in-memory
 * backend reads it (docs/schema.md, How records store an instant): a bigint of seconds, a Date of
 * another realm, a Date without a prototype and a Date whose getTime was replaced select the same
 * records on SQLite, PGlite, DuckDB and mingo as in memory (SQLite has no column type for Dates).
 */
import vm from 'node:vm';
import { PGlite } from '@electric-sql/pglite';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { sqlDatabase } from '../../src/backends/sql/database.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { mongoTarget, referenceIds, sqlTarget, type AgreementTarget } from '../../src/testing/index.js';

const SECOND = 1_700_000_000;
/** A Date of this realm at `SECOND` whose getTime lies. */
const lying = Object.assign(new Date(SECOND * 1000), { getTime: () => 0 });

const STORAGES = {
  unix_seconds: [
    { id: 'bigint', at: BigInt(SECOND) },
    { id: 'number', at: SECOND },
    { id: 'too-big', at: 2n ** 60n },
  ],
  unix_milliseconds: [
    { id: 'bigint', at: BigInt(SECOND * 1000) },
    { id: 'beyond-dates', at: 8.64e15 + 1 },
  ],
  date: [
    { id: 'foreign', at: vm.runInNewContext(`new Date(${SECOND * 1000})`) },
    { id: 'no-prototype', at: Object.setPrototypeOf(new Date(SECOND * 1000), null) },
    { id: 'lying', at: lying },
    { id: 'proxy', at: new Proxy(new Date(SECOND * 1000), {}) },
  ],
} as const;

const QUERIES = [`event.at EQ ${SECOND}`, `event.at GTE ${SECOND}`, 'event.at EQ null', `event.at LT ${SECOND}`];

const closing: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closing) await close();
});

const ENGINES: Record<string, (schema: ReturnType<typeof schemaOf>) => Promise<AgreementTarget>> = {
  sqlite: async (schema) => sqlTarget({ db: new Database(':memory:'), schema, entity: 'event' }),
  pglite: async (schema) => {
    const db = new PGlite();
    closing.push(() => db.close());
    return sqlTarget({ db, schema, entity: 'event' });
  },
  duckdb: async (schema) => {
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    closing.push(() => connection.closeSync());
    return sqlTarget({ db: sqlDatabase(connection), schema, entity: 'event' });
  },
  mingo: async () => mongoTarget(),
};

function schemaOf(kind: keyof typeof STORAGES) {
  return defineSchema({ entities: { event: { attributes: { at: { type: 'Timestamp', storage: { kind }, nullable: true } } } } });
}

describe.each(Object.keys(STORAGES) as (keyof typeof STORAGES)[])('records storing %s', (kind) => {
  test.each(Object.keys(ENGINES).filter((e) => kind !== 'date' || e !== 'sqlite'))('%s selects what memory selects', async (engine) => {
    const schema = schemaOf(kind);
    const records = STORAGES[kind].map(({ id, at }) => ({ id, at }));
    const target = await ENGINES[engine]!(schema);
    await target.load(records);
    for (const text of QUERIES) {
      const query = check(text, schema, 'event');
      const got = [...(await target.run(query))].map(String).sort();
      expect(got, text).toEqual(referenceIds(query, records));
    }
  });
});
