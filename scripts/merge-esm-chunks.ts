/**
 * Merges the ES-module chunks that `tql` and `tql/memory` load into two files, after tsup has
 * built dist/. esbuild splits the shared code of fifteen entries by which entries reach it, into
 * a dozen small chunks, and Node's ES-module loader pays about 0.3–0.5 ms for every file it
 * loads: importing `tql` and `tql/memory` read fifteen files, 7 ms of a 13 ms cold start
 * (docs/performance.md). Rollup re-bundles the built entries with what `tql` loads as one
 * `chunk-core` file and what `tql/memory` adds (the backend and its field slots) as
 * `chunk-memory`, so that an import of `tql` alone, or of `tql/sql`, does not compile the
 * in-memory backend. Every other chunk stays as esbuild made it, and each module still exists
 * once, so TqlError is one class for all subpaths. Source maps are carried through to src/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { rollup, type Plugin } from 'rollup';

const SOURCE_MAP_COMMENT = /^\/\/# sourceMappingURL=.*$/gm;
const RELATIVE_IMPORT = /^(?:import|export)\b[^'";]*?['"](\.\/[^'"]+)['"]/gm;

/**
 * The dist files an entry loads, itself included, following relative static imports.
 *
 * @example
 * ```ts
 * importGraph('dist', 'index.js'); // Set { 'index.js', 'chunk-core.js' }
 * ```
 */
export function importGraph(dir: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const match of readFileSync(path.join(dir, file), 'utf8').matchAll(RELATIVE_IMPORT)) importGraph(dir, match[1]!.slice(2), seen);
  return seen;
}

/** Reads a built file with its source map, so Rollup's map points at src/, not at the chunk. */
function builtFiles(): Plugin {
  return {
    name: 'tql-built-files',
    load(id) {
      const code = readFileSync(id, 'utf8').replace(SOURCE_MAP_COMMENT, '');
      const map = existsSync(`${id}.map`) ? readFileSync(`${id}.map`, 'utf8') : null;
      return { code, map };
    },
  };
}

/**
 * Rewrites the ES-module files of `outDir`: the entries, and the chunks that the entries in `hot`
 * load: the first entry's merged into `chunk-core.js`, and what each next one adds into
 * `chunk-<name>.js`.
 *
 * @example
 * ```ts
 * await mergeEsmChunks('dist', ['index', 'memory', 'sql', 'cli'], ['index', 'memory']);
 * ```
 */
export async function mergeEsmChunks(outDir: string, entryNames: readonly string[], hot: readonly string[]): Promise<void> {
  const entryFiles = new Set(entryNames.map((name) => `${name}.js`));
  // Each built chunk goes to the merged chunk of the first hot entry that loads it.
  const mergedInto = new Map<string, string>();
  hot.forEach((name, i) => {
    for (const file of importGraph(outDir, `${name}.js`)) {
      const id = path.resolve(outDir, file);
      if (!entryFiles.has(file) && !mergedInto.has(id)) mergedInto.set(id, i === 0 ? 'core' : name);
    }
  });
  const merged = new Set(mergedInto.values());
  const bundle = await rollup({
    input: Object.fromEntries(entryNames.map((name) => [name, path.resolve(outDir, `${name}.js`)])),
    // Packages and Node's modules stay imports; only dist/'s own files are re-bundled.
    external: (id) => !id.startsWith('.') && !path.isAbsolute(id),
    plugins: [builtFiles()],
    preserveEntrySignatures: 'strict',
    onwarn: (warning) => {
      throw new Error(`merging the ES-module chunks: ${warning.message}`);
    },
  });
  const staging = await mkdtemp(path.join(outDir, '.esm-'));
  await bundle.write({
    dir: staging,
    format: 'es',
    sourcemap: true,
    // The maps are written in the staging folder and then moved up into outDir beside it.
    sourcemapPathTransform: (source, mapFile) => path.relative(outDir, path.resolve(path.dirname(mapFile), source)),
    entryFileNames: '[name].js',
    chunkFileNames: (chunk) => (merged.has(chunk.name) ? `chunk-${chunk.name}.js` : 'chunk-[hash].js'),
    manualChunks: (id) => mergedInto.get(id),
  });
  await bundle.close();
  // The new files replace every ES-module file esbuild wrote (CommonJS and declarations stay).
  const old = readdirSync(outDir).filter((f) => /^chunk-.*\.js(\.map)?$/.test(f) || entryFiles.has(f.replace(/\.map$/, '')));
  await Promise.all(old.map((f) => rm(path.join(outDir, f))));
  for (const f of await readdir(staging)) await rename(path.join(staging, f), path.join(outDir, f));
  await rm(staging, { recursive: true });
}
