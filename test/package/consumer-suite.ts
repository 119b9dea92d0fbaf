/**
 * The packed package as a user gets it: installed from the tarball into a fresh project with none
 * of the optional peers, then imported in ESM and CommonJS, type-checked as the README's example
 * is written, and run as `tql`; installed into a project on kysely 0.29, whose version npm checks
 * against the peer range (consumer-kysely.ts); and into a project that proves its own tables with
 * tql/testing (consumer-testing.ts). Nothing here reaches the network: the package has no
 * dependencies, so npm installs it offline.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { importGraph } from '../../scripts/merge-esm-chunks.js';
import { kyselyApp } from './consumer-kysely.js';
import { testingApp } from './consumer-testing.js';
import { installTarball, node, type Packed, ROOT } from './packing.js';

const PACKAGE = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  readonly exports: Readonly<Record<string, unknown>>;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly files: readonly string[];
};

/** Subpaths that load a peer at import, with the peer; every other subpath must load without any. */
const NEEDS_PEER: Readonly<Record<string, string>> = { 'tql/kysely': 'kysely', 'tql/zod': 'zod', 'tql/drizzle': 'drizzle-orm', 'tql/testing': 'fast-check' };

const SUBPATHS = Object.keys(PACKAGE.exports)
  .filter((key) => !key.endsWith('.json'))
  .map((key) => (key === '.' ? 'tql' : `tql/${key.slice(2)}`));
const WITHOUT_PEERS = SUBPATHS.filter((s) => NEEDS_PEER[s] === undefined);

/**
 * The suites of a user's projects, over the tarball package.test.ts packs once.
 *
 * @example
 * ```ts
 * consumerSuites(packed);
 * ```
 */
