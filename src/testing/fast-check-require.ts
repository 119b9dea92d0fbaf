/**
 * fast-check.ts for tql/testing's CommonJS build (tsup.config.ts swaps it in): the same `fc`,
 * required, since CommonJS has no top-level await.
 */
import type * as FastCheck from 'fast-check';
import { FAST_CHECK, fastCheckMissing, isFastCheckMissing } from './fast-check-peer.js';

function requireFastCheck(): typeof FastCheck {
  try {
    return require(FAST_CHECK) as typeof FastCheck;
  } catch (error) {
    if (isFastCheckMissing(error)) throw fastCheckMissing();
    throw error;
  }
}

/** The fast-check module, as `require('fast-check')` gives it. */
export const fc: typeof FastCheck = requireFastCheck();
