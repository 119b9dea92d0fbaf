/**
 * One endpoint of the server bench in a process of its own (bundled like the suite, see
 * bundle-child.ts): `tql` (the reference list server, `startListServer`) or `hand` (the
 * hand-written endpoint), on the PostgreSQL database at `databaseUrl`. Prints `{"url":…}` once
 * it listens; answers the message `statements` with how many SQL statements it has sent, counted
 * at node-postgres' `Client#query`, which every pool query goes through.
 *
 *   node server-child.mjs <tql|hand> <databaseUrl> <token> [<baseUrl of the links>]
 */
import pg from 'pg';
import { startListServer } from '../../src/models/scheduling/server/server.js';
import { startHandServer } from '../server/hand-endpoint.js';

let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

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
