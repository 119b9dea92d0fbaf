/**
 * Builds the playground into playground/dist/ (index.html and one bundle, playground.js) with
 * esbuild; `--serve` then serves it on http://127.0.0.1:5178/ (`--port N` for another port).
 *
 *   npm run playground:build
 *   npm run playground
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { serveStatic } from '../playground/static-server.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Where the playground is built. */
export const PLAYGROUND_DIST = `${ROOT}playground/dist`;
const GRAMMAR_BUNDLE = `${ROOT}grammar/tql.ohm-bundle.js`;

/** What a build made. */
export interface PlaygroundBuild {
  readonly outDir: string;
  /** Size of playground.js in bytes. */
  readonly bundleBytes: number;
}

/**
 * Bundles playground/src/main.ts with the package sources, ohm-js and the generated grammar.
 *
 * @example
 * ```ts
 * const { outDir } = await buildPlayground();
 * ```
 */
export async function buildPlayground(): Promise<PlaygroundBuild> {
  if (!existsSync(GRAMMAR_BUNDLE)) throw new Error('grammar/tql.ohm-bundle.js is missing: run `npm run generate` first.');
  await mkdir(PLAYGROUND_DIST, { recursive: true });
  await build({
    entryPoints: [`${ROOT}playground/src/main.ts`],
    outfile: `${PLAYGROUND_DIST}/playground.js`,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  await copyFile(`${ROOT}playground/index.html`, `${PLAYGROUND_DIST}/index.html`);
  return { outDir: PLAYGROUND_DIST, bundleBytes: (await stat(`${PLAYGROUND_DIST}/playground.js`)).size };
}

async function main(args: readonly string[]): Promise<void> {
  const { outDir, bundleBytes } = await buildPlayground();
  console.log(`built ${outDir} (playground.js: ${(bundleBytes / 1024).toFixed(0)} KiB)`);
  if (!args.includes('--serve')) return;
  const portArg = args[args.indexOf('--port') + 1];
  const port = args.includes('--port') ? Number(portArg) : 5178;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port takes a port number, not ${portArg}`);
  const server = await serveStatic(outDir, port);
  console.log(`serving the playground on ${server.url} (Ctrl-C to stop)`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  });
}
