/**
 * ohm-js and the grammar's recipe, which only a text the fast path rejects needs (to word its
 * error). The built package makes this module a file of its own, dist/ohm.cjs, that the first
 * such text loads (grammar.ts); the bundle of the rest never carries ohm-js's 250 KB, which V8
 * would otherwise scan at every import (cold start, docs/performance.md).
 */
import type { Grammar } from 'ohm-js';
import type { TQLGrammar } from '../../grammar/tql.ohm-bundle.js';
import recipe from '../../grammar/tql.ohm-recipe.js';
import { nodeRequire } from '../node-require.js';

// makeRecipe is what generated bundles call; ohm-js 17.5 does not declare it.
type Ohm = typeof import('ohm-js') & { makeRecipe(recipe: unknown): Grammar };

declare const require: ((id: 'ohm-js') => Ohm) | undefined;

/**
 * The TQL grammar, made from its recipe by ohm-js (each call makes a new one).
 *
 * @example
 * ```ts
 * makeTqlGrammar().match('agent.name EQ john').succeeded(); // true
 * ```
 */
export function makeTqlGrammar(): TQLGrammar {
  return requireOhm().makeRecipe(recipe) as TQLGrammar;
}

function requireOhm(): Ohm {
  try {
    // A literal require: the bundlers that build dist/ohm.cjs and the playground include ohm-js
    // in their output; vitest provides require.
    return require!('ohm-js');
  } catch (error) {
    if (!(error instanceof ReferenceError || error instanceof TypeError)) throw error;
  }
  // ES modules run from source by tsx (the CLI and the server in a checkout) have no require.
  return nodeRequire(import.meta.url)('ohm-js') as Ohm;
}
