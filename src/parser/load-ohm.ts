/**
 * ohm-js, loaded on the first call rather than when tql is imported: the fast path parses every
 * valid query, so only a text it rejects needs Ohm (to word the error), and loading ohm-js is
 * about half of tql's import time (docs/performance.md, cold start).
 */
import type { Grammar } from 'ohm-js';

// makeRecipe is what generated bundles call; ohm-js 17.5 does not declare it.
type Ohm = typeof import('ohm-js') & { makeRecipe(recipe: unknown): Grammar };

declare const require: ((id: 'ohm-js') => Ohm) | undefined;

/**
 * The ohm-js module, loaded once.
 *
 * @example
 * ```ts
 * const grammar = loadOhm().makeRecipe(recipe);
 * ```
 */
export function loadOhm(): Ohm {
  try {
    // A literal require: the bundlers that build dist/ and the playground include ohm-js in
    // their output and run its code only when this line first runs; vitest provides require.
    return require!('ohm-js');
  } catch (error) {
    if (!(error instanceof ReferenceError || error instanceof TypeError)) throw error;
  }
  // ES modules run from source by tsx (the CLI and the server in a checkout) have no require.
  return nodeRequire()('ohm-js');
}

interface NodeProcess {
  getBuiltinModule?(id: 'node:module'): { createRequire(from: string): (id: 'ohm-js') => Ohm };
}

function nodeRequire(): (id: 'ohm-js') => Ohm {
  const process = (globalThis as { process?: NodeProcess }).process;
  const module = process?.getBuiltinModule?.('node:module');
  if (module === undefined) throw new Error('tql cannot load ohm-js here: no require() and no process.getBuiltinModule (Node 20.16 or later).');
  return module.createRequire(import.meta.url);
}
