/**
 * The queries of the parse + validate + compile benches: the typical shapes (1, 3 and 6
 * predicates, IN lists of 20 and 500 values) and a family growing from 1 to 100 predicates.
 */
import type { Atom, Shape } from './query-shapes.js';

export interface ParseWorkload {
  readonly id: string;
  readonly title: string;
  readonly predicates: number;
  readonly shape: Shape;
}

const name = (needle: string): Atom => ({ kind: 'like', field: 'name', needle });
const values = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);

/** Q1, Q3, Q6 (as in the baseline) and the two IN lists. */
export const TYPICAL_QUERIES: readonly ParseWorkload[] = [
  { id: 'q1', title: '1 predicate', predicates: 1, shape: name('john') },
  {
    id: 'q3',
    title: '3 predicates, typical',
    predicates: 3,
    shape: {
      kind: 'and',
      operands: [name('john'), { kind: 'bool', field: 'two_factor_enabled', value: false }, { kind: 'since', field: 'created_at', date: '2023-07-01' }],
    },
  },
  {
    id: 'q6',
    title: '6 predicates, OR groups',
    predicates: 6,
    shape: {
      kind: 'and',
      operands: [
        { kind: 'or', operands: [name('john'), { kind: 'like', field: 'email', needle: 'example.org' }] },
        { kind: 'bool', field: 'two_factor_enabled', value: false },
        {
          kind: 'or',
          operands: [
            { kind: 'in', field: 'role', values: ['admin', 'owner'] },
            { kind: 'since', field: 'created_at', date: '2023-07-01' },
          ],
        },
        { kind: 'bool', field: 'schedulable', value: true },
      ],
    },
  },
  { id: 'in20', title: 'IN list of 20 values', predicates: 1, shape: { kind: 'in', field: 'role', values: values('r', 20) } },
  { id: 'in500', title: 'IN list of 500 values', predicates: 1, shape: { kind: 'in', field: 'name', values: values('n', 500) } },
];

const eq = (field: string, value: string): Atom => ({ kind: 'eq', field, value });
const and = (...operands: Shape[]): Shape => ({ kind: 'and', operands });

/**
 * The same four shapes written another way (issue 14: an outside measurement with its own
 * expressions found cel-js parsing faster than tql on three of them): other attributes, string
 * equality and LT, an OR of AND groups, and an IN of 200 values.
 */
export const VARIANT_QUERIES: readonly ParseWorkload[] = [
  { id: 'q1-v', title: '1 predicate, string EQ', predicates: 1, shape: eq('role', 'Administrator') },
  {
    id: 'q3-v',
    title: '3 predicates, EQ, LT and LIKE',
    predicates: 3,
    shape: and(eq('role', 'User'), { kind: 'before', field: 'created_at', date: '2025-01-01' }, { kind: 'like', field: 'email', needle: 'example' }),
  },
  {
    id: 'q6-v',
    title: '6 predicates, an OR of AND groups',
    predicates: 6,
    shape: {
      kind: 'or',
      operands: [
        and(eq('role', 'User'), { kind: 'bool', field: 'schedulable', value: true }),
        and({ kind: 'like', field: 'email', needle: 'example.com' }, { kind: 'before', field: 'created_at', date: '2024-01-01' }),
        and(name('smith'), { kind: 'bool', field: 'two_factor_enabled', value: false }),
      ],
    },
  },
  { id: 'in200', title: 'IN list of 200 values', predicates: 1, shape: { kind: 'in', field: 'url_slug', values: values('slug-', 200) } },
];

/** The `i`-th predicate of the growing family: five kinds in turn. */
function nth(i: number): Atom {
  const group = Math.floor(i / 5);
  switch (i % 5) {
    case 0:
      return name(`n${group}`);
    case 1:
      return { kind: 'bool', field: 'two_factor_enabled', value: group % 2 === 0 };
    case 2:
      return { kind: 'since', field: 'created_at', date: `2023-0${(group % 9) + 1}-01` };
    case 3:
      return { kind: 'in', field: 'role', values: ['admin', 'owner', `r${group}`] };
    default:
      return { kind: 'like', field: 'email', needle: `e${group}` };
  }
}

/**
 * A query of `n` predicates: groups of five AND-ed predicates, OR-ed together.
 *
 * @example
 * ```ts
 * growingQuery(2).shape; // { kind: 'and', operands: [name LIKE n0, two_factor_enabled EQ true] }
 * ```
 */
export function growingQuery(n: number): ParseWorkload {
  const groups: Shape[] = [];
  for (let start = 0; start < n; start += 5) {
    const atoms = Array.from({ length: Math.min(5, n - start) }, (_, k) => nth(start + k));
    groups.push(atoms.length === 1 ? atoms[0]! : { kind: 'and', operands: atoms });
  }
  const shape: Shape = groups.length === 1 ? groups[0]! : { kind: 'or', operands: groups };
  return { id: `p${n}`, title: `${n} predicate${n === 1 ? '' : 's'}`, predicates: n, shape };
}

/** The sizes of the growing family. */
export const GROWING_SIZES = [1, 2, 5, 10, 20, 50, 100] as const;
