/**
 * `sqlDatabase(driver, { dialect })`: a dialect object carried by the database, so every statement
 * the list store writes is in it. Run on SQLite with the keyset bound written out (`rowValues:
 * false`, as for SQL Server), `CASE WHEN` for a condition's value and `LIMIT … OFFSET 0` paging:
 * the pages are the built-in dialect's.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sqlDatabase, type AnySqlDatabase } from '../../../src/backends/sql/database.js';
import { sqlite, type SqlDialect } from '../../../src/backends/sql/dialects.js';
import { isTqlError } from '../../../src/errors/tql-error.js';
import { check } from '../../../src/api/check.js';
import type { Cursor } from '../../../src/http/list-params.js';
import type { ListStore, PageLink, PageRequest } from '../../../src/http/list-store.js';
import { readPage } from '../../../src/http/list-page.js';
import { keyAttribute, readSort } from '../../../src/http/list-sort.js';
import type { Entity } from '../../../src/schema/types.js';
import { sqlListStore } from '../../../src/http/sql-store.js';
import { generateSchedulingData } from '../../../src/models/scheduling/generate.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { createSchedulingTables, loadSchedulingData } from '../../../src/models/scheduling/sql/load.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import type { ValidatedQuery } from '../../../src/validate/validated-query.js';

/** SQLite written as for an engine without row values or boolean values. */
const writtenOut: SqlDialect = {
  ...sqlite,
  name: 'sqlite-without-row-values',
  rowValues: false,
  limitRows: (count) => `LIMIT ${count} OFFSET 0`,
  conditionValue: (condition) => `CASE WHEN ${condition} THEN 1 ELSE 0 END`,
};

/** 40 agents over 4 instants, so most keyset bounds fall on a tie that the id breaks. */
const AGENTS = generateSchedulingData({ seed: 28, agents: 40, teams: 1, requests: 0 }).agents.map((a, i) => ({ ...a, created_at: 1_700_000_000 + (i % 4) }));
const NEWEST_FIRST = [...AGENTS].sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : -1)).map((a) => a.id);

const raw = new Database(':memory:');
const builtIn = sqlDatabase(raw);
const given = sqlDatabase(raw, { dialect: writtenOut });

beforeAll(async () => {
  await createSchedulingTables(builtIn);
  await loadSchedulingData(builtIn, { agents: AGENTS });
});
afterAll(() => raw.close());

/** A page as the walk keeps it: its ids and both its links. */
interface Seen {
  readonly ids: readonly string[];
  readonly previous: PageLink | undefined;
  readonly next: PageLink | undefined;
}

const agent = schedulingSchema.entities.agent as Entity;
const newestFirst = readSort('-created_at', agent, keyAttribute(agent, undefined));

/** The cursor of a page link, or of `starting_after` / `ending_before`. */
function cursorOf(link: PageLink | Cursor): PageRequest['cursor'] {
  switch (link.kind) {
    case 'first':
    case 'cursor':
      return undefined;
    case 'after':
    case 'before':
      return { direction: link.kind === 'after' ? 'forward' : 'backward', start: { kind: 'key', key: link.key } };
    default:
      return { direction: link.kind === 'starting_after' ? 'forward' : 'backward', start: { kind: 'record', id: link.id } };
  }
}

/** Reads the page a link (or a cursor parameter) names, of the records `query` selects (all without one). */
function reader(db: AnySqlDatabase, query: ValidatedQuery | undefined, pageSize: number): (link: PageLink | Cursor) => Promise<Seen> {
  const store: ListStore<{ id: string }> = sqlListStore({ db, mapping: schedulingSqlMapping, entity: 'agent' });
  return async (link) => {
    const page = (await readPage(store, { query, order: newestFirst, cursor: cursorOf(link), limit: pageSize, count: false }))!;
    return { ids: page.items.map((i) => i.record.id), previous: page.previous, next: page.next };
  };
}

/** Every page, from the first page to the last by the next links, then back by the previous links. */
async function walk(db: AnySqlDatabase, pageSize: number): Promise<{ forward: Seen[]; back: Seen[] }> {
  const read = reader(db, undefined, pageSize);
  const forward = [await read({ kind: 'first' })];
  // Bounded: each page moves past at least one record.
  for (let n = 0; forward.at(-1)!.next !== undefined && n < AGENTS.length; n++) forward.push(await read(forward.at(-1)!.next!));
  const back: Seen[] = [];
  let previous = forward.at(-1)!.previous;
  for (let n = 0; previous !== undefined && n < AGENTS.length; n++) {
    back.push(await read(previous));
    previous = back.at(-1)!.previous;
  }
  return { forward, back };
}

describe('a dialect handed to sqlDatabase', () => {
  test('the database carries it, by name and as the object', () => {
    expect([builtIn.dialect, builtIn.sqlDialect === sqlite, given.dialect, given.sqlDialect === writtenOut]).toEqual(['sqlite', true, 'sqlite-without-row-values', true]);
  });

  // Pages of one record start past the newest one, whose own place the cursor's probe must count.
  test.each([1, 7])('pages of %i with the keyset bound written out are the pages of row values, both ways', async (pageSize) => {
    const expected = await walk(builtIn, pageSize);
    expect(expected.forward.flatMap((p) => p.ids)).toEqual(NEWEST_FIRST);
    expect(expected.back.map((p) => p.ids)).toEqual(expected.forward.slice(0, -1).map((p) => p.ids).reverse());
    expect(await walk(given, pageSize)).toEqual(expected);
  });

  // A cursor the filter does not select still has its place in the list; only records the
  // filter selects count as lying behind it.
  test('past every record, either way, under a filter some records fail: the same pages and links', async () => {
    const query = check('agent.role EQ User', schedulingSchema, 'agent');
    const cursors = AGENTS.flatMap((a): Cursor[] => [{ kind: 'starting_after', id: a.id }, { kind: 'ending_before', id: a.id }]);
    const pages = (db: AnySqlDatabase) => Promise.all(cursors.map((c) => reader(db, query, 3)(c)));
    const expected = await pages(builtIn);
    expect(new Set(expected.map((p) => p.previous === undefined || p.next === undefined)), 'some pages reach an end, some do not').toEqual(new Set([true, false]));
    expect(await pages(given)).toEqual(expected);
  });

  test.each<[string, unknown]>([
    ['an unknown name', { dialect: 'oracle' }],
    ['an object without the required members', { dialect: { name: 'half', placeholder: () => '?' } }],
    ['options without a dialect', {}],
  ])('%s is invalid_option', (_, options) => {
    let code: unknown = 'not refused';
    try {
      sqlDatabase(raw, options as { dialect: SqlDialect });
    } catch (e) {
      code = isTqlError(e) ? e.code : e;
    }
    expect(code).toBe('invalid_option');
  });
});
