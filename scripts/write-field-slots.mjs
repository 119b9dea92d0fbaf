// Writes src/backends/memory/field-slots.ts: SLOT_COUNT copies of one function literal, so that
// each key of a record read by compiled predicates gets code of its own (V8 shares inline caches
// between closures of one literal, never between literals; src/backends/memory/field-reader.ts).
// Run by `npm run generate`; test/backends/memory/field-chain.test.ts checks the file is current.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Enough for the 22 keys the scheduling models read, with room; every slot costs start-up time
 * (the file is parsed at import: about 0.15 ms per slot, measured as whole processes).
 */
export const SLOT_COUNT = 24;

/**
 * The links of a chain (field-chain.ts), by name: their parameters before `want, next, retry`,
 * and the test of the value `x` read at the key. Only the tests that run on many records have a
 * link (long lists and LIKE needles without a regex take the general path): each link is
 * written once per slot, and the file's size is start-up time. Keep in step with `FieldSlot` in
 * field-slot-types.ts (the type check of the generated file fails otherwise).
 */
const LINKS = [
  ['equals', 'v', 'x === v'],
  ['oneOfTwo', 'a, b', '(x === a || x === b)'],
  ['oneOfThree', 'a, b, c', '(x === a || x === b || x === c)'],
  ['isString', '', "typeof x === 'string'"],
  ['isNumber', '', 'finite(x)'],
  ['isBoolean', '', "typeof x === 'boolean'"],
  ['lessThan', 'b', 'finite(x) && (x as number) < b'],
  ['atMost', 'b', 'finite(x) && (x as number) <= b'],
  ['greaterThan', 'b', 'finite(x) && (x as number) > b'],
  ['atLeast', 'b', 'finite(x) && (x as number) >= b'],
  ['matches', 're', "typeof x === 'string' && re.test(x)"],
  // A Timestamp stored as numbers (instant-test.ts): a number inline, anything else by `other`.
  ['numberWindow', 'lo, hi, other', "(typeof x === 'number' ? x >= lo && x < hi : other(x))"],
  // Tests that are a call anyway: a Date's time, an ISO text, a uuid's case.
  ['satisfies', 'ok', 'ok(x)'],
];

const link = ([name, params, test]) => `      ${name}: (${params === '' ? '' : `${params}, `}want, next, retry) => (r) => {
        try {
          const x = (r as Rec)[k], p = gp(r as object);
          return (${test} && owns(r, p)) === want && next(r);
        } catch {
          return retry(r);
        }
      },`;

/**
 * One slot: the key's reader and own check, and the links. A link reads first and checks the
 * record is an object only after the test passed (the check cost about a third of the read when
 * it came first): reading null or undefined throws, and \`retry\` answers for them. The prototype
 * is taken right after the read, where the optimizing compiler knows the record's map and folds
 * it to a constant; after the branches of a list test it no longer knows it, and the call cost
 * 9 ns per record.
 */
const SLOT = `(k) => {
    // Copied into the slot's own scope: constants there, which the optimizing compiler folds
    // (bundlers turn module constants into mutable variables, and calls through those stay calls).
    const gp = getPrototypeOf, ho = hasOwn, OP = OBJECT_PROTOTYPE, finite = isFinite;
    // After a passing test: the record is an object (a primitive has no values) and the value its
    // own. \`p\` is the prototype, taken by the link right after its read (see above).
    const owns = (r: unknown, p: unknown) => typeof r === 'object' && ((p === OP && !(k in OP)) || ho(r as object, k));
    return {
      read: (r) => r[k],
      own: (r) => owns(r, gp(r)),
${LINKS.map(link).join('\n')}
    };
  }`;

/**
 * Enough for the lists the scheduling models read (resources, scheduled_agents,
 * associated_entities), with room. Lists have slots of their own so that the field slots, one
 * per key of every record, do not carry the scan's code.
 */
export const LIST_SLOT_COUNT = 6;

/**
 * One list slot: the scan of the list at the key for an element with a tag and a value, and the
 * chain's link of an equality on such elements. The scan reads the element's tag and value inline,
 * as a hand-written \`.some()\` arrow does; only where it finds one that may count does the
 * caller's exact test (sources.ts) run, with its own-property checks.
 */
const LIST_SLOT = `(k) => {
    // Module constants copied into the slot's own scope, as in a field slot.
    const some = ARRAY_SOME, most = MAX_SCAN;
    const holdsEqual = (tk: string, tag: string, vk: string, v: Scalar) => {
      const candidate = (e: unknown) => e != null && (e as Rec)[tk] === tag && (e as Rec)[vk] === v;
      return (r: object) => {
        const list = (r as Rec)[k] as readonly unknown[] | null | undefined;
        if (typeof list !== 'object' || list === null) return false;
        // A list with a \`some\` of its own, or too long to scan unchecked: the exact test decides.
        if (list.some !== some || list.length > most) return true;
        return list.some(candidate);
      };
    };
    return {
      holdsEqual,
      someEqual: (tk, tag, vk, v, other, exact, want, next, retry) => {
        const here = holdsEqual(tk, tag, vk, v);
        return (r) => {
          try {
            const maybe = here(r as object) || (other !== undefined && other(r as object));
            return (maybe && typeof r === 'object' && exact(r as object)) === want && next(r);
          } catch {
            return retry(r);
          }
        };
      },
    };
  }`;

/** The file's text. */
export function fieldSlotsSource() {
  const slots = Array.from({ length: SLOT_COUNT }, () => `  ${SLOT},`).join('\n');
  const lists = Array.from({ length: LIST_SLOT_COUNT }, () => `  ${LIST_SLOT},`).join('\n');
  return `// Generated by scripts/write-field-slots.mjs (npm run generate): do not edit.
// ${SLOT_COUNT} copies of one function literal, and ${LIST_SLOT_COUNT} of another, on purpose; field-reader.ts says why.
import type { MakeListSlot, Slot } from './field-slot-types.js';
import type { Scalar } from '../../validate/validated-query.js';
import { MAX_UNCHECKED_SCAN } from './element-scan.js';

type Rec = Readonly<Record<string, unknown>>;

const hasOwn: (object: object, key: string) => boolean = Object.hasOwn;
const getPrototypeOf: (object: object) => unknown = Object.getPrototypeOf;
const isFinite: (value: unknown) => boolean = Number.isFinite;
const OBJECT_PROTOTYPE: Readonly<Record<string, unknown>> = Object.prototype as Readonly<Record<string, unknown>>;
const ARRAY_SOME = Array.prototype.some;
/** The longest list scanned before it is known to be an array (element-scan.ts). */
const MAX_SCAN = MAX_UNCHECKED_SCAN;

/** One slot per literal: a key gets the next one (field-reader.ts). */
export const SLOTS: readonly Slot[] = [
${slots}
];

/** One list slot per literal: a list's key gets the next one (field-reader.ts). */
export const LIST_SLOTS: readonly MakeListSlot[] = [
${lists}
];
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = fileURLToPath(new URL('../src/backends/memory/field-slots.ts', import.meta.url));
  writeFileSync(out, fieldSlotsSource());
}