export function consumerSuites(packed: Packed): void {
  let consumer: string;
  /** A second project, with fast-check and better-sqlite3, that proves its own table (consumer-testing.ts). */
  let testing: string;
  beforeAll(() => {
    consumer = installTarball(packed.work, 'app', packed.tarball).dir;
    testing = testingApp(packed.work, packed.tarball);
  }, 300_000);

  describe('the installed package', () => {
    test('has no dependencies (ohm-js is bundled), a LICENSE, and none of the optional peers installed', () => {
      expect(PACKAGE.dependencies ?? {}).toEqual({});
      const installed = readdirSync(path.join(consumer, 'node_modules'));
      expect(installed.filter((n) => !n.startsWith('.'))).toEqual(['tql']);
      expect(readdirSync(path.join(consumer, 'node_modules/tql'))).toContain('LICENSE');
      // The README names docs by path: they ship, the generated API reference does not.
      const docs = readdirSync(path.join(consumer, 'node_modules/tql/docs'));
      expect(docs).toEqual(expect.arrayContaining(['language.md', 'schema.md', 'examples']));
      expect(docs).not.toContain('api');
      // The executable is ESM only.
      expect(readdirSync(path.join(consumer, 'node_modules/tql/dist')).filter((f) => f.startsWith('cli.'))).toEqual(['cli.js', 'cli.js.map']);
    });

    test.for(WITHOUT_PEERS)('%s loads in ESM and in CommonJS without any peer', (subpath) => {
      const esm = node(consumer, ['--input-type=module', '-e', `const m = await import(${JSON.stringify(subpath)}); console.log(Object.keys(m).length);`]);
      expect(esm.stderr).toBe('');
      expect(Number(esm.stdout)).toBeGreaterThan(0);
      const cjs = node(consumer, ['-e', `console.log(Object.keys(require(${JSON.stringify(subpath)})).length);`]);
      expect(cjs.stderr).toBe('');
      expect(Number(cjs.stdout)).toBeGreaterThan(0);
    });

    test.for(Object.entries(NEEDS_PEER).filter(([subpath]) => subpath !== 'tql/testing'))('%s without its peer %s: the error names the peer', ([subpath, peer]) => {
      const esm = node(consumer, ['--input-type=module', '-e', `await import(${JSON.stringify(subpath)});`]);
      expect(esm.status).not.toBe(0);
      expect(esm.stderr).toContain(`Cannot find package '${peer}'`);
    });

    test('tql/testing without fast-check: ESM and CommonJS say to install it', () => {
      /** The error's message as Node prints it, from its code on (the class name differs by format). */
      const said = (args: string[]) => {
        const out = node(consumer, args);
        expect(out.status).not.toBe(0);
        return /invalid_option: .*/.exec(out.stderr)?.[0];
      };
      const esm = said(['--input-type=module', '-e', `await import('tql/testing');`]);
      expect(said(['-e', `require('tql/testing');`])).toBe(esm);
      expect(esm).toMatchInlineSnapshot(`"invalid_option: tql/testing generates queries and records with fast-check, an optional peer dependency of tql: install it (npm install --save-dev fast-check)."`);
    });

    test('a filter, a syntax error (which loads the bundled Ohm) and SQL, in ESM and CommonJS', () => {
      const body = (load: (s: string) => string) => `
        const { check, safeCheck } = ${load('tql')};
        const { compilePredicate } = ${load('tql/memory')};
        const { compileSql } = ${load('tql/sql')};
        const { schedulingSchema, schedulingSqlMapping } = ${load('tql/scheduling')};
        const q = check('agent.name~LIKE~john', schedulingSchema, 'agent');
        const bad = safeCheck('agent.name EQ', schedulingSchema, 'agent');
        console.log(JSON.stringify([compilePredicate(q)({ name: 'Little John' }), bad.ok || bad.error.code, compileSql(q, { dialect: 'sqlite', mapping: schedulingSqlMapping }).values]));`;
      const expected = `${JSON.stringify([true, 'syntax_error', ['%john%']])}\n`;
      expect(node(consumer, ['--input-type=module', '-e', body((s) => `await import('${s}')`)]).stdout).toBe(expected);
      expect(node(consumer, ['-e', body((s) => `require('${s}')`)]).stdout).toBe(expected);
    });

    // Cold start (docs/performance.md): Node's ES-module loader pays per file, and ohm-js is most
    // of the package's code but only words syntax errors.
    test('import of tql reads two files and tql/memory two more, none with ohm-js; tql alone has no in-memory backend', () => {
      const dist = path.join(consumer, 'node_modules/tql/dist');
      const index = importGraph(dist, 'index.js');
      expect([...index].sort()).toEqual(['chunk-core.js', 'index.js']);
      const withMemory = importGraph(dist, 'memory.js', new Set(index));
      expect([...withMemory].sort()).toEqual(['chunk-core.js', 'chunk-memory.js', 'index.js', 'memory.js']);
      for (const file of withMemory) expect(readFileSync(path.join(dist, file), 'utf8')).not.toMatch(/makeRecipe|ohm-js\/dist/);
      expect(readFileSync(path.join(dist, 'chunk-core.js'), 'utf8')).not.toMatch(/holdsEqual|compilePredicate/);
      expect(readFileSync(path.join(dist, 'ohm.cjs'), 'utf8')).toMatch(/makeRecipe/);
    });

    test('ohm.cjs is loaded by the first syntax error, not by import or a valid query, in ESM and CommonJS', () => {
      // Both formats load ohm.cjs through Node's CommonJS loader, whose cache lists what it loaded.
      const body = (load: (s: string) => string, cache: string) => `
        const { check, safeCheck, defineSchema } = ${load('tql')};
        const { compilePredicate } = ${load('tql/memory')};
        const loaded = () => Object.keys(${cache}).some((f) => f.endsWith('ohm.cjs'));
        const schema = defineSchema({ entities: { agent: { attributes: { name: { type: 'String' } } } } });
        compilePredicate(check('agent.name~LIKE~john', schema, 'agent'));
        const before = loaded();
        const bad = safeCheck('agent.name EQ', schema, 'agent');
        console.log(JSON.stringify([before, bad.ok || bad.error.code, loaded()]));`;
      const expected = `${JSON.stringify([false, 'syntax_error', true])}\n`;
      const esmCache = "process.getBuiltinModule('node:module').createRequire(import.meta.url).cache";
      expect(node(consumer, ['--input-type=module', '-e', body((s) => `await import('${s}')`, esmCache)]).stdout).toBe(expected);
      expect(node(consumer, ['-e', body((s) => `require('${s}')`, 'require.cache')]).stdout).toBe(expected);
    });

    test('field-slots.cjs is loaded by the fourth key a process reads, not before, in ESM and CommonJS', () => {
      const body = (load: (s: string) => string, cache: string) => `
        const { check, defineSchema } = ${load('tql')};
        const { compilePredicate } = ${load('tql/memory')};
        const loaded = () => Object.keys(${cache}).some((f) => f.endsWith('field-slots.cjs'));
        const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
        const schema = defineSchema({ entities: { x: { attributes: Object.fromEntries(keys.map((k) => [k, { type: 'Number' }])) } } });
        const query = (n) => compilePredicate(check(keys.slice(0, n).map((k, i) => 'x.' + k + ' EQ ' + i).join(' AND '), schema, 'x'));
        const three = query(3);
        const before = loaded();
        const six = query(6);
        const record = { a: 0, b: 1, c: 2, d: 3, e: 4, f: 5 };
        console.log(JSON.stringify([before, loaded(), three(record), six(record), six({ ...record, f: 6 })]));`;
      const expected = `${JSON.stringify([false, true, true, true, false])}\n`;
      const esmCache = "process.getBuiltinModule('node:module').createRequire(import.meta.url).cache";
      expect(node(consumer, ['--input-type=module', '-e', body((s) => `await import('${s}')`, esmCache)]).stdout).toBe(expected);
      expect(node(consumer, ['-e', body((s) => `require('${s}')`, 'require.cache')]).stdout).toBe(expected);
    });

    test('tql/http loads without mingo; mingoCollection says to install it', () => {
      const script = `
        const { mingoCollection } = await import('tql/http');
        try { await mingoCollection([]).find({}).toArray(); } catch (e) { console.log(e.code, e.message); }`;
      expect(node(consumer, ['--input-type=module', '-e', script]).stdout).toMatchInlineSnapshot(`
        "invalid_option invalid_option: mingoCollection runs MongoDB filters with mingo, an optional peer dependency of tql: install it (npm install mingo).
        "
      `);
    });

    test.for([
      ['node16', 'node16'],
      ['esnext', 'bundler'],
    ] as const)('the README example type-checks with module %s, moduleResolution %s', ([module, moduleResolution]) => {
      const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
      const example = /## In code\s+```ts[^\n]*\n([\s\S]*?)```/.exec(readme)?.[1];
      expect(example, 'the README has an "In code" TypeScript example').toBeDefined();
      const dir = path.join(consumer, `check-${moduleResolution}`);
      mkdirSync(dir, { recursive: true });
      // The example imports, so it is a module already; the export keeps it one if that changes.
      writeFileSync(path.join(dir, 'example.mts'), `${example}\nexport {};\n`);
      writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { module, moduleResolution, target: 'es2022', strict: true, noEmit: true, types: [], skipLibCheck: false }, files: ['example.mts'] }),
      );
      const tsc = node(dir, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.status).toBe(0);
    });

    test('npx tql runs the installed CLI', () => {
      const out = node(consumer, [path.join(consumer, 'node_modules/tql/bin/tql.js'), 'check', 'agent.name EQ john', '--entity', 'agent']);
      expect(out.status).toBe(0);
      expect(out.stdout).toContain('agent.name EQ john');
    });

    test('tql prove without fast-check: exit 3, the error names the peer', () => {
      const out = node(consumer, [path.join(consumer, 'node_modules/tql/bin/tql.js'), 'prove', '--database-url', 'sqlite::memory:']);
      expect(out.stderr).toContain('tql prove generates its data and queries with fast-check, an optional peer dependency of tql: install it (npm install fast-check).');
      expect(out.status).toBe(3);
    });
  });

  describe('a project on kysely 0.29 (consumer-kysely.ts)', () => {
    test('npm installs the tarball next to it, without ERESOLVE, and tqlWhere writes SQLite’s SQL for its SqliteDialect', () => {
      const app = kyselyApp(packed.work, packed.tarball);
      expect(app.kyselyVersion).toMatch(/^0\.29\./);
      expect(app.install.stderr).not.toContain('ERESOLVE');
      expect(app.install.status).toBe(0);
      const out = node(app.dir, ['query.mjs']);
      expect(out.stderr).toBe('');
      expect(out.stdout).toBe(`select "id" from "ticket" where "subject" LIKE ? ESCAPE '\\'\n`);
    });
  });

  describe('a project that proves its own SQLite and PostgreSQL tables with tql/testing', () => {
    /** The app's script: its first line is what checkAgreement found, the rest the report. */
    const prove = (...args: string[]) => {
      const out = node(testing, ['prove.mjs', ...args]);
      const [summary, ...report] = out.stdout.split('\n');
      return { status: out.status, stderr: out.stderr, summary: JSON.parse(summary!) as { agreed: boolean; queries: number; records?: number; rules?: number[] }, report: report.join('\n') };
    };

    test('node prove.mjs: its table agrees inside SQLite’s declared folding, exit 0', () => {
      const r = prove();
      expect(r.stderr).toBe('');
      expect(r.summary).toMatchObject({ agreed: true });
      expect(r.summary.queries).toBeGreaterThan(40);
      expect(r.report).toMatch(/^agreed: 40 datasets, \d+ queries \(seed 7\)/);
      expect(r.status).toBe(0);
    });

    test('node prove.mjs nocase: a COLLATE NOCASE column is caught, shrunk to one record, rule 5, exit 1', () => {
      const r = prove('nocase');
      expect(r.stderr).toBe('');
      expect(r.summary).toMatchObject({ agreed: false, records: 1 });
      expect(r.summary.rules).toContain(5);
      expect(r.report).toContain('rule 5: EQ and IN on text are exact and case-sensitive');
      expect(r.report).toMatch(/query: +ticket\.(subject|assignee) (EQ|IN) /);
      expect(r.status).toBe(1);
    });

    /** The PostgreSQL script: the same summary line, then the report. */
    const provePg = (mode?: string) => {
      const out = node(testing, ['prove-pg.mjs', ...(mode === undefined ? [] : [mode])]);
      const [summary, ...report] = out.stdout.split('\n');
      return { status: out.status, stderr: out.stderr, summary: JSON.parse(summary!) as { agreed: boolean; queries: number; records?: number; error: boolean; rules?: number[] }, report: report.join('\n') };
    };

    test('node prove-pg.mjs: its PostgreSQL table agrees inside the measured folding, exit 0', () => {
      const r = provePg();
      expect(r.stderr).toBe('');
      expect(r.summary).toMatchObject({ agreed: true });
      expect(r.report).toMatch(/^agreed: 40 datasets, \d+ queries \(seed 7\)/);
      expect(r.status).toBe(0);
    });

    test.for([
      ['padded', 'a character(64) column, which pads text with spaces', 5, 'EQ and IN on text are exact and case-sensitive'],
      ['rounded', 'a timestamptz(0) column, which rounds fractions of a second', 6, 'timestamps compare as whole seconds, floored'],
    ] as const)('node prove-pg.mjs %s: %s, is caught as one record, exit 1', ([mode, , rule, wording]) => {
      const r = provePg(mode);
      expect(r.stderr).toBe('');
      expect(r.summary).toMatchObject({ agreed: false, records: 1, error: false });
      expect(r.summary.rules).toContain(rule);
      expect(r.report).toContain(`rule ${rule}: ${wording}`);
      expect(r.status).toBe(1);
    });

    test('node prove-pg.mjs seconds: a timestamptz column read as Unix seconds fails its queries, and the report says so, exit 1', () => {
      const r = provePg('seconds');
      expect(r.summary).toMatchObject({ agreed: false, error: true });
      expect(r.report).toMatch(/error: +run threw/);
      expect(r.report).toMatch(/query: +ticket\.opened_at /);
      expect(r.status).toBe(1);
    });
  });
}
