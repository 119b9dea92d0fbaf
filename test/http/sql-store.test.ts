/**
 * sqlListStore answers every page as memoryListStore does, on every engine, for a table an app
 * would have: a uuid key, camelCase fields in snake_case columns, instants in each engine's own
 * column type (timestamptz(3), DATETIME(3), integer milliseconds), under several sorts with
 * nulls, ties within one second and texts that only code point order tells apart; every page
 * is one statement (an empty page going forward, two: the second finds the last page it links
 * to); walking forward and back meets every record once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import type { SqlDatabase, SqlDialectName, SqlEntityMapping } from '../../src/backends/sql/index.js';
import type { SqlStatement } from '../../src/backends/sql/compile-sql.js';
import { indexAdvice } from '../../src/backends/sql/index-advice.js';
import { keyValueOf, type ListOrder } from '../../src/http/list-order.js';
import { readPage } from '../../src/http/list-page.js';
import { keyAttribute, readSort } from '../../src/http/list-sort.js';
import type { ListStore, Page, PageLink, PageRequest } from '../../src/http/list-store.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import { openSqlListStore, sqlListStore } from '../../src/http/sql-store.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { Entity } from '../../src/schema/types.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import { openDuckdb } from '../support/duckdb.js';
import { mariadbAvailable, openMariadb, startMariadb, type MariadbServer } from '../support/mariadb-server.js';
import { openPglite } from '../support/pglite.js';
import { openPostgres, postgresAvailable, startPostgres, type PostgresServer } from '../support/postgres-server.js';
import type { SqlTestEngine } from '../support/sql-engine.js';
import { openSqlite } from '../support/sqlite.js';

const schema = defineSchema({
  entities: {
    invoice: {
      attributes: {
        id: { type: 'ID', id: { kind: 'uuid' } },
        issued_at: { type: 'Timestamp', storage: 'date', source: { kind: 'field', field: 'issuedAt' } },
        paid_at: { type: 'Timestamp', storage: 'date', nullable: true, source: { kind: 'field', field: 'paidAt' } },
        amount: { type: 'Number', nullable: true },
        number: { type: 'String', source: { kind: 'field', field: 'invoiceNumber' } },
      },
    },
  },
});
const entity = schema.entities.invoice as Entity;
const key = keyAttribute(entity, undefined);

interface Invoice {
  readonly id: string;
  readonly issuedAt: Date;
  readonly paidAt: Date | null;
  readonly amount: number | null;
  readonly invoiceNumber: string;
}

/** Texts only code point order sorts right: U+FFFF before an astral character, case, a trailing space. */
const NUMBERS = ['INV-1', 'inv-1', 'INV-1 ', '\uFFFF', '😀', 'É', 'E', 'INV-10', 'INV-2'];
const BASE = Date.UTC(2024, 4, 1, 9, 30);

/** 40 invoices: issued in a few seconds (several in one, at different milliseconds), some unpaid or without an amount. */
const invoices: Invoice[] = Array.from({ length: 40 }, (_, i) => {
  const hex = ((i * 2654435761) % 2 ** 32).toString(16).padStart(8, '0');
  return {
    id: `${hex}-${(i * 7919).toString(16).padStart(4, '0').slice(-4)}-4abc-8def-${(i * 104729).toString(16).padStart(12, '0').slice(-12)}`,
    issuedAt: new Date(BASE + Math.floor(i / 3) * 1000 + ((i * 337) % 1000)),
    paidAt: i % 4 === 0 ? null : new Date(BASE + 86_400_000 + (i % 5) * 1000 + i),
    amount: i % 6 === 0 ? null : [12.5, 3, 100, 3, -1][i % 5]!,
    invoiceNumber: NUMBERS[i % NUMBERS.length]!,
  };
});

