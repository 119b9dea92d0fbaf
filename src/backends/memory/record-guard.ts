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
 * own properties only, where no prototype is reached. Only if that throws too (an own getter or
 * a proxy trap that throws) does the predicate throw, as a `TqlError` (`invalid_input`).
 */
import { inputError, isTqlError } from '../../errors/tql-error.js';
import type { AttributeSource } from '../../schema/types.js';
import type { Plan } from './plan.js';
import type { RecordPredicate } from './sources.js';

const hasOwn: (object: object, key: string) => boolean = Object.hasOwn;

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
  let retry: RecordPredicate | undefined;
  return (r) => {
    try {
      return predicate(r);
    } catch {
      // Only a getter or a proxy trap can throw here. Read the record again, through its own
      // properties only: an inherited getter that threw must not decide the answer.
      return (retry ??= ownRetry(() => predicate, plan))(r);
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
 * const retry = ownRetry(() => exactPredicate(plan, text), plan);
 * try { return test(r); } catch { return retry(r); }
 * ```
 */
export function ownRetry(predicate: () => RecordPredicate, plan: Plan): RecordPredicate {
  let keys: readonly string[] | undefined;
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

/** The record's own properties among `keys`, in an object without a prototype. */
function ownView(r: object, keys: readonly string[]): Readonly<Record<string, unknown>> {
  const view: Record<string, unknown> = Object.create(null);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (hasOwn(r, k)) view[k] = (r as Record<string, unknown>)[k];
  }
  return view;
}

/** Every key of a record the plan reads (element fields are read from the elements themselves). */
function recordKeys(plan: Plan): string[] {
  const keys = new Set<string>();
  const visit = (p: Plan): void => {
    if (p.kind !== 'Comparison') return p.operands.forEach(visit);
    for (const k of sourceKeys(p.comparison.attribute.source)) keys.add(k);
  };
  visit(plan);
  return [...keys];
}

function sourceKeys(source: AttributeSource): readonly string[] {
  switch (source.kind) {
    case 'field':
      return [source.field];
    case 'variant':
      return [source.tag, ...Object.values(source.fields)];
    case 'element':
      return source.arrays;
  }
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
