/**
 * What a backend contract is: records of a schema's entities, queries over them and the ids each
 * must select, the same for every backend. Each case names the rule of docs/language.md ("What a
 * filter matches") whose answer it pins. The reference suite ships with the reference model's
 * entry point; a backend author runs it with `runContract` (run-contract.ts).
 */
import type { Schema } from '../../schema/types.js';

/**
 * A rule of docs/language.md, "What a filter matches", by its number: what a case pins. The
 * names are the rules' own, for test titles; a test checks them against the page.
 */
export const LANGUAGE_RULES = {
  1: 'Two-valued',
  2: 'Complements',
  3: 'Missing values',
  4: 'LIKE',
  5: 'EQ and IN',
  6: 'Timestamps',
  7: 'Collections',
  8: 'Resources',
  9: 'NOT groups',
} as const;

/** The number of a rule of docs/language.md, "What a filter matches". */
export type LanguageRule = keyof typeof LANGUAGE_RULES;

/**
 * What the package's own cases may need that a backend may be unable to do exactly, each with
 * what it means:
 *
 * - `unicode-case-folding`: LIKE folds non-ASCII letters with JavaScript's `toLowerCase`
 *   (`Ë`→`ë`, `İ`→`i̇`), which SQLite's ASCII-only folding does not.
 * - `literal-wildcards`: a LIKE, STARTS_WITH or ENDS_WITH value holding `%` or `_` is
 *   compared literally, which a data layer that writes LIKE without an escape character (Prisma
 *   on SQLite) cannot do: it refuses such a value with a `TqlError` instead.
 *
 * @example
 * ```ts
 * Object.keys(BUILT_IN_CAPABILITIES); // ['unicode-case-folding', 'literal-wildcards']
 * ```
 */
export const BUILT_IN_CAPABILITIES = {
  'unicode-case-folding': "LIKE folds non-ASCII letters as JavaScript's toLowerCase does",
  'literal-wildcards': 'a LIKE, STARTS_WITH or ENDS_WITH value holding % or _ is compared literally',
} as const;

/** A capability of {@link BUILT_IN_CAPABILITIES}: what the package's own cases may need. */
export type BuiltInCapability = keyof typeof BUILT_IN_CAPABILITIES;

/**
 * A capability named by the backend or dialect that declares it, `<owner>:<what>`
 * (`sqlserver:trailing-spaces`), for the cases of a suite of its own: the colon keeps it apart
 * from the built-in names, so a misspelt built-in one still does not compile.
 */
export type OwnCapability = `${string}:${string}`;

/**
 * Something a backend may be unable to do exactly on some data, declared in its docs: a
 * {@link BuiltInCapability} or an {@link OwnCapability}. A case that needs it is still run by
 * every backend that does not declare the divergence.
 */
export type ContractCapability = BuiltInCapability | OwnCapability;

/** One query of a contract, over the records of one entity, and the ids it must select. */
export interface ContractCase<E extends string = string> {
  /** The rule, or rules, of docs/language.md whose answer this case pins. */
  readonly rule: LanguageRule | readonly LanguageRule[];
  readonly entity: E;
  /** TQL text, checked against the suite's schema for `entity`. */
  readonly query: string;
  /** The ids it selects, in any order. */
  readonly expected: readonly string[];
  readonly needs?: ContractCapability;
}

/** A record of a contract's data: an object with a text id. */
export interface ContractRecord {
  readonly id: string;
}

/** A contract: a schema, records of each of its entities, and cases over them. */
export interface ContractSuite<E extends string = string> {
  readonly schema: Schema;
  readonly data: { readonly [K in E]: readonly ContractRecord[] };
  readonly cases: readonly ContractCase<E>[];
  /** The clock relative times (`now-7d`) are resolved at before a backend sees a query, in Unix seconds. */
  readonly now: number;
}

/**
 * The rules a case pins, as a list.
 *
 * @example
 * ```ts
 * rulesOf({ rule: [3, 9], entity: 'agent', query: 'NOT (agent.name EQ x)', expected: [] }); // [3, 9]
 * ```
 */
export const rulesOf = (c: ContractCase): readonly LanguageRule[] => (typeof c.rule === 'number' ? [c.rule] : c.rule);