/** The table on each engine, as an app there would declare it. */
const DDL: { readonly [D in SqlDialectName]: string } = {
  postgres: 'CREATE TABLE invoices (id uuid PRIMARY KEY, issued_at timestamptz(3) NOT NULL, paid_at timestamptz(3), amount double precision, invoice_number text NOT NULL)',
  duckdb: 'CREATE TABLE invoices (id UUID PRIMARY KEY, issued_at TIMESTAMPTZ NOT NULL, paid_at TIMESTAMPTZ, amount DOUBLE, invoice_number VARCHAR NOT NULL)',
  mysql: 'CREATE TABLE invoices (id UUID PRIMARY KEY, issued_at DATETIME(3) NOT NULL, paid_at DATETIME(3), amount DOUBLE, invoice_number VARCHAR(64) NOT NULL) DEFAULT CHARSET=utf8mb4',
  sqlite: 'CREATE TABLE invoices (id TEXT PRIMARY KEY, issued_at INTEGER NOT NULL, paid_at INTEGER, amount REAL, invoice_number TEXT NOT NULL)',
};

const COLUMNS = { issuedAt: 'issued_at', paidAt: 'paid_at', invoiceNumber: 'invoice_number' };
const MAPPING: { readonly [D in SqlDialectName]: SqlEntityMapping } = {
  postgres: { table: 'invoices', key: 'id', columns: COLUMNS, storage: { id: 'uuid', issuedAt: 'timestamptz', paidAt: 'timestamptz' } },
  duckdb: { table: 'invoices', key: 'id', columns: COLUMNS, storage: { id: 'uuid', issuedAt: 'timestamptz', paidAt: 'timestamptz' } },
  mysql: { table: 'invoices', key: 'id', columns: COLUMNS, storage: { id: 'uuid', issuedAt: 'timestamp', paidAt: 'timestamp' } },
  // Upper-case uuids in a text column, instants as integer milliseconds.
  sqlite: { table: 'invoices', key: 'id', columns: COLUMNS, storage: { issuedAt: 'unix_milliseconds', paidAt: 'unix_milliseconds' } },
};

const text = (s: string) => `'${s.replaceAll("'", "''")}'`;
/** An instant as each engine's column takes it. */
function instant(dialect: SqlDialectName, d: Date | null): string {
  if (d === null) return 'NULL';
  if (dialect === 'sqlite') return String(d.getTime());
  const iso = d.toISOString().replace('T', ' ').replace('Z', '');
  return dialect === 'mysql' ? text(iso) : text(`${iso}+00`);
}

async function loadInvoices(db: SqlDatabase): Promise<void> {
  const d = db.dialect;
  await db.exec(DDL[d]);
  const rows = invoices.map((v) =>
    [text(d === 'sqlite' ? v.id.toUpperCase() : v.id), instant(d, v.issuedAt), instant(d, v.paidAt), v.amount === null ? 'NULL' : String(v.amount), text(v.invoiceNumber)].join(', '),
  );
  await db.exec(`INSERT INTO invoices VALUES (${rows.join('), (')})`);
}

/** A database that counts the statements it runs. */
function counting(db: SqlDatabase): { db: SqlDatabase; statements: () => number } {
  let n = 0;
  return { db: { ...db, all: ((statement) => (n++, db.all(statement))) as SqlDatabase['all'] }, statements: () => n };
}

/** Half the records: a filter on each sort's nullable keys, the NULLs themselves among its matches. */
const FILTER = 'invoice.amount GT 2 OR invoice.paid_at EQ null';
/**
 * Every sort shape, each walked once: a filter is one WHERE whatever the order, so half the sorts
 * walk the whole table and half the filtered one, each kind of key (instant, nullable instant,
 * nullable number, text, uuid) and each mix of directions in both.
 */
const WALKS: readonly (readonly [string, string | undefined])[] = [
  ['-issued_at', undefined],
  ['issued_at', FILTER],
  ['paid_at', FILTER],
  ['-paid_at', undefined],
  ['-amount,number', FILTER],
  ['amount,-paid_at', undefined],
  ['number', undefined],
  ['-number,paid_at', FILTER],
  ['id', undefined],
  ['-id', FILTER],
];
/**
 * The records a walk starts from, both ways: one with no amount and no payment (0), one with no
 * amount (6), one with no payment (8), one the filter leaves out (9), one tied in its second with
 * others (13, with 12 and 14), one more within the table (22) and the last (39).
 */
const STARTS = [0, 6, 8, 9, 13, 22, 39].map((i) => invoices[i]!);
const memory = memoryListStore(invoices);

/** What a page says, comparable across stores: the keys, the links and the count. */
function summary(page: Page<unknown> | undefined) {
  if (page === undefined) return undefined;
  return { keys: page.items.map((i) => i.key), next: page.next, previous: page.previous, totalCount: page.totalCount };
}

