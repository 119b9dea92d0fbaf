/**
 * Every `console` example of docs/cli.md runs as written and prints exactly what the page shows:
 * `$ tql …` lines are commands (a trailing `# exit N` gives the exit status, 0 otherwise), the
 * lines after them its standard output followed by its standard error.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { codeBlocks } from '../docs/markdown-examples.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { DIALECT_CHOICES } from '../../src/cli/sql-options.js';
import { tql } from './capture.js';
import { shellWords } from './shell-words.js';

const PAGE = 'docs/cli.md';
const markdown = readFileSync(new URL(`../../${PAGE}`, import.meta.url), 'utf8');

interface ConsoleExample {
  readonly argv: string[];
  readonly exit: number;
  readonly output: string;
  readonly line: number;
}

function examples(): ConsoleExample[] {
  return codeBlocks(markdown)
    .filter((b) => b.lang === 'console')
    .flatMap((b) => {
      const out: ConsoleExample[] = [];
      const lines = b.body.split('\n');
      lines.forEach((l, i) => {
        if (!l.startsWith('$ ')) return;
        const { words, comment } = shellWords(l.slice(2));
        if (words[0] !== 'tql') throw new Error(`${PAGE}:${b.line + 1 + i}: a console example runs tql, not ${words[0]}`);
        const exit = /^exit (\d+)$/.exec(comment);
        let end = lines.findIndex((x, j) => j > i && x.startsWith('$ '));
        if (end === -1) end = lines.length;
        out.push({ argv: words.slice(1), exit: exit === null ? 0 : Number(exit[1]), output: lines.slice(i + 1, end).join('\n'), line: b.line + 1 + i });
      });
      return out;
    });
}

describe(PAGE, () => {
  const all = examples();

  // demo prints a long run and indexes the whole DDL advice (test/cli/indexes.test.ts pins it).
  test('has examples of every command but demo and indexes', () => {
    const shown = COMMANDS.map((c) => c.name).filter((name) => name !== 'demo' && name !== 'indexes');
    expect(new Set(all.map((e) => e.argv[0]))).toEqual(new Set(shown));
  });

  test('every --dialect list names the dialects of the code (SQL_DIALECTS), in order', () => {
    const lists = [...markdown.matchAll(/--dialect <?([a-z]+(?:\\?\|[a-z]+)+)/g)].map((m) => m[1]!.replaceAll('\\|', '|'));
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(new Set(lists)).toEqual(new Set([DIALECT_CHOICES]));
  });

  test.for(all)(`${PAGE}:$line tql $argv`, async (example) => {
    const r = await tql(example.argv);
    expect(`${r.stdout}${r.stderr}`.replace(/\n$/, '')).toBe(example.output);
    expect(r.code).toBe(example.exit);
  });

  test.for<[string, string[]]>([
    ['agent.name~LIKE~john', ['agent.name~LIKE~john']],
    ["a 'b c' \"d \\\"e\\\"\" f'g'h # exit 1", ['a', 'b c', 'd "e"', 'fgh']],
  ])('shellWords(%j)', ([line, words]) => {
    expect(shellWords(line).words).toEqual(words);
  });
});
