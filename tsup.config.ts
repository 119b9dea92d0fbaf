import { rm } from 'node:fs/promises';
import path from 'node:path';
import { defineConfig } from 'tsup';

/**
 * One entry per public subpath: `tql`, `tql/ast`, `tql/backend`, `tql/memory`, `tql/sql`,
 * `tql/mongo`, `tql/scheduling`, and the integrations. package.json's exports and typedoc.json's
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
};

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
  // Integrations load their library from the application, never from a bundled copy.
  external: ['kysely', 'mingo', 'mongodb', 'pg', '@electric-sql/pglite', 'better-sqlite3', 'zod', 'drizzle-orm'],
  // ohm-js is bundled in, and so only a dev dependency: its ESM entry is a graph of many modules
  // that takes ~28 ms to load, the same code in one file ~10 ms, and that only on the first
  // rejected text (src/parser/load-ohm.ts; cold start, docs/performance.md).
  noExternal: ['ohm-js'],
  // The executable is ESM (bin/tql.js imports dist/cli.js); its CommonJS twin would only ship unused.
  onSuccess: async () => {
    const outDir = cli.outDir ?? 'dist';
    await Promise.all(['cli.cjs', 'cli.cjs.map'].map((f) => rm(path.join(outDir, f), { force: true })));
  },
}));
