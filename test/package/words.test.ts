/**
 * What the package says. The shipped files (what `npm pack` lists, with src/ standing for the
 * dist/ it builds) speak of the product: no history of the work that made it, no tools outside
 * the project by name, and none of the bench's notebook. And the generic code (src/ outside
 * src/models/scheduling) does not name the reference model, except in examples.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, run } from './packing.js';

/** Every file under `dir` (relative to the repository), recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

/** The files `npm pack` would ship, without dist/ (built from src/, which stands for it here). */
function packedSources(): string[] {
  const [pack] = JSON.parse(run('npm', ['pack', '--dry-run', '--ignore-scripts', '--json'], ROOT)) as [{ files: { path: string }[] }];
  const packed = pack.files.map((f) => f.path).filter((p) => !p.startsWith('dist/'));
  return [...packed, ...filesUnder('src')];
}

const SHIPPED = packedSources();
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Words that tell how the work was organised, or name tools that are not the project's. */
const HISTORY_WORDS: readonly RegExp[] = [
  /\brounds? of work\b/i,
  /\b(?:this|earlier|previous|last) round\b/i,
  /\bsessions? \d+/i,
  /\b(?:this|that|another|other|earlier|previous|next|last) sessions?\b/i,
  /\bhelper's\b|\bhelper (?:session|agent|engineer)s?\b/i,
  /\bsprints?\b/i,
  /\b(?:last|next|this) week\b/i,
  // The project's own issues; a GitHub issue in an example is data.
  /(?<!GitHub )\bissue #?\d+/i,
  // Tools that are not the project's, by their commands: a reader could not run them.
  /\bfarm-\w+/i,
  /\bissues (?:show|list|new|comment)\b/i,
  /\bduplicates --\w+/i,
];

/** The first day of the project's history: a calendar date from then on is a date of the work. */
const PROJECT_START = '2026-11-22';
const DATE = /\b(20\d\d-[01]\d-[0-3]\d)\b/g;

/**
 * The one place a date of the work may appear: the run a generated results table shows, as the
 * full instant the bench wrote (`| run | 2026-…T…Z`, `; run 2026-…T…Z`) on docs/performance.md.
 */
const RUN_INSTANT = /\brun (?:\| )?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;

/** `file:line: text` for every line of the shipped files where `find` reports something. */
function findings(find: (line: string, file: string) => string | undefined): string[] {
  return SHIPPED.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, i) => {
        const found = find(line, file);
        return found === undefined ? [] : [`${file}:${i + 1}: ${found}`];
      }),
  );
}

describe('the shipped files', () => {
  test('are what npm pack lists: README, bin, grammar, docs and what src/ builds', () => {
    expect(SHIPPED).toEqual(expect.arrayContaining(['README.md', 'bin/tql.js', 'grammar/tql.ohm', 'docs/performance.md', 'src/index.ts']));
    expect(SHIPPED.filter((f) => f.startsWith('bench/') || f.startsWith('test/'))).toEqual([]);
  });

  test('tell no history of the work and name no tool outside the project', () => {
    expect(findings((line) => HISTORY_WORDS.map((w) => w.exec(line)?.[0]).find((m) => m !== undefined))).toEqual([]);
  });

  test(`carry no date from ${PROJECT_START} on, but the run a generated results table shows`, () => {
    const today = new Date().toISOString().slice(0, 10);
    const dates = findings((line, file) => {
      const text = file === 'docs/performance.md' ? line.replace(RUN_INSTANT, '') : line;
      return [...text.matchAll(DATE)].map((m) => m[1]!).find((d) => d >= PROJECT_START && d <= today);
    });
    expect(dates).toEqual([]);
  });

  test('hold none of the bench notebook (bench/NOTEBOOK.md)', () => {
    // Paragraphs and list items, whitespace folded: a long one found in a shipped file was copied.
    const blocks = (text: string) =>
      text
        .split(/\n\s*\n|\n(?=\s*- )/)
        .map((b) => b.replace(/\s+/g, ' ').trim())
        .filter((b) => b.length >= 200);
    const notebook = blocks(read('bench/NOTEBOOK.md'));
    expect(notebook.length).toBeGreaterThan(20);
    const shipped = SHIPPED.filter((f) => f.endsWith('.md')).flatMap((f) => blocks(read(f)).map((b) => ({ f, b })));
    expect(shipped.filter(({ b }) => notebook.includes(b)).map(({ f, b }) => `${f}: ${b.slice(0, 80)}…`)).toEqual([]);
  });
});

