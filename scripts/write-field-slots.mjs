// Writes src/backends/memory/field-slots.ts and field-slots-more.ts, build artifacts (not in
// git): FIELD_SLOT_POOL + 1 copies of one function literal, so that each key a process reads gets
// code of its own (V8 shares inline caches between closures of one literal, never between
// literals; src/backends/memory/field-reader.ts). The first few copies load with tql/memory, the
// rest when a process reads more keys than those (src/backends/memory/more-slots.ts). The tests in the links are not written here: each is
// copied from its one definition, INLINE_TESTS in src/backends/memory/value-test.ts.
// Run by `npm run generate` (and so by `npm test` and `npm run build`); test/backends/memory/
// field-chain.test.ts checks the file is current.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * How many keys get a field slot of their own, in the order a process first reads them; every
 * key after those shares one more copy, the fallback (correct, but its loads see many keys and
 * go megamorphic: about 30 ns a read instead of 1). A budget, not a schema's size: each slot is
 * parsed at import (about 0.15 ms per slot, measured as whole processes), and a process rarely
 * filters on more distinct keys than this. Raise it for a schema whose hot queries read more.
 */
export const FIELD_SLOT_POOL = 24;

/**
 * How many list keys (a collection attribute's `arrays`) get a list slot of their own, as
 * {@link FIELD_SLOT_POOL}; lists have slots of their own so that the field slots do not carry
 * the scan's code.
 */
export const LIST_SLOT_POOL = 6;

/**
 * How many of the pools' slots load with tql/memory (field-slots.ts); the others are in
 * field-slots-more.ts, which the built package loads when a process reads a key past these. Every
 * slot is code parsed and compiled at import: all of them cost about 3.5 ms of a cold start, and
 * most processes' first queries read a key or three.
 */
export const FIELD_SLOTS_AT_IMPORT = 3;
export const LIST_SLOTS_AT_IMPORT = 1;

/** Where the tests are defined, and the block of them the links copy. */
const DEFINITIONS = new URL('../src/backends/memory/value-test.ts', import.meta.url);
const BLOCK_START = 'export const INLINE_TESTS = {';
const BLOCK_END = '} as const;';
const ENTRY = /^ {2}(\w+): \((.*?)\) => \(x: unknown\) => (.+),$/;

/** The names of a parameter list such as `lo: number, other: (x: unknown) => boolean`. */
function parameterNames(list) {
  const names = [];
  let depth = 0;
  let part = '';
  for (const ch of `${list},`) {
    if ('(<[{'.includes(ch)) depth++;
    if (')>]}'.includes(ch) && !(ch === '>' && part.endsWith('='))) depth--;
    if (ch === ',' && depth === 0) {
      if (part.trim() !== '') names.push(part.split(':')[0].trim());
      part = '';
    } else part += ch;
  }
  return names;
}

/**
 * The inline tests of value-test.ts as `{ name, params, test }`, in their order. Fails on a line
 * of the block that is not one entry, so a definition written another way is never skipped.
 */
export function inlineTests(source = readFileSync(DEFINITIONS, 'utf8')) {
  const start = source.indexOf(BLOCK_START);
  const end = source.indexOf(BLOCK_END, start);
  if (start < 0 || end < 0) throw new Error(`write-field-slots: no "${BLOCK_START} … ${BLOCK_END}" in value-test.ts`);
  const lines = source.slice(start + BLOCK_START.length, end).split('\n').filter((l) => l.trim() !== '');
  return lines.map((line) => {
    const m = ENTRY.exec(line);
    if (m === null) throw new Error(`write-field-slots: not one inline test on one line: ${line.trim()}`);
    return { name: m[1], params: parameterNames(m[2]), test: m[3] };
  });
}

const link = ({ name, params, test }) => `      ${name}: (${[...params, 'positive, next, onThrow'].join(', ')}) => (record) => {
        try {
          const x = (record as AnyRecord)[k], proto = prototypeOf(record as object);
          return ((${test}) && owns(record, proto)) === positive && next(record);
        } catch {
          return onThrow(record);
        }
      },`;

