/**
 * The field and list slots past the first few (field-slots-more.ts), loaded when a process first
 * reads more keys than field-slots.ts has slots for. Every slot is code that an import would
 * otherwise parse and compile: together they were about a tenth of a cold start, and most
 * processes' first queries read a key or three (docs/performance.md).
 */
import { optionalNodeRequire } from '../../node-require.js';
import type { MakeListSlot, Slot } from './field-slot-types.js';
import { MORE_FIELD_SLOTS, MORE_LIST_SLOTS } from './field-slots-more.js';

/**
 * Set by tsup.config.ts to the built file of field-slots-more.ts (`./field-slots.cjs`, beside the
 * chunks); undefined when the sources run or are bundled otherwise. In the build the test below
 * is constant, so the bundler leaves field-slots-more.ts out of the chunks, as grammar.ts does
 * with ohm-js.
 */
declare const TQL_MORE_SLOTS_FILE: string | undefined;

/** What field-slots-more.ts exports. */
export interface MoreSlots {
  readonly MORE_FIELD_SLOTS: readonly Slot[];
  readonly MORE_LIST_SLOTS: readonly MakeListSlot[];
}

/** No more slots: where the built package cannot load a file synchronously (a browser bundle of dist/). */
const NONE: MoreSlots = { MORE_FIELD_SLOTS: [], MORE_LIST_SLOTS: [] };

let loaded: MoreSlots | undefined;

/**
 * The rest of the slot pools, loaded on the first call. Where no file can be loaded, none: the
 * keys read after the first few share the shared slot, which answers the same with slower reads.
 *
 * @example
 * ```ts
 * moreSlots().MORE_FIELD_SLOTS.length; // 21
 * ```
 */
export function moreSlots(): MoreSlots {
  return (loaded ??= loadMoreSlots());
}

function loadMoreSlots(): MoreSlots {
  if (typeof TQL_MORE_SLOTS_FILE === 'string') {
    // tsup gives the CommonJS chunks an import.meta.url of their own file too.
    const require = optionalNodeRequire(import.meta.url);
    return require === undefined ? NONE : (require(TQL_MORE_SLOTS_FILE) as MoreSlots);
  }
  return { MORE_FIELD_SLOTS, MORE_LIST_SLOTS };
}
