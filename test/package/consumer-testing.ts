/**
 * A consumer project that proves its own SQLite and PostgreSQL tables with `tql/testing`: the
 * packed tarball installed offline, and the peers it brings itself (fast-check, better-sqlite3,
 * PGlite) linked from this repository's node_modules, as an app's own install would have them.
 * Its scripts load generated records into its own tables with its own statements, answer with
 * `selectSql`, and print what `checkAgreement` found: `node prove.mjs` on the SQLite table as it
 * is, `node prove.mjs nocase` with a `COLLATE NOCASE` column; `node prove-pg.mjs` on the
 * PostgreSQL table as it is, then with a padded `character(64)` column (`padded`), a
 * `timestamptz` column the mapping reads as Unix seconds (`seconds`), and a `timestamptz(0)`
 * column that rounds fractions of a second (`rounded`).
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { installTarball, ROOT } from './packing.js';

/** The peers the app installs for its tests, linked rather than fetched: nothing reaches the network. */
const PEERS = ['fast-check', 'better-sqlite3', '@electric-sql/pglite'] as const;

/** The app's script, as a user writes it against the installed package. */
const SCRIPT = `import Database from 'better-sqlite3';
import { defineSchema } from 'tql';
import { defineSqlMapping, selectSql, sqliteFoldingDiffers } from 'tql/sql';
import { checkAgreement, formatReport } from 'tql/testing';

const nocase = process.argv[2] === 'nocase';
const schema = defineSchema({
  entities: { ticket: { attributes: { subject: { type: 'String' }, assignee: { type: 'String', nullable: true }, urgent: { type: 'Boolean' } } } },
});
const mapping = defineSqlMapping(schema, { ticket: { table: 'tickets', key: 'id' } });

// The app's own table and its own way of writing a ticket.
const db = new Database(':memory:');
const text = nocase ? 'TEXT COLLATE NOCASE' : 'TEXT';
db.exec(\`CREATE TABLE tickets (id TEXT PRIMARY KEY, subject \${text}, assignee \${text}, urgent INTEGER)\`);
const insert = db.prepare('INSERT INTO tickets (id, subject, assignee, urgent) VALUES (?, ?, ?, ?)');
const asText = (v) => (typeof v === 'string' ? v : null);

const report = await checkAgreement({
  schema,
  entity: 'ticket',
  runs: nocase ? 300 : 40,
  seed: 7,
  ...(nocase ? { operators: ['EQ', 'IN'] } : {}),
  declared: sqliteFoldingDiffers,
  load: (records) => {
    db.exec('DELETE FROM tickets');
    for (const r of records) insert.run(String(r.id), asText(r.subject), asText(r.assignee), typeof r.urgent === 'boolean' ? Number(r.urgent) : null);
  },
  run: (query) => {
    const { text, values } = selectSql(query, { dialect: 'sqlite', mapping });
    return db.prepare(text).all(...values).map((row) => row.id);
  },
});
const d = report.disagreements[0];
console.log(JSON.stringify({ agreed: report.agreed, queries: report.queries, records: d?.records.length, rules: d?.rules.map((r) => r.rule) }));
console.log(formatReport(report));
process.exitCode = report.agreed ? 0 : 1;
`;

/** The app's PostgreSQL script: its tickets table on PGlite, as it is or broken in one way (argv[2]). */
const PG_SCRIPT = `import { PGlite } from '@electric-sql/pglite';
import { defineSchema } from 'tql';
import { defineSqlMapping, foldingDiffers, measureFolding, selectSql, sqlDatabase } from 'tql/sql';
import { checkAgreement, formatReport } from 'tql/testing';

const mode = process.argv[2] ?? '';
const schema = defineSchema({
  entities: { ticket: { attributes: { subject: { type: 'String' }, opened_at: { type: 'Timestamp', storage: 'date', nullable: true } } } },
});
// 'seconds': the mapping says the column holds Unix seconds; the table has a timestamptz.
const storage = mode === 'seconds' ? { storage: { opened_at: 'unix_seconds' } } : {};
const mapping = defineSqlMapping(schema, { ticket: { table: 'tickets', key: 'id', ...storage } });

const pg = await PGlite.create();
const subject = mode === 'padded' ? 'character(64)' : 'text';
const openedAt = mode === 'rounded' ? 'timestamptz(0)' : 'timestamptz';
await pg.exec(\`CREATE TABLE tickets (id text PRIMARY KEY, subject \${subject}, opened_at \${openedAt})\`);
// What this engine's lower() does with letters beyond ASCII, measured: LIKE may differ only there.
const folding = await measureFolding(sqlDatabase(pg));
const instant = (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v : null);

const report = await checkAgreement({
  schema,
  entity: 'ticket',
  runs: mode === '' ? 40 : 100,
  seed: 7,
  declared: (needle, text, place) => foldingDiffers(folding, needle, text, place),
  load: async (records) => {
    await pg.exec('DELETE FROM tickets');
    for (const r of records) {
      await pg.query('INSERT INTO tickets (id, subject, opened_at) VALUES ($1, $2, $3)', [String(r.id), typeof r.subject === 'string' ? r.subject : null, instant(r.opened_at)]);
    }
  },
  run: async (query) => {
    const { text, values } = selectSql(query, { dialect: 'postgres', mapping });
    return (await pg.query(text, values)).rows.map((row) => row.id);
  },
});
const d = report.disagreements[0];
console.log(JSON.stringify({ agreed: report.agreed, queries: report.queries, records: d?.records.length, error: d?.error !== undefined, rules: d?.rules.map((r) => r.rule) }));
console.log(formatReport(report));
await pg.close();
process.exitCode = report.agreed ? 0 : 1;
`;

/**
 * Makes the app `<work>/testing-app` with `tarball` installed, its peers linked and its script
 * written; returns its folder.
 *
 * @example
 * ```ts
 * const app = testingApp(work, path.join(work, 'tql-0.1.0.tgz'));
 * node(app, ['prove.mjs']).status; // 0
 * ```
 */
export function testingApp(work: string, tarball: string): string {
  const { dir } = installTarball(work, 'testing-app', tarball);
  for (const peer of PEERS) {
    const link = path.join(dir, 'node_modules', peer);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules', peer), link, 'dir');
  }
  writeFileSync(path.join(dir, 'prove.mjs'), SCRIPT);
  writeFileSync(path.join(dir, 'prove-pg.mjs'), PG_SCRIPT);
  return dir;
}
