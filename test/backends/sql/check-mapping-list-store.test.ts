/**
 * openSqlListStore checks the listed entity's tables before it hands out a store: a list endpoint
 * over a column of another type, or one no query on the engine can compare (ISO text in a zone
 * with DST rules on SQLite), fails at start-up with mapping_mismatch, and one over fitting
 * tables serves pages.
 */
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { sqlDatabase } from '../../../src/backends/sql/database.js';
import { isTqlError } from '../../../src/errors/tql-error.js';
import { createListEndpoint } from '../../../src/http/list-endpoint.js';
import type { SqlColumnStorage } from '../../../src/backends/sql/mapping.js';
import { openSqlListStore } from '../../../src/http/sql-store.js';
import { defineSchema } from '../../../src/schema/define-schema.js';

const schema = defineSchema({
  entities: { note: { attributes: { title: { type: 'String' }, created_at: { type: 'Timestamp' } } } },
});
const mapping = { note: { table: 'note', key: 'id' } };

/** An SQLite database with the table `note` as `ddl` declares it and two rows. */
function notes(ddl: string) {
  const raw = new Database(':memory:');
  raw.exec(`${ddl}; INSERT INTO note VALUES ('n1', 'first', 1700000000), ('n2', 'second', 1700000100);`);
  return sqlDatabase(raw);
}

/** The problems of the rejection, or 'ok' when the store opened. */
async function opened(ddl: string, storage?: Record<string, SqlColumnStorage>): Promise<string[] | 'ok'> {
  try {
    await openSqlListStore({ db: notes(ddl), schema, mapping: { note: { ...mapping.note, ...(storage === undefined ? {} : { storage }) } }, entity: 'note' });
    return 'ok';
  } catch (e) {
    if (!isTqlError(e)) throw e;
    return e.issues.map((i) => `${i.code}: ${i.message}`);
  }
}

describe('openSqlListStore', () => {
  test.for<[string, Record<string, SqlColumnStorage> | undefined, string[] | 'ok']>([
    ['CREATE TABLE note (id TEXT PRIMARY KEY, title TEXT, created_at INTEGER)', undefined, 'ok'],
    [
      'CREATE TABLE note (id TEXT PRIMARY KEY, title TEXT, created_at TEXT)',
      undefined,
      [
        "mapping_mismatch: The mapping does not fit the database: note.created_at: column note.created_at is TEXT, and the mapping reads it as Unix seconds; declare storage: { created_at: 'iso_text' } in the mapping of note.",
      ],
    ],
    ['CREATE TABLE note (id TEXT PRIMARY KEY, title TEXT, created_at TEXT)', { created_at: { kind: 'iso_text', timeZone: 'Etc/GMT-2' } }, 'ok'],
    [
      'CREATE TABLE note (id TEXT PRIMARY KEY, title TEXT, created_at TEXT)',
      { created_at: { kind: 'iso_text', timeZone: 'Europe/Paris' } },
      [
        // Every query on it would be refused too: the check says so first.
        'mapping_mismatch: The mapping does not fit the database: note.created_at: column note.created_at is TEXT, and SQLite has no time-zone rules to read wall-clock times in Europe/Paris: declare UTC or a fixed-offset zone (Etc/GMT-2), or store instants.',
      ],
    ],
  ])('%s, storage %j → %j', async ([ddl, storage, expected]) => {
    expect(await opened(ddl, storage)).toEqual(expected);
  });

  test('a store over fitting tables serves the list, newest first', async () => {
    const db = notes('CREATE TABLE note (id TEXT PRIMARY KEY, title TEXT, created_at INTEGER)');
    const store = await openSqlListStore({ db, schema, mapping, entity: 'note' });
    const list = createListEndpoint({ schema, entity: 'note', store });
    const response = await list(new URL('http://127.0.0.1/v1/notes?filter=note.title+LIKE+s'));
    expect(response).toEqual({
      status: 200,
      body: { object: 'list', next_page: null, previous_page: null, data: [{ id: 'n2', title: 'second', created_at: 1700000100 }, { id: 'n1', title: 'first', created_at: 1700000000 }] },
    });
  });
});
