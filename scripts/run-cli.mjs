/**
 * `npm run tql -- …` and `npm start`: the built CLI (dist/cli.js, what tsup writes) when it is
 * newer than every file under src/ and grammar/, so a call costs what `npx tql` costs; else the
 * generated files are made if missing or stale (quietly, scripts/ensure-generated.mjs) and the
 * sources run through tsx, in this process. Either way nothing is printed but the CLI's output.
 *
 * Example: `node scripts/run-cli.mjs check 'agent.name EQ john' --entity agent`
 */
import { readdirSync, statSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const built = new URL('dist/cli.js', root);

/** Modification time in ms, or undefined for a missing file. */
function modified(url) {
  try {
    return statSync(url).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The newest modification time of a file under `dir` (a URL ending in `/`), 0 for none. */
function newestUnder(dir) {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return newest;
  }
  for (const entry of entries) {
    const at = new URL(entry.isDirectory() ? `${entry.name}/` : entry.name, dir);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(at) : (modified(at) ?? 0));
  }
  return newest;
}

const builtAt = modified(built);
const fresh = builtAt !== undefined && builtAt > Math.max(newestUnder(new URL('src/', root)), newestUnder(new URL('grammar/', root)));

if (fresh) {
  await import(built.href);
} else {
  await import(new URL('scripts/ensure-generated.mjs', root).href);
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    process.stderr.write('tql: dist/cli.js is missing or older than src/, and tsx is not installed: run `npm install`, or `npm run build` first.\n');
    process.exit(70);
  }
  register();
  await import(new URL('src/cli/main.ts', root).href);
}
