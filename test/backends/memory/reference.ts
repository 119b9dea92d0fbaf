/**
 * A deliberately plain interpreter of the design doc's semantics (section 4), written without
 * any of the backend's optimisations (no specialised closures, no regex LIKE, no Sets, no
 * reordering, no caching), to check the backend against in property tests. Values are compared
 * in their canonical form: a timestamp as the whole second its stored instant counts as (by
 * `storedWholeSeconds`, in the attribute's storage), a uuid lower-cased.
 */
import { storedWholeSeconds } from '../../../src/schema/stored-instant.js';
import type { Attribute } from '../../../src/schema/types.js';
import type { Condition, Scalar } from '../../../src/validate/validated-query.js';

const own = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;

/** `x` as a value of the attribute's type in canonical form, or undefined: anything else counts as missing. */
function canonical(a: Attribute, x: unknown): unknown {
  // A declared value storage, read by its definition (docs/schema.md): 1 and 0; decimal text.
  if (a.valueStorage === 'zero_one') return x === 1 ? true : x === 0 ? false : undefined;
  if (a.valueStorage === 'decimal_text') return typeof x === 'string' && /^[-+]?\d+(\.\d+)?$/.test(x) ? Math.min(Math.max(parseFloat(x), -Number.MAX_VALUE), Number.MAX_VALUE) : undefined;
  switch (a.type) {
    case 'String':
      return typeof x === 'string' ? x : undefined;
    case 'Boolean':
      return typeof x === 'boolean' ? x : undefined;
    case 'Timestamp':
      return storedWholeSeconds(x, a.storage ?? { kind: 'unix_seconds' });
    case 'Number':
      return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
    case 'ID':
      if (a.id?.kind === 'integer') return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
      if (typeof x !== 'string') return undefined;
      return a.id?.kind === 'uuid' ? x.toLowerCase() : x;
  }
}

/** Every value the attribute has on the record, well-typed ones only, in canonical form. */
export function valuesOf(a: Attribute, record: unknown): unknown[] {
  const s = a.source;
  let raw: unknown[];
  switch (s.kind) {
    case 'field':
      raw = [own(record, s.field)];
      break;
    case 'variant': {
      const tag = own(record, s.tag);
      const field = typeof tag === 'string' && Object.hasOwn(s.fields, tag) ? s.fields[tag] : undefined;
      raw = field === undefined ? [] : [own(record, field)];
      break;
    }
    case 'element':
      raw = [];
      for (const arrayKey of s.arrays) {
        const list = own(record, arrayKey);
        if (!Array.isArray(list)) continue;
        for (const e of list) {
          // An array of scalars: the element is the value.
          if (s.value === undefined) {
            raw.push(e);
            continue;
          }
          const t = s.where === undefined ? undefined : own(e, s.where.field);
          if (s.where !== undefined && (typeof t !== 'string' || !s.where.oneOf.includes(t))) continue;
          raw.push(own(e, s.value));
        }
      }
      break;
  }
  // Any kind of source may declare how its stored text is read: lower-cased (ignoreCase), then
  // without one leading prefix (ignorePrefix; lower-cased too when case is ignored).
  const fold = s.ignoreCase === true;
  const prefix = fold ? s.ignorePrefix?.toLowerCase() : s.ignorePrefix;
  const read = raw.map((v) => {
    if (typeof v !== 'string') return v;
    const text = fold ? v.toLowerCase() : v;
    return prefix !== undefined && text.startsWith(prefix) ? text.slice(prefix.length) : text;
  });
  return read.map((x) => canonical(a, x)).filter((x) => x !== undefined);
}

/** Whether the record matches the condition. */
export function referenceMatches(condition: Condition, record: unknown): boolean {
  switch (condition.kind) {
    case 'And':
      return condition.operands.every((c) => referenceMatches(c, record));
    case 'Or':
      return condition.operands.some((c) => referenceMatches(c, record));
    case 'Not':
      return !referenceMatches(condition.operand, record);
    case 'Comparison': {
      const values = valuesOf(condition.attribute, record);
      const some = (p: (x: unknown) => boolean) => values.some(p);
      switch (condition.operator) {
        case 'EQ':
          return condition.value === null ? values.length === 0 : some((x) => x === condition.value);
        case 'NOT_EQ':
          return condition.value === null ? values.length > 0 : !some((x) => x === condition.value);
        case 'LT':
          return some((x) => (x as number) < condition.value);
        case 'LTE':
          return some((x) => (x as number) <= condition.value);
        case 'GT':
          return some((x) => (x as number) > condition.value);
        case 'GTE':
          return some((x) => (x as number) >= condition.value);
        case 'LIKE':
          return some((x) => (x as string).toLowerCase().includes(condition.value.toLowerCase()));
        case 'NOT_LIKE':
          return !some((x) => (x as string).toLowerCase().includes(condition.value.toLowerCase()));
        case 'IN':
          return some((x) => condition.value.includes(x as Scalar));
        case 'NOT_IN':
          return !some((x) => condition.value.includes(x as Scalar));
        case 'STARTS_WITH':
          return some((x) => (x as string).toLowerCase().startsWith(condition.value.toLowerCase()));
        case 'ENDS_WITH':
          return some((x) => (x as string).toLowerCase().endsWith(condition.value.toLowerCase()));
      }
    }
  }
}
