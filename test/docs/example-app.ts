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
  mkdirSync(out, { recursive: true });
  const modules = readdirSync(source)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => {
      const path = fileURLToPath(new URL(file, out));
      writeFileSync(path, withSourceSpecifiers(readFileSync(new URL(file, source), 'utf8'), '../../../', `docs/examples/${name}/${file}`));
      return { path };
    });

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
