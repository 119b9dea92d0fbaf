/**
 * One endpoint of the server bench in a process of its own (bundled like the suite, see
 * bundle-child.ts): `tql` (the reference list server, `startListServer`) or `hand` (the
 * hand-written endpoint), on the PostgreSQL or MariaDB database at `databaseUrl`. Prints
 * `{"url":…}` once it listens; answers the message `statements` with how many SQL statements it
 * has sent, counted at node-postgres' `Client#query` and mysql2's `Connection#query` and
 * `#execute`, which every pool query goes through.
 *
 *   node server-child.mjs <tql|hand> <databaseUrl> <token> [<baseUrl of the links>]
 */
import mysql from 'mysql2';
import pg from 'pg';
import { startListServer } from '../../src/models/scheduling/server/server.js';
import { startHandServer } from '../server/hand-endpoint.js';

let statements = 0;
/** Counts the calls of `prototype[name]`, then calls it. */
function count(prototype: object, name: string): void {
  const original = (prototype as Record<string, (...a: unknown[]) => unknown>)[name]!;
  (prototype as Record<string, unknown>)[name] = function counted(this: unknown, ...args: unknown[]) {
    statements += 1;
    return original.apply(this, args);
  };
}
count(pg.Client.prototype, 'query');
// A mysql2 pool's query and execute run on a pooled connection, a Connection.
count(mysql.Connection.prototype, 'query');
count(mysql.Connection.prototype, 'execute');

const [kind, databaseUrl, token, baseUrl] = process.argv.slice(2);
if ((kind !== 'tql' && kind !== 'hand') || databaseUrl === undefined || token === undefined) {
  process.stderr.write('usage: server-child <tql|hand> <databaseUrl> <token> [<baseUrl>]\n');
  process.exit(2);
}
const server = kind === 'tql' ? await startListServer({ token, databaseUrl }) : await startHandServer({ token, databaseUrl, baseUrl });
process.on('message', (message) => {
  if (message === 'statements') process.send?.({ statements });
});
process.once('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
