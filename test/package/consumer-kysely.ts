/**
 * A consumer project on kysely 0.29, the current release, that then installs the packed tarball:
 * npm checks tql's peer range against the kysely it has, and fails with ERESOLVE when the range
 * leaves that release out. kysely comes from this repository's node_modules, packed into a
 * tarball of its own (it has no dependencies), so nothing reaches the network.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { attempt, ROOT, run, type Outcome } from './packing.js';

/** The app's script: a Kysely query on SQLite with tqlWhere's condition, compiled, never run. */
const SCRIPT = `import { Kysely, SqliteDialect } from 'kysely';
import { check, defineSchema } from 'tql';
import { tqlWhere } from 'tql/kysely';

const schema = defineSchema({ entities: { ticket: { attributes: { subject: { type: 'String' } } } } });
// Compiling needs no connection: the database is never opened.
const db = new Kysely({ dialect: new SqliteDialect({ database: {} }) });
const q = check('ticket.subject STARTS_WITH print', schema, 'ticket');
console.log(db.selectFrom('ticket').select('id').where(tqlWhere(q, { db })).compile().sql);
`;

/** The project, the kysely version it has, and what `npm install <tql tarball>` did there. */
export interface KyselyApp {
  readonly dir: string;
  readonly kyselyVersion: string;
  readonly install: Outcome;
}

/**
 * Makes `<work>/kysely-app`, a project with kysely 0.29 as a dependency and the script
 * `query.mjs`, then installs `tarball` into it as a user would; returns what npm said rather than
 * throwing, since whether it installs is what is tested.
 *
 * @example
 * ```ts
 * const app = kyselyApp(work, path.join(work, 'tql-0.1.0.tgz'));
 * app.install.status; // 0
 * ```
 */
export function kyselyApp(work: string, tarball: string): KyselyApp {
  const kyselyDir = path.join(ROOT, 'node_modules/kysely');
  const kyselyVersion = (JSON.parse(readFileSync(path.join(kyselyDir, 'package.json'), 'utf8')) as { version: string }).version;
  const packed = run('npm', ['pack', kyselyDir, '--ignore-scripts', '--pack-destination', work], work).trim().split('\n').at(-1)!;
  const dir = path.join(work, 'kysely-app');
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'kysely-app', version: '1.0.0', private: true, type: 'module', dependencies: { kysely: `file:../${packed}` } }));
  const own = attempt('npm', ['install', '--offline', '--no-audit', '--no-fund'], dir, 120_000);
  if (own.status !== 0) throw new Error(`npm install kysely failed (${own.status}):\n${own.stderr}`);
  writeFileSync(path.join(dir, 'query.mjs'), SCRIPT);
  return { dir, kyselyVersion, install: attempt('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], dir, 120_000) };
}