const PG_SERVER = postgresAvailable();
const MARIADB = mariadbAvailable();
const engines: SqlTestEngine[] = [];
let server: PostgresServer | undefined;
let mariadb: MariadbServer | undefined;
const ENGINES = ['sqlite', 'pglite', 'duckdb', ...(PG_SERVER ? ['postgres-server'] : []), ...(MARIADB ? ['mariadb'] : [])];

beforeAll(async () => {
  const opened = await Promise.all([
    openSqlite(),
    openPglite(),
    openDuckdb(),
    PG_SERVER ? startPostgres().then((s) => ((server = s), openPostgres(s))) : undefined,
    MARIADB ? startMariadb().then((s) => ((mariadb = s), openMariadb(s))) : undefined,
  ]);
  for (const e of opened) {
    if (e === undefined) continue;
    await loadInvoices(e.db);
    engines.push(e);
  }
}, 120_000);

afterAll(async () => {
  for (const e of engines) await e.close();
  await server?.stop();
  await mariadb?.stop();
});

const engine = (name: string) => engines.find((e) => e.name === name)!;

describe.each(ENGINES)('%s', (name) => {
  const store = (db: SqlDatabase): ListStore<unknown> => sqlListStore({ db, mapping: { invoice: MAPPING[db.dialect] }, entity: 'invoice' });

  test('openSqlListStore finds the table fits and every attribute can be ordered', async () => {
    const { db } = engine(name);
    await expect(openSqlListStore({ db, schema, mapping: { invoice: MAPPING[db.dialect] }, entity: 'invoice' })).resolves.toBeDefined();
  });

  test.for(WALKS)('sort=%s, filter %s: every page is the memory store’s, in one statement (two to link an empty page to the last)', async ([sort, filter]) => {
    const { db: raw } = engine(name);
    const { db, statements } = counting(raw);
    const sql = store(db);
    const order: ListOrder = readSort(sort, entity, key);
    const query = filter === undefined ? undefined : check(filter, schema, 'invoice');
    const ask = async (request: PageRequest) => {
      const before = statements();
      const got = await readPage(sql, request);
      const linksToLastPage = request.cursor?.direction === 'forward' && got?.items.length === 0 && got.previous !== undefined;
      expect(statements() - before, JSON.stringify(request.cursor)).toBe(linksToLastPage ? 2 : 1);
      expect(summary(got), JSON.stringify(request.cursor)).toEqual(summary(await readPage(memory, request)));
      return got!;
    };
    const base = { query, order, limit: 4 };
    // Forward from the first page by the links, then back from the last one.
    const pages = [await ask({ ...base, cursor: undefined, count: true })];
    while (pages.at(-1)!.next !== undefined) {
      const link = pages.at(-1)!.next!;
      expect(link.kind).toBe('after');
      pages.push(await ask({ ...base, cursor: { direction: 'forward', start: { kind: 'key', key: (link as Extract<PageLink, { key: unknown }>).key } }, count: false }));
    }
    const back = [pages.at(-1)!];
    while (back.at(-1)!.previous?.kind === 'before') {
      back.push(await ask({ ...base, cursor: { direction: 'backward', start: { kind: 'key', key: (back.at(-1)!.previous as Extract<PageLink, { key: unknown }>).key } }, count: true }));
    }
    const ids = pages.flatMap((p) => p.items.map((i) => i.key.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(back.reverse().flatMap((p) => p.items.map((i) => i.key.id))).toEqual(ids);
    // From every record (matching the filter or not), both ways, by its key as starting_after / ending_before give it.
    for (const invoice of STARTS) {
      const id = keyValueOf(invoice.id.toUpperCase(), key)!;
      for (const direction of ['forward', 'backward'] as const) await ask({ ...base, cursor: { direction, start: { kind: 'record', id } }, count: direction === 'forward' });
    }
    // A key no record has: no page.
    expect(await readPage(sql, { ...base, cursor: { direction: 'forward', start: { kind: 'record', id: '00000000-0000-4000-8000-000000000000' } }, count: false })).toBeUndefined();
  });

  test('keyOf, page and count answer as the memory store', async () => {
    const sql = store(engine(name).db);
    const order = readSort('-paid_at,number', entity, key);
    const query = check('invoice.amount GT 2', schema, 'invoice');
    expect(await sql.count!(query)).toBe(await memory.count!(query));
    for (const invoice of invoices.slice(0, 8)) {
      const from = await sql.keyOf(invoice.id, order);
      expect(from).toEqual(await memory.keyOf(invoice.id, order));
      for (const direction of ['forward', 'backward'] as const) {
        const window = { order, direction, from, limit: 5 };
        expect((await sql.page(query, window)).map((k) => k.key)).toEqual((await memory.page(query, window)).map((k) => k.key));
      }
    }
    expect(await sql.keyOf('00000000-0000-4000-8000-000000000000', order)).toBeUndefined();
  });

  test.for(['database', 'unicode'] as const)('the advised list-order index (folding %s) is created, and a PostgreSQL page of the default order reads it', async (caseFolding) => {
    const { db } = engine(name);
    const dialect = db.sqlDialect;
    if (caseFolding === 'unicode' && dialect.unicodeFolding === false) return;
    const advice = indexAdvice(schema, { dialect, mapping: { invoice: MAPPING[db.dialect] }, listOrder: 'issued_at', caseFolding }).filter((s) => s.includes('issued_at_id_idx'));
    // MariaDB indexes no expression, and a DATETIME(3)'s whole second is one: no index is advised there.
    expect(advice).toHaveLength(db.dialect === 'mysql' ? 0 : 1);
    if (advice.length === 0) return;
    await db.exec(advice[0]!.replace(/;$/, ''));
    const indexName = /INDEX (?:IF NOT EXISTS )?["`]([^"`]+)["`]/.exec(advice[0]!)![1]!;
    const catalog = {
      postgres: 'SELECT indexname AS name FROM pg_indexes WHERE indexname = $1',
      sqlite: "SELECT name FROM sqlite_master WHERE type = 'index' AND name = ?",
      duckdb: 'SELECT index_name AS name FROM duckdb_indexes() WHERE index_name = $1',
      mysql: 'SELECT DISTINCT INDEX_NAME AS name FROM information_schema.statistics WHERE INDEX_NAME = ?',
    }[db.dialect];
    expect(await db.all({ text: catalog, values: [indexName] })).toEqual([{ name: indexName }]);
    if (db.dialect !== 'postgres') return;
    // The statement of the first page, newest first, as the endpoint asks for it.
    const seen: SqlStatement[] = [];
    const spy = { ...db, all: ((statement: SqlStatement) => (seen.push(statement), db.all(statement))) as SqlDatabase['all'] };
    await readPage(store(spy), { query: undefined, order: readSort('-issued_at', entity, key), cursor: undefined, limit: 5, count: false });
    // Forty rows: the planner is told to avoid scanning the table, and must still not sort.
    const plan = await db.transaction(async (tx) => {
      await tx.all({ text: 'SET LOCAL enable_seqscan = off', values: [] });
      return tx.all<{ 'QUERY PLAN': string }>({ text: `EXPLAIN ${seen[0]!.text}`, values: seen[0]!.values as unknown[] });
    });
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain(indexName);
    expect(text).not.toMatch(/\bSort\b/);
    await db.exec(`DROP INDEX ${dialect.quoteIdentifier(indexName)}`);
  });

  test('two rows with one key fail the page with invalid_input', async () => {
    const { db } = engine(name);
    if (db.dialect !== 'sqlite') return;
    // Text uuids compare lower-cased: these two are one key.
    await db.exec(`CREATE TABLE twins (id TEXT PRIMARY KEY, issued_at INTEGER NOT NULL, paid_at INTEGER, amount REAL, invoice_number TEXT NOT NULL);
      INSERT INTO twins VALUES ('AAAAAAAA-0000-4000-8000-000000000000', 0, NULL, NULL, 'a'), ('aaaaaaaa-0000-4000-8000-000000000000', 0, NULL, NULL, 'b')`);
    const twins = sqlListStore({ db, mapping: { invoice: { ...MAPPING.sqlite, table: 'twins' } }, entity: 'invoice' });
    const error = await readPage(twins, { query: undefined, order: readSort('id', entity, key), cursor: undefined, limit: 5, count: false }).catch((e: unknown) => e);
    expect(isTqlError(error) && error.issues[0]!.code).toBe('invalid_input');
  });
});
