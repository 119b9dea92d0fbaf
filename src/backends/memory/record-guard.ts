/**
 * What every compiled predicate runs around its closures, so that no record can make it throw
 * anything but a `TqlError`, nor let an inherited property decide an answer.
 *
 * The closures of `build.ts` read a field before they check that it is the record's own (most
 * records fail the test, and the check would be wasted on them). A read of a field the record
 * does not own reaches its prototype: a plain value there is then refused by the own-property
 * check, but a getter there runs, and may throw. Checking every record's prototype first cost
 * more than the whole test of a boolean field (2.9x on `two_factor_enabled EQ true`), so the
 * guard instead catches: when evaluating throws, the record is read again through a view of its
 * own properties only, where no prototype is reached. The view is as deep as the plan reads
 * (the record's fields, its lists, their elements and the elements' fields), so an inherited
 * getter that throws counts as a missing field at every depth, one rule for all. Only if
 * reading the own properties throws too (an own getter or a proxy trap that throws) does the
 * predicate throw, as a `TqlError` (`invalid_input`).
 */
import { inputError, isTqlError } from '../../errors/tql-error.js';
import { dateMilliseconds } from '../../schema/stored-instant.js';
import { someOwnElement } from './element-scan.js';
import type { Plan } from './plan.js';
import type { RecordPredicate } from './sources.js';

const hasOwn: (object: object, key: string) => boolean = Object.hasOwn;
const isArray: (value: unknown) => value is readonly unknown[] = Array.isArray;
const setPrototypeOf: (object: object, proto: null) => object = Object.setPrototypeOf;

/**
 * `predicate`, safe on any record: see the module comment. `plan` names the keys the view of a
 * record's own properties copies (listed on the first record that needs one).
 *
 * @example
 * ```ts
 * class Agent { get name(): string { throw new Error('no'); } }
 * guarded(predicate, plan)(new Agent()); // false: the inherited getter that threw does not count
 * ```
 */
export function guarded(predicate: RecordPredicate, plan: Plan): RecordPredicate {
  // Made on the first throw only: most predicates never need it.
  let ownViewAnswer: RecordPredicate | undefined;
  return (r) => {
    try {
      return predicate(r);
    } catch {
      // Only a getter or a proxy trap can throw here. Read the record again, through its own
      // properties only: an inherited getter that threw must not decide the answer.
      return (ownViewAnswer ??= onOwnView(() => predicate, plan))(r);
    }
  };
}

/**
 * What a predicate answers when reading a record threw: `predicate()` (made on first need) on a
 * view of the record's own properties, where no prototype is reached; a `TqlError` if reading
 * even those throws.
 *
 * @example
 * ```ts
 * const answerOnOwnView = onOwnView(() => exactPredicate(plan, text), plan);
 * try { return test(r); } catch { return answerOnOwnView(r); }
 * ```
 */
export function onOwnView(predicate: () => RecordPredicate, plan: Plan): RecordPredicate {
  let keys: ViewKeys | undefined;
  let made: RecordPredicate | undefined;
  return (r) => {
    try {
      if (typeof r !== 'object' || r === null) throw new TypeError('not an object');
      return (made ??= predicate())(ownView(r, (keys ??= recordKeys(plan))));
    } catch (error) {
      throw isTqlError(error) ? error : unreadable();
    }
  };
}

/**
 * What a view copies: each key the plan reads, with what is read of the elements of a list found
 * there: their fields, and whether the elements themselves are values (an array of scalars).
 * Neither, for a plain field.
 */
type ViewKeys = ReadonlyMap<string, ElementReads>;

interface ElementReads {
  readonly fields: readonly string[];
  readonly values: boolean;
}

/**
 * The record's own properties among `keys`, in an object without a prototype; a list among
 * them becomes its own elements, each a view of its own fields (see {@link ownList}).
 */
function ownView(r: object, keys: ViewKeys): Readonly<Record<string, unknown>> {
  const view: Record<string, unknown> = Object.create(null);
  for (const [k, reads] of keys) {
    if (!hasOwn(r, k)) continue;
    const v = (r as Record<string, unknown>)[k];
    view[k] = (reads.fields.length > 0 || reads.values) && isArray(v) ? ownList(v, reads) : ownValue(v);
  }
  return view;
}

/**
 * The own elements of `list`, in an array without a prototype: each object a view of its own
 * fields among `reads.fields` (a `Date` a `Date`, where the elements are values), and each
 * primitive as it is where the elements are values. No hole, no inherited index and no primitive
 * of a list of objects (none of which is an element) is left for the predicate to read. Walked
 * as the scans walk it, so a sparse list costs its elements.
 */
function ownList(list: readonly unknown[], reads: ElementReads): unknown[] {
  // Without a prototype from the start: writing an index of an array reaches `Array.prototype`,
  // where a getter without a setter at that index would make the write throw.
  const out = setPrototypeOf([], null) as unknown[];
  let n = 0;
  someOwnElement(list, (e) => {
    if (typeof e !== 'object' || e === null) {
      if (reads.values && e != null) out[n++] = e;
    } else out[n++] = reads.values && !Number.isNaN(dateMilliseconds(e)) ? ownValue(e) : ownFields(e, reads.fields);
    return false;
  });
  return out;
}

function ownFields(e: object, keys: readonly string[]): Readonly<Record<string, unknown>> {
  const view: Record<string, unknown> = Object.create(null);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (hasOwn(e, k)) view[k] = ownValue((e as Record<string, unknown>)[k]);
  }
  return view;
}

/**
 * A value as a test can read it without reaching a prototype: a primitive as it is, a `Date` as
 * a `Date` of the same time without a prototype (tests read its time slot), any other object as
 * an empty object without one (no test passes on an object, and no list is read from it).
 */
function ownValue(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  const ms = dateMilliseconds(v);
  // An invalid Date (NaN) is no instant either way.
  return setPrototypeOf(Number.isNaN(ms) ? {} : new Date(ms), null);
}

/**
 * Every key of a record the plan reads, with the keys of the elements read in the lists there
 * (none for a plain field).
 */
function recordKeys(plan: Plan): ViewKeys {
  const keys = new Map<string, ElementReads>();
  const add = (k: string, fields: readonly (string | undefined)[], values = false) => {
    const known = keys.get(k);
    const read = fields.filter((f): f is string => f !== undefined);
    keys.set(k, { fields: [...new Set([...(known?.fields ?? []), ...read])], values: values || known?.values === true });
  };
  const visit = (p: Plan): void => {
    if (p.kind !== 'Comparison') return p.operands.forEach(visit);
    const source = p.comparison.attribute.source;
    switch (source.kind) {
      case 'field':
        return add(source.field, []);
      case 'variant':
        return [source.tag, ...Object.values(source.fields)].forEach((k) => add(k, []));
      case 'element':
        return source.arrays.forEach((k) => add(k, [source.where?.field, source.value], source.value === undefined));
    }
  };
  visit(plan);
  return keys;
}

/**
 * No detail of the thrown value: describing it could run more of the record's code (a
 * `toString`, a proxy trap).
 */
function unreadable() {
  return inputError(
    'Reading a record threw an exception in one of its own getters or proxy traps. tql reads only own properties of records and runs their getters; give it records whose properties can be read.',
  );
}
