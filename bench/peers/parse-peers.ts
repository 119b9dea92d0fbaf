/** The peers' parsers (and compilers, where parsing and compiling are one call). */
import { compileExpression } from 'filtrex';
import { parse as liqeParse } from 'liqe';
import { parse as rsqlParse } from '@rsql/parser';
import { parse as celParse } from '@marcbachmann/cel-js';
import type { Language } from '../workloads/query-shapes.js';

export interface ParsePeer {
  readonly id: string;
  readonly label: string;
  readonly language: Exclude<Language, 'tql'>;
  readonly run: (text: string) => unknown;
}

const like = (text: unknown, needle: unknown) => typeof text === 'string' && typeof needle === 'string' && text.includes(needle);

/** In the order the tables list them. */
export const PARSE_PEERS: readonly ParsePeer[] = [
  { id: 'liqe', label: 'liqe 3: parse', language: 'liqe', run: (text) => liqeParse(text) },
  { id: 'rsql', label: '@rsql/parser 1: parse', language: 'rsql', run: (text) => rsqlParse(text) },
  {
    id: 'filtrex',
    label: 'filtrex 3: compileExpression',
    language: 'filtrex',
    run: (text) => compileExpression(text, { extraFunctions: { like } }),
  },
  { id: 'cel', label: '@marcbachmann/cel-js 8: parse', language: 'cel', run: (text) => celParse(text) },
];
