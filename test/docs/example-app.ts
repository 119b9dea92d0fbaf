/**
 * An app of docs/examples/ as a test sees it: its modules written out with the package's
 * specifiers pointing at the sources (typescript-examples.ts), its app.ts imported, and the two
 * checks every example app gets: it type-checks as a user's strict project would, and every
 * filter its README shows is among those the test runs.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { typeErrors, withSourceSpecifiers } from './typescript-examples.js';

/**
 * The example's modules copied to `.tmp/examples/<name>/` with the package's specifiers (`from
 * 'tql'`) pointing at the sources, so that they run without a build; returns the copies' paths.
 *
 * @example
 * ```ts
 * const modules = exampleModules('billing'); // [{ path: '/…/.tmp/examples/billing/app.ts' }, …]
 * ```
 */
export function exampleModules(name: string): { readonly path: string }[] {
  const source = new URL(`../../docs/examples/${name}/`, import.meta.url);
  const out = new URL(`../../.tmp/examples/${name}/`, import.meta.url);
  mkdirSync(out, { recursive: true });
  return readdirSync(source)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => {
      const path = fileURLToPath(new URL(file, out));
      writeFileSync(path, withSourceSpecifiers(readFileSync(new URL(file, source), 'utf8'), '../../../', `docs/examples/${name}/${file}`));
      return { path };
    });
}

/**
 * One module of an example, run from its copy (see {@link exampleModules}): a test that imports
 * the example directly would need the package built.
 *
 * @example
 * ```ts
 * const { billing } = (await exampleModule('billing', 'schema.ts')) as { billing: Schema };
 * ```
 */
export async function exampleModule(name: string, file: string): Promise<unknown> {
  const copy = exampleModules(name).find((m) => m.path.endsWith(`/${file}`));
  if (copy === undefined) throw new Error(`docs/examples/${name} has no ${file}`);
  return import(/* @vite-ignore */ copy.path);
}

/**
 * Writes out `docs/examples/<name>/*.ts`, imports its app.ts as `App`, and registers the two
 * common tests over `filters` (the filters the test runs).
 *
 * @example
 * ```ts
 * const app = await exampleApp<App>('billing', FILTERS.map(([filter]) => filter));
 * ```
 */
export async function exampleApp<App>(name: string, filters: readonly string[]): Promise<App> {
  const source = new URL(`../../docs/examples/${name}/`, import.meta.url);
  const out = new URL(`../../.tmp/examples/${name}/`, import.meta.url);
  const modules = exampleModules(name);

  test('the example type-checks in a strict project', () => {
    expect(typeErrors(modules)).toEqual([]);
  });

  test('every filter its README shows is run here', () => {
    const readme = readFileSync(new URL('README.md', source), 'utf8');
    const shown = /```text\n([^`]*)```/.exec(readme)?.[1]?.trim().split('\n') ?? [];
    expect(shown.length).toBeGreaterThan(0);
    expect(filters).toEqual(expect.arrayContaining(shown));
  });

  return (await import(/* @vite-ignore */ fileURLToPath(new URL('app.ts', out)))) as App;
}
