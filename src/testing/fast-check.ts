/**
 * fast-check for the modules of tql/testing, loaded once, with an error that says to install it
 * where it is missing. A static `import * as fc from 'fast-check'` would fail before any of tql
 * runs, with Node's bare "Cannot find package". The CommonJS build requires it instead
 * (fast-check-require.ts, swapped in by tsup.config.ts): each format gets the copy of fast-check
 * the application's own `import` or `require` gets, so arbitraries and global settings are shared.
 */
import type * as FastCheck from 'fast-check';
import { FAST_CHECK, fastCheckMissing, isFastCheckMissing } from './fast-check-peer.js';

async function importFastCheck(): Promise<typeof FastCheck> {
  try {
    return (await import(FAST_CHECK)) as typeof FastCheck;
  } catch (error) {
    if (isFastCheckMissing(error)) throw fastCheckMissing();
    throw error;
  }
}

/** The fast-check module, as `import * as fc from 'fast-check'` gives it. */
export const fc: typeof FastCheck = await importFastCheck();

