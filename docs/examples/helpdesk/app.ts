/**
 * The helpdesk app: the same filter in memory, through Drizzle on SQLite, and behind a list
 * endpoint, with one schema.
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { check } from 'tql';
import { tqlWhere } from 'tql/drizzle';
import { createListEndpoint, sqlListStore } from 'tql/http';
import { filterRecords } from 'tql/memory';
import { sqlDatabase } from 'tql/sql';
import { TICKETS, type Ticket } from './data.js';
import { helpdesk, helpdeskMapping } from './schema.js';
import { comments, DDL, tickets } from './tables.js';

/** A fresh in-memory SQLite database holding {@link TICKETS}. */
export function openDatabase(): Database.Database {
  const sqlite = new Database(':memory:');
  sqlite.exec(DDL);
  const db = drizzle(sqlite);
  for (const t of TICKETS) {
    const { comments: cs, opened_at, closed_at, ...rest } = t;
    db.insert(tickets).values({ ...rest, opened_at: new Date(opened_at * 1000), closed_at: closed_at === null ? null : new Date(closed_at * 1000) }).run();
    for (const c of cs) db.insert(comments).values({ ...c, ticket_id: t.id }).run();
  }
  return sqlite;
}

/** The ids of the tickets a filter selects, in memory. */
export function idsInMemory(filter: string): string[] {
  return filterRecords(check(filter, helpdesk, 'ticket'), TICKETS).map((t: Ticket) => t.id);
}

/** The ids of the tickets a filter selects, by a Drizzle query on SQLite. */
export function idsInSqlite(sqlite: Database.Database, filter: string): string[] {
  const where = tqlWhere(check(filter, helpdesk, 'ticket'), { mapping: helpdeskMapping, dialect: 'sqlite' });
  return drizzle(sqlite).select({ id: tickets.id }).from(tickets).where(where).orderBy(tickets.id).all().map((r) => r.id);
}

/** `GET /v1/tickets?filter=…`, newest first, over the SQLite database. */
export function ticketsEndpoint(sqlite: Database.Database) {
  const store = sqlListStore({ db: sqlDatabase(sqlite), mapping: helpdeskMapping, entity: 'ticket' });
  return createListEndpoint({ schema: helpdesk, entity: 'ticket', store, sort: '-opened_at' });
}