/** Names that belong to the reference model: its entities and its ids' prefixes. */
const MODEL_NAMES = /scheduling|agnt_|sreq_|team_/;

/**
 * Generic files that name the reference model on purpose, each with why. A line of an `@example`
 * block needs no entry: examples run against the reference model, as the docs do.
 */
const ALLOWED: readonly { readonly file: string; readonly line: RegExp; readonly why: string }[] = [
  { file: 'src/schema/define-schema.ts', line: /agnt_/, why: 'the shape of an id prefix, shown by example in a message' },
  { file: 'src/schema/types.ts', line: /agnt_|team_|scheduling_request/, why: 'the doc comments show names and id prefixes by example' },
  { file: 'src/validate/values.ts', line: /agnt_/, why: 'the shape of an id prefix, shown by example' },
  { file: 'src/backends/sql/define-mapping.ts', line: /scheduling_request\./, why: 'the path of an entry and a message, shown by example' },
  { file: 'src/backends/sql/database.ts', line: /schedulingDdl\[/, why: 'a table keyed by dialect, shown by example' },
  { file: 'src/backends/sql/mapping.ts', line: /scheduling_request/, why: 'a doc comment shows a mapping by example' },
  { file: 'src/backends/sql/dialects.ts', line: /scheduling DDL/, why: 'the reference DDL is where the collation rule is shown to hold' },
  // The CLI is the reference model's front end as much as a generic tool: its default schema,
  // SQL mapping and sample data are the reference model's (docs/cli.md), and --schema replaces them.
  { file: 'src/cli/run.ts', line: /scheduling/, why: 'the program says which models it works on by default' },
  { file: 'src/cli/schema-option.ts', line: /scheduling/, why: 'the default schema and SQL mapping' },
  { file: 'src/cli/query-input.ts', line: /scheduling/, why: 'the default schema and its default entity' },
  { file: 'src/cli/commands/demo.ts', line: /scheduling/, why: 'the demo runs on the sample data' },
  { file: 'src/cli/commands/explain.ts', line: /scheduling|sreq_/, why: '--id looks in the sample data' },
  { file: 'src/cli/commands/filter.ts', line: /scheduling/, why: 'without --input, the sample data is filtered' },
  { file: 'src/cli/commands/check-records.ts', line: /scheduling/, why: 'without --input, the sample data is checked' },
  { file: 'src/cli/commands/check-mapping.ts', line: /scheduling tables/, why: 'the default tables and mapping' },
  { file: 'src/cli/commands/indexes.ts', line: /scheduling DDL/, why: 'the default tables and mapping' },
];

/**
 * Lines of doc-comment examples: an `@example` block (to the next tag or the end of the
 * comment), or a fenced code block inside a comment.
 */
function exampleLines(lines: readonly string[]): Set<number> {
  const inExample = new Set<number>();
  let tag = false;
  let fence = false;
  lines.forEach((line, i) => {
    const comment = /^\s*\*( |$)/.test(line);
    if (/^\s*\*\s*```/.test(line)) fence = !fence;
    if (/^\s*\*\s*@example\b/.test(line)) tag = true;
    else if (/^\s*\*\s*@\w+/.test(line) || /\*\//.test(line)) tag = false;
    if (!comment) fence = false;
    if (tag || fence) inExample.add(i);
  });
  return inExample;
}

/** Help text's example commands (`  tql sql 'scheduling_request.status …'`): examples, as above. */
const COMMAND_EXAMPLE = /^\s*tql \w+ /;

describe('the generic code', () => {
  const generic = filesUnder('src').filter((f) => f.endsWith('.ts') && !f.startsWith('src/models/scheduling/'));

  test('names the reference model only in examples and where ALLOWED says why', () => {
    const named = generic.flatMap((file) => {
      const lines = read(file).split('\n');
      const examples = exampleLines(lines);
      return lines.flatMap((line, i) => {
        if (!MODEL_NAMES.test(line) || examples.has(i) || COMMAND_EXAMPLE.test(line)) return [];
        if (ALLOWED.some((a) => a.file === file && a.line.test(line))) return [];
        return [`${file}:${i + 1}: ${line.trim()}`];
      });
    });
    expect(named).toEqual([]);
  });

  test.for(ALLOWED)('$file still names it ($why)', ({ file, line }) => {
    expect(read(file).split('\n').some((l) => line.test(l))).toBe(true);
  });
});
