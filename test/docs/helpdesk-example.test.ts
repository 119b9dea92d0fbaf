/**
 * docs/examples/helpdesk, a second app on tql: its modules type-check as a user's strict project
 * would, and the same filters give the same tickets in memory, through Drizzle on SQLite, and from
 * its list endpoint.
 */
import type Database from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import type { ListHandler } from '../../src/http/list-endpoint.js';
import { exampleApp } from './example-app.js';

/** What app.ts exports (typed here: the example imports the package by name, which tsc of the repository does not resolve). */
interface App {
  openDatabase(): Database.Database;
  idsInMemory(filter: string): string[];
  idsInSqlite(sqlite: Database.Database, filter: string): string[];
  ticketsEndpoint(sqlite: Database.Database): ListHandler<unknown>;
}
/** The filters of the example's README, and the tickets each selects. */
const FILTERS: readonly (readonly [filter: string, ids: readonly string[]])[] = [
  ['ticket.priority IN high,urgent AND ticket.closed_at EQ null', ['tkt_3']],
  ['ticket.subject LIKE printer OR ticket.escalated EQ true', ['tkt_1', 'tkt_4', 'tkt_5']],
  ['ticket.commenter_id EQ usr_bo', ['tkt_1']],
  ['ticket.commenter_id NOT_EQ usr_bo', ['tkt_2', 'tkt_3', 'tkt_4', 'tkt_5']],
  ['ticket.opened_at GTE 2025-01-04 AND ticket.assignee_id NOT_EQ null', ['tkt_3', 'tkt_4', 'tkt_5']],
  ['ticket.assignee_id EQ null', ['tkt_2']],
  ['ticket.satisfaction LT 2.5 OR ticket.satisfaction EQ null', ['tkt_2', 'tkt_3', 'tkt_4', 'tkt_5']],
  ['ticket.satisfaction IN 4.5,5 AND ticket.satisfaction GTE -1e3', ['tkt_1']],
];

const app = await exampleApp<App>('helpdesk', FILTERS.map(([filter]) => filter));
const sqlite = app.openDatabase();
afterAll(() => sqlite.close());

describe.for(FILTERS)('%s', ([filter, ids]) => {
  test('in memory', () => {
    expect(app.idsInMemory(filter)).toEqual(ids);
  });
  test('through Drizzle on SQLite', () => {
    expect(app.idsInSqlite(sqlite, filter)).toEqual(ids);
  });
  test('from the list endpoint, newest first', async () => {
    const list = app.ticketsEndpoint(sqlite);
    const { status, body } = await list(new URL(`http://127.0.0.1/v1/tickets?filter=${encodeURIComponent(filter)}`));
    expect({ status, error: (body as { error?: unknown }).error }).toEqual({ status: 200, error: undefined });
    expect((body as { data: { id: string }[] }).data.map((t) => t.id)).toEqual([...ids].reverse());
  });
});

test('an id of the wrong kind is refused with the names the schema gives', async () => {
  const list = app.ticketsEndpoint(sqlite);
  const { status, body } = await list(new URL(`http://127.0.0.1/v1/tickets?filter=${encodeURIComponent('ticket.assignee_id EQ tkt_1')}`));
  expect(status).toBe(400);
  expect((body as { error: string }).error).toContain('"tkt_1" is the id of a ticket, so it can never match ticket.assignee_id, which takes the id of a user (usr_…).');
});
