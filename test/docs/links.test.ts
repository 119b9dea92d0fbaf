/**
 * docs/README.md indexes every page, and the links between pages lead somewhere: to a page that
 * exists (and a heading on it, for `page.md#heading`) or to one the index lists as planned.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

const DOCS = new URL('../../docs/', import.meta.url);
const read = (page: string) => readFileSync(new URL(page, DOCS), 'utf8');

/** The pages the index must list, whoever writes them. */
const INDEXED = ['language.md', 'schema.md', 'backends.md', 'errors.md', 'performance.md', 'cli.md', 'server.md', 'grammar.md'];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
function anchors(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/^( *)```[\s\S]*?^\1```$/gm, '');
  return new Set(
    [...withoutCode.matchAll(/^#{1,6} +(.+)$/gm)].map((m) =>
      m[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}

/** Relative links to markdown pages: `[text](page.md#anchor)` and `[text](#anchor)`. */
function links(markdown: string): { page: string; anchor: string | undefined }[] {
  return [...markdown.matchAll(/\]\((?!https?:)([^)\s#]*\.md)?(?:#([^)\s]+))?\)/g)]
    .filter((m) => m[1] !== undefined || m[2] !== undefined)
    .map((m) => ({ page: m[1] ?? '', anchor: m[2] }));
}

const pages = readdirSync(DOCS).filter((f) => f.endsWith('.md'));
const index = read('README.md');
const indexed = new Set(links(index).map((l) => l.page));

describe('docs/README.md', () => {
  test.for(INDEXED)('links %s', (page) => {
    expect(indexed.has(page)).toBe(true);
  });

  test('links every page in docs/', () => {
    expect(pages.filter((p) => p !== 'README.md' && !indexed.has(p)), 'pages to add to the table of docs/README.md').toEqual([]);
  });
});

describe('links between docs pages', () => {
  test.for(pages)('every link of %s leads to a page and heading', (page) => {
    const broken = links(read(page)).filter(({ page: target, anchor }) => {
      const file = target === '' ? page : target;
      if (!existsSync(new URL(file, DOCS))) return !INDEXED.includes(file);
      return anchor !== undefined && !anchors(read(file)).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});
