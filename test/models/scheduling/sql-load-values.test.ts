/**
 * loadSchedulingData given values of another type than their column's: a TqlError naming the
 * record and the field, never the driver's own error or a silent coercion (`name: 5` stored as
 * the text "5.0", which the in-memory backend reads as no value).
 */
import Database from 'better-sqlite3';
import { beforeEach, expect, test } from 'vitest';
import { isTqlError } from '../../../src/errors/tql-error.js';
import { createSchedulingTables, loadSchedulingData } from '../../../src/models/scheduling/sql/load.js';

let db: Database.Database;
beforeEach(async () => {
  db = new Database(':memory:');
  await createSchedulingTables(db);
});

async function message(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (!isTqlError(error)) throw error;
    return error.message;
  }
  return 'no error';
}

test.each([
  ['an agent whose name is 5', { agents: [{ id: 'agnt_a', name: 5 }] }, 'invalid_input: loadSchedulingData: agent "agnt_a": name is 5, and the column holds a string; store it as one, or leave the field out.'],
  ['an agent whose schedulable is "true"', { agents: [{ id: 'agnt_a', schedulable: 'true' }] }, 'invalid_input: loadSchedulingData: agent "agnt_a": schedulable is "true", and the column holds true or false; store it as one, or leave the field out.'],
  ['a resource whose object is an object', { resources: [{ id: 'agnt_a', object: {} }] }, 'invalid_input: loadSchedulingData: resource "agnt_a": object is an object, and the column holds a string; store it as one, or leave the field out.'],
  ['an agent created at 1.5', { agents: [{ id: 'agnt_a', created_at: 1.5 }] }, 'invalid_input: loadSchedulingData: agent "agnt_a": created_at is 1.5, and the column holds a whole number (Unix seconds for an instant); store it as one, or leave the field out.'],
  ['an agent that is null', { agents: [null] }, 'invalid_input: loadSchedulingData: a record of agent is null, not an object; pass the records as objects.'],
])('%s', async (_title, data, expected) => {
  expect(await message(() => loadSchedulingData(db, data as never))).toBe(expected);
});

test('two agents with one id: the engine\'s cause, as a TqlError', async () => {
  expect(await message(() => loadSchedulingData(db, { agents: [{ id: 'agnt_a' }, { id: 'agnt_a' }] }))).toMatch(/^invalid_input: loadSchedulingData: the database failed storing the records \(SqliteError: UNIQUE constraint failed: agent\.id\); /);
});

test('values of their column\'s type load', async () => {
  await loadSchedulingData(db, { agents: [{ id: 'agnt_a', name: 'Ada', schedulable: true, created_at: 1700000000 }] });
  expect(db.prepare('SELECT name, schedulable, created_at FROM agent').all()).toEqual([{ name: 'Ada', schedulable: 1, created_at: 1700000000 }]);
});
