/**
 * Every `console` example of docs/cli.md runs as written and prints exactly what the page shows:
 * `$ tql …` lines are commands (a trailing `# exit N` gives the exit status, 0 otherwise), the
 * lines after them its standard output followed by its standard error.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { codeBlocks } from '../docs/markdown-examples.js';
import { tql } from './capture.js';

const PAGE = 'docs/cli.md';
const markdown = readFileSync(new URL(`../../${PAGE}`, import.meta.url), 'utf8');

interface ConsoleExample {
  readonly argv: string[];
  readonly exit: number;
  readonly output: string;
  readonly line: number;
}

/**
 * The words of a command line as a POSIX shell splits them: single quotes keep everything,
 * double quotes keep everything but `\"` and `\\`, and `#` at the start of a word begins a comment.
 */
export function shellWords(line: string): { words: string[]; comment: string } {
  const words: string[] = [];
  let word: string | undefined;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ') {
      if (word !== undefined) words.push(word);
      word = undefined;
      i++;
    } else if (c === '#' && word === undefined) {
      return { words, comment: line.slice(i + 1).trim() };
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw new Error(`unclosed ' in ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      let text = '';
      while (line[j] !== '"') {
        if (j >= line.length) throw new Error(`unclosed " in ${line}`);
        if (line[j] === '\\' && (line[j + 1] === '"' || line[j + 1] === '\\')) j++;
        text += line[j];
        j++;
      }
      word = (word ?? '') + text;
      i = j + 1;
    } else {
      word = (word ?? '') + c;
      i++;
    }
  }
  if (word !== undefined) words.push(word);
  return { words, comment: '' };
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

  test('has examples of every command but demo', () => {
    expect(new Set(all.map((e) => e.argv[0]))).toEqual(new Set(['check', 'format', 'sql', 'mongo', 'filter', 'explain']));
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
