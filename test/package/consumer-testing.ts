/**
 * A consumer project that proves its own SQLite table with `tql/testing`: the packed tarball
 * installed offline, and the peers it brings itself (fast-check, better-sqlite3) linked from this
 * repository's node_modules, as an app's own install would have them. Its script loads generated
 * records into its own table with its own statement, answers with `selectSql`, and prints what
 * `checkAgreement` found: `node prove.mjs` on the table as it is, `node prove.mjs nocase` on the
 * same table with a `COLLATE NOCASE` column.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { installTarball, ROOT } from './packing.js';

/** The peers the app installs for its tests, linked rather than fetched: nothing reaches the network. */
const PEERS = ['fast-check', 'better-sqlite3'] as const;

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
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  for (const peer of PEERS) symlinkSync(path.join(ROOT, 'node_modules', peer), path.join(dir, 'node_modules', peer), 'dir');
  writeFileSync(path.join(dir, 'prove.mjs'), SCRIPT);
  return dir;
}
