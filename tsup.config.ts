import { rm } from 'node:fs/promises';
import { build, type Plugin } from 'esbuild';
import path from 'node:path';
import { defineConfig } from 'tsup';
import { mergeEsmChunks } from './scripts/merge-esm-chunks.js';

/**
 * One entry per public subpath: `tql`, `tql/ast`, `tql/backend`, `tql/memory`, `tql/sql`,
 * `tql/mongo`, `tql/scheduling`, the integrations and `tql/testing`. package.json's exports and typedoc.json's
 * entry points list the same (test/package/entries.test.ts).
 */
export const entries = {
  index: 'src/index.ts',
  ast: 'src/ast/index.ts',
  backend: 'src/backends/index.ts',
  tooling: 'src/tooling/index.ts',
  memory: 'src/backends/memory/index.ts',
  sql: 'src/backends/sql/index.ts',
  mongo: 'src/backends/mongo/index.ts',
  scheduling: 'src/models/scheduling/index.ts',
  http: 'src/http/index.ts',
  kysely: 'src/integrations/kysely.ts',
  pg: 'src/integrations/postgres.ts',
  mongodb: 'src/integrations/mongodb.ts',
  zod: 'src/integrations/zod.ts',
  drizzle: 'src/integrations/drizzle.ts',
  prisma: 'src/integrations/prisma.ts',
  typeorm: 'src/integrations/typeorm.ts',
  knex: 'src/integrations/knex.ts',
  testing: 'src/testing/index.ts',
};

/**
 * tql/testing loads fast-check in src/testing/fast-check.ts, with a top-level await that
 * CommonJS has not: the CommonJS build takes fast-check-require.ts in its place.
 */
const requireFastCheckInCommonJs: Plugin = {
  name: 'require-fast-check-in-commonjs',
  setup(build) {
    // tsup builds CommonJS with splitting as ES modules that rollup converts: the format it is for is TSUP_FORMAT.
    if (build.initialOptions.define?.['TSUP_FORMAT'] !== JSON.stringify('cjs')) return;
    build.onResolve({ filter: /^\.\/fast-check\.js$/ }, (args) =>
      path.basename(args.resolveDir) === 'testing' ? { path: path.join(args.resolveDir, 'fast-check-require.ts') } : undefined,
    );
  },
};

/** ohm-js and the grammar in one CommonJS file, which either format can require synchronously. */
const OHM_GRAMMAR_FILE = './ohm.cjs';

/** The in-memory backend's field slots past the first few (src/backends/memory/more-slots.ts), as ohm.cjs. */
const MORE_SLOTS_FILE = './field-slots.cjs';

/** A file of its own that the chunks require lazily, in CommonJS, which either format can require synchronously. */
function buildRequiredFile(entry: string, outfile: string) {
  return build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // import.meta.url is read only where there is no require, never in these CommonJS files.
    logOverride: { 'empty-import-meta': 'silent' },
  });
}

export default defineConfig((cli) => ({
  entry: { ...entries, cli: 'src/cli/main.ts' },
  format: ['esm', 'cjs'],
  dts: { entry: entries },
  // Shared chunks keep a single copy of TqlError between subpaths.
  splitting: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  treeshake: true,
  // Integrations, and the drivers the CLI opens for --database-url, load their library from the
  // application, never from a bundled copy (a driver with native code cannot be bundled); ohm-js
  // goes into ohm.cjs only (below). A package also covers its subpaths (mysql2/promise).
  external: ['kysely', 'mingo', 'mongodb', 'pg', '@electric-sql/pglite', 'better-sqlite3', 'mysql2', '@duckdb/node-api', 'zod', 'drizzle-orm', '@prisma/client', 'typeorm', 'knex', 'fast-check', 'ohm-js'],
  // ohm-js is bundled, and so only a dev dependency, into ohm.cjs (built below): its ESM entry is
  // a graph of many modules that takes ~28 ms to load, one file ~10 ms. The chunks require that
  // file on the first text the fast path rejects (src/parser/grammar.ts), so an import of tql
  // never reads ohm-js (cold start, docs/performance.md).
  // The field slots past the first few are loaded the same way, by the first process that reads
  // more keys (src/backends/memory/more-slots.ts).
  define: { TQL_OHM_GRAMMAR_FILE: JSON.stringify(OHM_GRAMMAR_FILE), TQL_MORE_SLOTS_FILE: JSON.stringify(MORE_SLOTS_FILE) },
  esbuildPlugins: [requireFastCheckInCommonJs],
  onSuccess: async () => {
    const outDir = cli.outDir ?? 'dist';
    // The executable is ESM (bin/tql.js imports dist/cli.js); its CommonJS twin would only ship unused.
    await Promise.all(['cli.cjs', 'cli.cjs.map'].map((f) => rm(path.join(outDir, f), { force: true })));
    // What `tql` loads, and what `tql/memory` adds, in as few files as can be: the ES-module
    // loader's cost is per file (scripts/merge-esm-chunks.ts).
    await mergeEsmChunks(outDir, [...Object.keys(entries), 'cli'], ['index', 'memory']);
    // ohm-js and the grammar, for the first rejected text (src/parser/grammar.ts); the slots, for
    // the first key past the first few (src/backends/memory/more-slots.ts).
    await buildRequiredFile('src/parser/ohm-grammar.ts', path.join(outDir, OHM_GRAMMAR_FILE));
    await buildRequiredFile('src/backends/memory/field-slots-more.ts', path.join(outDir, MORE_SLOTS_FILE));
  },
}));
