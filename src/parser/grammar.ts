/**
 * The TQL grammar, built on first use from the recipe that `npm run generate` compiles from
 * grammar/tql.ohm: valid queries never need it (the fast path parses them), so neither ohm-js
 * nor the grammar is loaded when the package is imported.
 */
import type { TQLGrammar } from '../../grammar/tql.ohm-bundle.js';
import { loadGrammar } from './load-ohm.js';

let grammar: TQLGrammar | undefined;

/**
 * The grammar, made on the first call.
 *
 * @example
 * ```ts
 * tqlGrammar().match('agent.name EQ john').succeeded(); // true
 * ```
 */
export function tqlGrammar(): TQLGrammar {
  return (grammar ??= loadGrammar());
}

/**
 * Whether the grammar has been made in this process: test/parser/lazy-grammar.test.ts checks
 * that valid queries never make it.
 *
 * @internal
 */
export function grammarLoaded(): boolean {
  return grammar !== undefined;
}