/**
 * One slot: the key's reader and own check, and the links. A link reads first and checks the
 * record is an object only after the test passed (the check cost about a third of the read when
 * it came first): reading null or undefined throws, and `onThrow` answers for them. The prototype
 * is taken right after the read, where the optimizing compiler knows the record's map and folds
 * it to a constant; after the branches of a list test it no longer knows it, and the call cost
 * 9 ns per record.
 */
const slot = (tests) => `(k) => {
    // Copied into the slot's own scope: constants there, which the optimizing compiler folds
    // (bundlers turn module constants into mutable variables, and calls through those stay calls).
    const prototypeOf = getPrototypeOf, hasOwnKey = hasOwn, objectPrototype = OBJECT_PROTOTYPE, finite = isFinite;
    // After a passing test: the record is an object (a primitive has no values) and the value its
    // own. \`proto\` is the prototype, taken by the link right after its read (see above).
    const owns = (record: unknown, proto: unknown) =>
      typeof record === 'object' && ((proto === objectPrototype && !(k in objectPrototype)) || hasOwnKey(record as object, k));
    return {
      read: (record) => record[k],
      own: (record) => owns(record, prototypeOf(record)),
${tests.map(link).join('\n')}
    };
  }`;

/**
 * One list slot: the scan of the list at the key for an element with a tag and a value, and the
 * chain's link of an equality on such elements. The scan is a loop that reads each element's tag
 * and value inline, with no call per element; only where it finds one that may count does the
 * caller's exact test (sources.ts) run, with its own-property checks.
 */
const listSlot = ({ params: [value], test }) => `(k) => {
    // Module constants copied into the slot's own scope, as in a field slot.
    const some = ARRAY_SOME, longestUnchecked = MAX_SCAN;
    const holdsEqual = (tagKey: string, tag: string, valueKey: string, ${value}: Scalar) =>
      (record: object) => {
        const list = (record as AnyRecord)[k] as readonly unknown[] | null | undefined;
        if (typeof list !== 'object' || list === null) return false;
        const n = list.length;
        // A list with a \`some\` of its own, a length that is no number, or too long to scan
        // unchecked: the exact test decides.
        if (list.some !== some || typeof n !== 'number' || n > longestUnchecked) return true;
        // A loop, not \`some\` with a callback: no call per element. A hole reads the prototype
        // (undefined, or a polluted index), which can only make a candidate the exact test refuses.
        for (let i = 0; i < n; i++) {
          const e = list[i];
          if (e == null || (e as AnyRecord)[tagKey] !== tag) continue;
          // The element's value \`x\` is tested by the definition of \`equals\` (value-test.ts).
          const x = (e as AnyRecord)[valueKey];
          if (${test}) return true;
        }
        return false;
      };
    return {
      holdsEqual,
      someEqual: (tagKey, tag, valueKey, value, other, exact, positive, next, onThrow) => {
        const here = holdsEqual(tagKey, tag, valueKey, value);
        return (record) => {
          try {
            const mayHold = here(record as object) || (other !== undefined && other(record as object));
            return (mayHold && typeof record === 'object' && exact(record as object)) === positive && next(record);
          } catch {
            return onThrow(record);
          }
        };
      },
    };
  }`;

/** The module constants a slot reads, copied into its own scope (above). */
const SLOT_CONSTANTS = `type AnyRecord = Readonly<Record<string, unknown>>;

const hasOwn: (object: object, key: string) => boolean = Object.hasOwn;
const getPrototypeOf: (object: object) => unknown = Object.getPrototypeOf;
const isFinite: (value: unknown) => boolean = Number.isFinite;
const OBJECT_PROTOTYPE: AnyRecord = Object.prototype as AnyRecord;
const ARRAY_SOME = Array.prototype.some;
/** The longest list scanned before it is known to be an array (element-scan.ts). */
const MAX_SCAN = MAX_UNCHECKED_SCAN;`;

const IMPORTS = `import type { MakeListSlot, Slot } from './field-slot-types.js';
import type { Scalar } from '../../validate/validated-query.js';
import { MAX_UNCHECKED_SCAN } from './element-scan.js';`;

