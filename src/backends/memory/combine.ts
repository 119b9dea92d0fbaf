/**
 * Closures that combine record predicates. Fixed arities up to six avoid a loop (and its
 * megamorphic call in a shared body) for the short conjunctions and disjunctions queries have.
 */
import type { RecordPredicate } from './sources.js';

const always: RecordPredicate = () => true;
const never: RecordPredicate = () => false;

/**
 * Every predicate holds, tested in the given order.
 *
 * @example
 * ```ts
 * conjunction([(r) => r !== null, (r) => typeof r === 'object'])({}); // true
 * ```
 */
export function conjunction(ps: readonly RecordPredicate[]): RecordPredicate {
  // Indexed reads, not destructuring: no iterator on the path of every compile.
  const a = ps[0], b = ps[1], c = ps[2], d = ps[3], e = ps[4], f = ps[5];
  switch (ps.length) {
    case 0:
      return always;
    case 1:
      return a!;
    case 2:
      return (r) => a!(r) && b!(r);
    case 3:
      return (r) => a!(r) && b!(r) && c!(r);
    case 4:
      return (r) => a!(r) && b!(r) && c!(r) && d!(r);
    case 5:
      return (r) => a!(r) && b!(r) && c!(r) && d!(r) && e!(r);
    case 6:
      return (r) => a!(r) && b!(r) && c!(r) && d!(r) && e!(r) && f!(r);
    default:
      return (r) => {
        for (let i = 0; i < ps.length; i++) if (!ps[i]!(r)) return false;
        return true;
      };
  }
}

/**
 * Some predicate holds, tested in the given order.
 *
 * @example
 * ```ts
 * disjunction([(r) => r === 1, (r) => r === 2])(2); // true
 * ```
 */
export function disjunction(ps: readonly RecordPredicate[]): RecordPredicate {
  const a = ps[0], b = ps[1], c = ps[2], d = ps[3], e = ps[4], f = ps[5];
  switch (ps.length) {
    case 0:
      return never;
    case 1:
      return a!;
    case 2:
      return (r) => a!(r) || b!(r);
    case 3:
      return (r) => a!(r) || b!(r) || c!(r);
    case 4:
      return (r) => a!(r) || b!(r) || c!(r) || d!(r);
    case 5:
      return (r) => a!(r) || b!(r) || c!(r) || d!(r) || e!(r);
    case 6:
      return (r) => a!(r) || b!(r) || c!(r) || d!(r) || e!(r) || f!(r);
    default:
      return (r) => {
        for (let i = 0; i < ps.length; i++) if (ps[i]!(r)) return true;
        return false;
      };
  }
}
