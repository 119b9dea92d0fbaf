import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    memory: 'src/backends/memory/index.ts',
    sql: 'src/backends/sql/index.ts',
    mongo: 'src/backends/mongo/index.ts',
    scheduling: 'src/models/scheduling/index.ts',
    cli: 'src/cli/main.ts',
  },
  format: ['esm', 'cjs'],
  dts: { entry: ['src/index.ts', 'src/backends/memory/index.ts', 'src/backends/sql/index.ts', 'src/backends/mongo/index.ts', 'src/models/scheduling/index.ts'] },
  splitting: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  // Shared chunks keep a single copy of TqlError between subpaths.
  treeshake: true,
});
