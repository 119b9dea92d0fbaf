/**
 * The hand-written list endpoint the server bench measures tql's reference server against:
 * plain node:http and a node-postgres (or mysql2) pool, serving `/v1/scheduling_requests`, `/v1/agents` and
 * `/v1/resources` for the bench's filters with the same JSON bodies, byte for byte, as the
 * reference server (docs/server.md), one SQL statement per page (bench/server/hand-sql.ts), on
 * PostgreSQL or MariaDB.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { authorized } from '../../src/models/scheduling/server/auth.js';
import { handCondition } from './hand-filter.js';
import { HAND_LISTS, pageStatement, probeStatement, type HandColumn, type HandCursor, type HandDialect, type HandListPath } from './hand-sql.js';

export interface HandServerOptions {
  /** `postgresql://…`, or `mysql://…` / `mariadb://…` for MariaDB. */
  readonly databaseUrl: string;
  /** The bearer token every request must carry. */
  readonly token: string;
  /** The origin of the page links. Default: this server's own `http://127.0.0.1:<port>`. */
  readonly baseUrl?: string | undefined;
}

export interface HandServer {
  readonly url: string;
  close(): Promise<void>;
}

/** A row of a page statement, as the driver returns it. */
type Row = Record<string, unknown>;

/** A pool of 5 connections (as the reference server has) that runs a statement. */
interface HandDatabase {
  readonly dialect: HandDialect;
  rows(statement: { text: string; values: unknown[] }): Promise<Row[]>;
  end(): Promise<void>;
}

function openDatabase(url: string): HandDatabase {
  if (/^(mysql|mariadb):\/\//i.test(url)) {
    const pool = mysql.createPool({ uri: url.replace(/^mariadb:/i, 'mysql:'), connectionLimit: 5 });
    return {
      dialect: 'mariadb',
      rows: async (s) => (await pool.execute(s.text, s.values as never[]))[0] as Row[],
      end: () => pool.end(),
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: 5 });
  pool.on('error', () => undefined);
  return {
    dialect: 'postgres',
    rows: async (s) => (await pool.query<Row>(s)).rows,
    end: () => pool.end(),
  };
}

/** A column's JSON value: drivers give 64-bit integers as strings (node-postgres), booleans as 0/1 (MariaDB), JSON as text. */
const VALUE: { readonly [K in HandColumn]: (v: unknown) => unknown } = {
  text: (v) => v,
  integer: (v) => (v === null ? null : Number(v)),
  boolean: (v) => (v === null ? null : v === true || v === 1),
  json: (v) => (typeof v === 'string' ? JSON.parse(v) : v),
};

/** A condition's value: a boolean from node-postgres, 0 or 1 from MariaDB. */
const truthy = (v: unknown) => v === true || v === 1 || v === '1';

/** An associated entity has no `id` or `number` key where the column is NULL. */
function associatedEntity({ type, id, number }: Row): Row {
  const out: Row = { type };
  if (id !== null) out['id'] = id;
  if (number !== null) out['number'] = number;
  return out;
}

/** Each field list as name and kind pairs, read once. */
const FIELDS = new Map(Object.values(HAND_LISTS).flatMap((l) => [l.fieldsOf('agent'), l.fieldsOf('team'), l.fieldsOf(undefined)]).map((f) => [f, Object.entries(f) as [string, HandColumn][]]));

/** The API record of a row of `path`: `id`, `object`, then its fields in order. */
function record(path: HandListPath, row: Row): Row {
  const list = HAND_LISTS[path];
  const out: Row = { id: row['id'], object: list.objectOf(row['object']) };
  for (const [name, kind] of FIELDS.get(list.fieldsOf(row['object']))!) out[name] = VALUE[kind](row[name]);
  if (path === '/v1/scheduling_requests') out['associated_entities'] = (out['associated_entities'] as Row[]).map(associatedEntity);
  return out;
}

/**
 * Starts the endpoint on 127.0.0.1 and a free port.
 *
 * @example
 * ```ts
 * const hand = await startHandServer({ databaseUrl: 'postgresql://postgres@127.0.0.1:5432/postgres', token: 't' });
 * await fetch(`${hand.url}/v1/agents?filter=agent.name~LIKE~john`, { headers: { authorization: 'Bearer t' } });
 * await hand.close();
 * ```
 */
export async function startHandServer(options: HandServerOptions): Promise<HandServer> {
  const db = openDatabase(options.databaseUrl);
  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      process.stderr.write(`hand server: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      if (!res.headersSent) send(res, 500, { error: { type: 'internal_error', message: 'Internal server error.' } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const own = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = options.baseUrl ?? own;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!authorized(req.headers, options.token)) {
      res.setHeader('www-authenticate', 'Bearer');
      return send(res, 401, { error: { type: 'unauthorized', message: 'Send the header "Authorization: Bearer <token>".' } });
    }
    const url = new URL(req.url ?? '/', origin);
    if (!Object.hasOwn(HAND_LISTS, url.pathname)) return send(res, 404, { error: { type: 'not_found', message: `There is no endpoint ${url.pathname}.` } });
    const path = url.pathname as HandListPath;
    const params = url.searchParams;
    const where = handCondition(db.dialect, HAND_LISTS[path].entity, params.get('filter'));
    if (typeof where === 'string') return send(res, 400, { error: { type: 'invalid_filter', message: where } });
    const limit = params.has('limit') ? Number(params.get('limit')) : 20;
    const after = params.get('starting_after');
    const before = params.get('ending_before');
    const cursor: HandCursor | undefined = after !== null ? { kind: 'starting_after', id: after } : before !== null ? { kind: 'ending_before', id: before } : undefined;
    // A first page is one statement; a cursor page also sends the tiny link-back probe, at the same time.
    const [rows, probe] = await Promise.all([
      db.rows(pageStatement(db.dialect, path, where, cursor, limit)),
      cursor === undefined ? undefined : db.rows(probeStatement(db.dialect, path, where, cursor)).then((r) => r[0]),
    ]);
    if (cursor !== undefined && !truthy(probe?.['found'])) {
      return send(res, 400, { error: { type: 'invalid_option', message: `There is no record with id ${JSON.stringify(cursor.id)}.` } });
    }
    const beyond = truthy(probe?.['beyond']);
    const records = rows.map((r) => record(path, r) as { id: string });
    // The record next to the cursor: the link back (or on) starts there, or at the cursor itself.
    const near = records[0]?.id ?? cursor?.id;
    const items = records.slice(0, limit);
    const more = records.length > limit;
    let next: string | null;
    let previous: string | null;
    if (cursor?.kind === 'ending_before') {
      items.reverse();
      next = beyond ? link(url, 'starting_after', near!) : null;
      previous = more ? link(url, 'ending_before', items[0]!.id) : null;
    } else {
      next = more ? link(url, 'starting_after', items.at(-1)!.id) : null;
      previous = cursor !== undefined && beyond ? link(url, 'ending_before', near!) : null;
    }
    send(res, 200, { object: 'list', next_page: next, previous_page: previous, data: items });
  }

  return {
    url: own,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await db.end();
    },
  };
}

/** The request's URL with the other parameters kept in order and the cursor set to `id`. */
function link(url: URL, cursor: HandCursor['kind'], id: string): string {
  let query = '';
  for (const [name, value] of url.searchParams) {
    if (name !== 'starting_after' && name !== 'ending_before') query += `${encodeURIComponent(name)}=${encodeURIComponent(value)}&`;
  }
  return `${url.origin}${url.pathname}?${query}${cursor}=${encodeURIComponent(id)}`;
}

function send(res: ServerResponse, status: number, body: object): void {
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  res.end(text);
}
