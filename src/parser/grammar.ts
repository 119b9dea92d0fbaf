/**
 * The TQL grammar, built on first use from the recipe that `npm run generate` compiles from
 * grammar/tql.ohm: the fast path parses every valid query, so only a text it rejects needs Ohm
 * (to word the error), and ohm-js with the grammar is most of what an import of tql would
 * otherwise read (cold start, docs/performance.md).
 */
import type { TQLGrammar } from '../../grammar/tql.ohm-bundle.js';
import { nodeRequire } from '../node-require.js';
import { makeTqlGrammar } from './ohm-grammar.js';

/**
 * Set by tsup.config.ts to the built file of ohm-grammar.ts (`./ohm.cjs`, beside the chunks);
 * undefined when the sources run (vitest, tsx) or are bundled otherwise (the playground). In the
 * build the test below is constant, so the bundler leaves ohm-grammar.ts out of the chunks
 * (ohm-js is external there and the recipe a pure expression).
 */
declare const TQL_OHM_GRAMMAR_FILE: string | undefined;

interface OhmGrammarFile {
  readonly makeTqlGrammar: typeof makeTqlGrammar;
}

let grammar: TQLGrammar | undefined;

/**
 * The grammar, made on the first call; in the built package, from dist/ohm.cjs.
 *
 * @example
 * ```ts
 * tqlGrammar().match('agent.name EQ john').succeeded(); // true
 * ```
 */
export function tqlGrammar(): TQLGrammar {
  return (grammar ??= loadGrammar());
}

function loadGrammar(): TQLGrammar {
  if (typeof TQL_OHM_GRAMMAR_FILE === 'string') {
    // tsup gives the CommonJS chunks an import.meta.url of their own file too.
    return (nodeRequire(import.meta.url)(TQL_OHM_GRAMMAR_FILE) as OhmGrammarFile).makeTqlGrammar();
  }
  return makeTqlGrammar();
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
