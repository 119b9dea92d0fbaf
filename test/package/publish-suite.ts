/**
 * What `npm publish` would ship from a fresh clone (packWorkingTree): the tarball read, then
 * installed into a new project with npm's usual script policy, and `npx tql demo` run there.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { attempt, installTarball, type Packed, tarballFile, tarballFiles } from './packing.js';
import { tql } from '../cli/capture.js';

/** Scripts npm runs, or asks its users to approve, when the package is installed. */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'preprepare', 'prepare', 'postprepare'];

interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly main: string;
  readonly module: string;
  readonly types: string;
  readonly bin: Readonly<Record<string, string>>;
  readonly exports: Readonly<Record<string, string | Readonly<Record<string, Readonly<Record<string, string>>>>>>;
  readonly scripts?: Readonly<Record<string, string>>;
}

/**
 * The suites of what npm publish ships, over the tarball package.test.ts packs once.
 *
 * @example
 * ```ts
 * publishSuites(packed);
 * ```
 */
export function publishSuites(packed: Packed): void {
  describe('npm pack in a fresh clone', () => {
    test('the tarball holds every file package.json points at: the built dist/ and the executable', () => {
      const files = new Set(tarballFiles(packed.tarball));
      const manifest = JSON.parse(tarballFile(packed.tarball, 'package.json')) as Manifest;
      const targets = [manifest.main, manifest.module, manifest.types, ...Object.values(manifest.bin), ...Object.values(manifest.exports).flatMap(targetsOf)];
      expect(targets.length).toBeGreaterThan(40);
      expect(targets.map((t) => t.replace(/^\.\//, '')).filter((t) => !files.has(t))).toEqual([]);
      // What the chunks load at run time besides the entries (src/parser/grammar.ts, bin/tql.js).
      expect([...files].filter((f) => ['dist/ohm.cjs', 'dist/field-slots.cjs', 'dist/cli.js', 'dist/chunk-core.js'].includes(f)).sort()).toEqual(['dist/chunk-core.js', 'dist/cli.js', 'dist/field-slots.cjs', 'dist/ohm.cjs']);
    });

    test('the tarball holds no tests, sources or build tooling', () => {
      const files = tarballFiles(packed.tarball);
      expect(files.filter((f) => /(^|\/)(test|src|scripts|bench|node_modules)\/|\.test\.|(^|\/)binding\.gyp$|^tsup\.config/.test(f))).toEqual([]);
    });

    test.for(INSTALL_SCRIPTS)('the packed package.json has no %s script', (name) => {
      const manifest = JSON.parse(tarballFile(packed.tarball, 'package.json')) as Manifest;
      expect(manifest.scripts?.[name]).toBeUndefined();
    });
  });

  describe('the tarball installed into a new project', () => {
    let app: string;
    let npmStderr: string;
    beforeAll(() => {
      ({ dir: app, npmStderr } = installTarball(packed.work, 'published', packed.tarball));
    }, 180_000);

    test('npm installs it without asking to approve an install script', () => {
      // npm 11 lists a tarball's install scripts, prepare included, as "install-scripts" warnings.
      expect(npmStderr).not.toMatch(/install.scripts?/i);
    });

    test('npx tql demo runs the default query in memory, and says SQLite and mingo are not installed', async () => {
      const reference = JSON.parse((await tql(['demo', '--json'])).stdout) as { memory: string[]; entity: string };
      const demo = attempt('npx', ['--offline', 'tql', 'demo'], app);
      expect({ status: demo.status, stderr: demo.stderr }).toEqual({ status: 0, stderr: '' });
      const lines = demo.stdout.split('\n');
      expect(lines[0]).toBe('tql demo — sample data: 200 agents, 30 teams, 1000 scheduling requests (seed 42)');
      expect(lines.filter((l) => /^ {2}(in memory|SQLite|mingo|first ids)/.test(l))).toEqual([
        `  in memory  ${reference.memory.length} of 1000 ${reference.entity} records`,
        '  SQLite     skipped (better-sqlite3 is not installed)',
        '  mingo      skipped (mingo is not installed)',
        `  first ids: ${reference.memory.slice(0, 5).join(', ')}`,
      ]);
    });
  });
}

/** The files an `exports` entry points at, through its conditions. */
function targetsOf(entry: Manifest['exports'][string]): string[] {
  return typeof entry === 'string' ? [entry] : Object.values(entry).flatMap((conditions) => Object.values(conditions));
}