/** The slot literals, written from the inline tests. */
function literals(tests) {
  const equals = tests.find((t) => t.name === 'equals');
  if (equals === undefined || equals.params.length !== 1) throw new Error('write-field-slots: the list slots scan with INLINE_TESTS.equals, (v) => (x) => …');
  return { field: slot(tests), list: listSlot(equals) };
}

/** An array literal of `n` copies of `literal`. */
const pool = (n, literal) => `[\n${Array.from({ length: n }, () => `  ${literal},`).join('\n')}\n]`;

/** A generated module: its header comment, then each export with its doc comment. */
function slotsModule(header, exports) {
  const declarations = exports.map(({ doc, name, type, value }) => `\n/** ${doc} */\nexport const ${name}: ${type} = ${value};\n`);
  return `// Generated by scripts/write-field-slots.mjs (npm run generate): do not edit.\n${header}\n${IMPORTS}\n\n${SLOT_CONSTANTS}\n${declarations.join('')}`;
}

/** The text of field-slots.ts: the slots tql/memory loads with it, and the shared ones. */
export function fieldSlotsSource(tests = inlineTests()) {
  const { field, list } = literals(tests);
  const header = `// ${FIELD_SLOTS_AT_IMPORT + 1} copies of one function literal, and ${LIST_SLOTS_AT_IMPORT + 1} of another, on purpose; field-reader.ts says why.
// The rest of the pools is in field-slots-more.ts.`;
  return slotsModule(header, [
    {
      doc: `The first ${FIELD_SLOTS_AT_IMPORT} of the ${FIELD_SLOT_POOL} field slots: each of the first keys read gets the next one (field-reader.ts).`,
      name: 'FIELD_SLOTS',
      type: 'readonly Slot[]',
      value: pool(FIELD_SLOTS_AT_IMPORT, field),
    },
    { doc: "The slot every key after the pool's shares.", name: 'SHARED_FIELD_SLOT', type: 'Slot', value: field },
    {
      doc: `The first ${LIST_SLOTS_AT_IMPORT} of the ${LIST_SLOT_POOL} list slots: each of the first list keys read gets the next one.`,
      name: 'LIST_SLOTS',
      type: 'readonly MakeListSlot[]',
      value: pool(LIST_SLOTS_AT_IMPORT, list),
    },
    { doc: "The list slot every list key after the pool's shares.", name: 'SHARED_LIST_SLOT', type: 'MakeListSlot', value: list },
  ]);
}

/** The text of field-slots-more.ts: the rest of the pools, loaded when the first slots are taken. */
export function moreFieldSlotsSource(tests = inlineTests()) {
  const { field, list } = literals(tests);
  const fields = FIELD_SLOT_POOL - FIELD_SLOTS_AT_IMPORT;
  const lists = LIST_SLOT_POOL - LIST_SLOTS_AT_IMPORT;
  return slotsModule(`// ${fields} copies of one function literal, and ${lists} of another, on purpose; field-reader.ts says why.`, [
    {
      doc: `Field slots ${FIELD_SLOTS_AT_IMPORT + 1} to ${FIELD_SLOT_POOL}, for the keys read after the first ${FIELD_SLOTS_AT_IMPORT}.`,
      name: 'MORE_FIELD_SLOTS',
      type: 'readonly Slot[]',
      value: pool(fields, field),
    },
    {
      doc: `List slots ${LIST_SLOTS_AT_IMPORT + 1} to ${LIST_SLOT_POOL}, for the list keys read after the first ${LIST_SLOTS_AT_IMPORT}.`,
      name: 'MORE_LIST_SLOTS',
      type: 'readonly MakeListSlot[]',
      value: pool(lists, list),
    },
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = (file) => fileURLToPath(new URL(`../src/backends/memory/${file}`, import.meta.url));
  writeFileSync(out('field-slots.ts'), fieldSlotsSource());
  writeFileSync(out('field-slots-more.ts'), moreFieldSlotsSource());
}
