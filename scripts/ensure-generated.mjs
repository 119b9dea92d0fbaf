/**
 * Runs `npm run generate` when a generated file is missing or older than a file it is generated
 * from, and does nothing otherwise. The package has no install script, not even `prepare` (npm
 * asks its users to approve the install scripts of a package installed from a tarball or git,
 * `prepare` included), so a fresh clone gets its generated files from the scripts that need
 * them: `npm test` and `npm run build` always regenerate; `npm start`, `npm run tql` and the
 * others that run the sources call this first. It prints nothing unless generation fails (then
 * the generator's output and why, on standard error), so that `npm run --silent tql -- … --json`
 * prints nothing but the JSON document.
 *
 * Example: `node scripts/ensure-generated.mjs && tsx src/cli/main.ts demo`
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What `npm run generate` reads (the Ohm CLI through its version); the operator facts write the grammar's operator rule. */
const INPUTS = ['src/schema/operator-facts.ts', 'scripts/write-operator-grammar.ts', 'grammar/tql.ohm', 'scripts/write-grammar-recipe.mjs', 'scripts/write-field-slots.mjs', 'src/backends/memory/value-test.ts', 'node_modules/@ohm-js/cli/package.json'];
/** What it writes. */
const OUTPUTS = ['grammar/tql.ohm-bundle.js', 'grammar/tql.ohm-bundle.d.ts', 'grammar/tql.ohm-recipe.js', 'grammar/tql.ohm-recipe.d.ts', 'src/backends/memory/field-slots.ts', 'src/backends/memory/field-slots-more.ts'];

/** Modification time in ms, or undefined for a missing file. */
function modified(file) {
  try {
    return statSync(`${root}${file}`).mtimeMs;
  } catch {
    return undefined;
  }
}

const newestInput = Math.max(...INPUTS.map((f) => modified(f) ?? 0));
const stale = OUTPUTS.some((f) => (modified(f) ?? -Infinity) < newestInput);

if (stale) {
  const npm = process.env.npm_execpath;
  // Under npm, its own CLI through this node; run by hand, the npm the shell finds.
  const [command, args] = npm === undefined ? ['npm', []] : [process.execPath, [npm]];
  // Quiet when it works: the generator's list of files written is shown only with its failure.
  const result = spawnSync(command, [...args, 'run', '--silent', 'generate'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], shell: npm === undefined });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    process.stderr.write(`ensure-generated: npm run generate failed${result.error === undefined ? '' : ` (${result.error.message})`}\n`);
    process.exit(result.status ?? 1);
  }
}
