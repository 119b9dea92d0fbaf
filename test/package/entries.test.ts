/**
 * One list of entry points: tsup.config.ts's `entries` is what gets built; package.json's exports
 * and typedoc.json's entry points must name exactly the same subpaths and sources.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { entries } from '../../tsup.config.js';

const read = (file: string): unknown => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));
const pkg = read('package.json') as { exports: Record<string, unknown>; main: string; module: string; types: string };
const typedoc = read('typedoc.json') as { entryPoints: string[] };

const exportKey = (name: string): string => (name === 'index' ? '.' : `./${name}`);

test('package.json exports every built entry, in ESM and CommonJS with types, and nothing else', () => {
  const expected = Object.fromEntries(
    Object.keys(entries).map((name) => [
      exportKey(name),
      {
        import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
        require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
      },
    ]),
  );
  const { ['./package.json']: self, ...exported } = pkg.exports;
  expect(self).toBe('./package.json');
  expect(exported).toEqual(expected);
  expect([pkg.main, pkg.module, pkg.types]).toEqual(['./dist/index.cjs', './dist/index.js', './dist/index.d.ts']);
});

test('typedoc documents every built entry, and nothing else', () => {
  expect(typedoc.entryPoints).toEqual(Object.values(entries));
});

describe('the README, wherever it is read', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const packed = (pkg as unknown as { files: string[] }).files;

  test('has no relative links: the registry page could not follow them', () => {
    expect([...readme.matchAll(/\]\((?!https?:|#)([^)]+)\)/g)].map((m) => m[1])).toEqual([]);
  });

  test('every docs path it names ships in the package', () => {
    const named = [...readme.matchAll(/`(docs\/[^`]+)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(5);
    for (const docsPath of named) {
      expect(existsSync(new URL(`../../${docsPath}`, import.meta.url)), docsPath).toBe(true);
      expect(packed.some((entry) => entry === docsPath.replace(/\/$/, '') || docsPath.startsWith(`${entry}/`) || (entry === 'docs/*.md' && /^docs\/[^/]+\.md$/.test(docsPath))), docsPath).toBe(true);
    }
  });
});

describe('fast-check, the optional peer of tql/testing', () => {
  const manifest = pkg as unknown as { peerDependencies: Record<string, string>; peerDependenciesMeta: Record<string, { optional?: boolean }> };

  test('is a peer dependency the application may leave out', () => {
    expect(manifest.peerDependencies['fast-check']).toBeDefined();
    expect(manifest.peerDependenciesMeta['fast-check']).toEqual({ optional: true });
  });

  test('is imported by src/testing only, so no other entry point needs it', () => {
    const importers = readdirSync(new URL('../../src', import.meta.url), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.startsWith('testing/'))
      .filter((file) => /from '(?:fast-check|@fast-check\/[^']+)'/.test(readFileSync(new URL(`../../src/${file}`, import.meta.url), 'utf8')));
    expect(importers).toEqual([]);
  });
});
