/**
 * Everything the playground shows for one input, computed without the DOM so it can be tested in
 * Node: the syntax tree, the validated query, the SQL of each dialect, the MongoDB filter and the
 * matching sample records. Only a `TqlError` is turned into a result; anything else is a bug and
 * is thrown.
 */
import { compilePredicate } from '../../src/backends/memory/index.js';
import type { MongoFilter } from '../../src/backends/mongo/index.js';
import type { SqlDialectName, SqlStatement } from '../../src/backends/sql/index.js';
import { BUILT_IN_BACKENDS } from '../../src/backends/index.js';
import { isTqlError, print, safeParse, safeValidate, type Profile, type Query, type TqlError, type ValidatedQuery } from '../../src/index.js';
import { warnings, type TqlWarning } from '../../src/tooling/warnings.js';
import { ENTITY_VIEWS, type PlaygroundEntity } from './apps.js';

/** What the user chose. */
export interface PlaygroundInput {
  readonly text: string;
  readonly entity: PlaygroundEntity;
  readonly profile: Profile;
  readonly timeZone: string;
}

/** A value, or the TqlError that stopped it. */
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: TqlError };

/** The records of the sample data that a valid filter selects. */
export interface Matches {
  /** How many of the entity's sample records match. */
  readonly count: number;
  /** How many sample records the entity has. */
  readonly total: number;
  /** The first matching records, in the sample's order. */
  readonly first: readonly object[];
}

/** Everything derived from a valid query. */
export interface Compiled {
  readonly query: ValidatedQuery;
  /** What the valid query probably does not mean (`tql/tooling`'s warnings). */
  readonly warnings: readonly TqlWarning[];
  /** The filter written back in both styles. */
  readonly printed: { readonly readable: string; readonly url: string };
  readonly sql: { readonly [D in SqlDialectName]: Outcome<SqlStatement> };
  readonly mongo: Outcome<MongoFilter>;
  readonly matches: Outcome<Matches>;
}

/**
 * The playground's view of an input: the parse (the tree is shown even when validation fails),
 * then validation and everything compiled from it.
 */
export type Evaluation =
  | { readonly stage: 'parse'; readonly error: TqlError }
  | { readonly stage: 'validate'; readonly ast: Query; readonly error: TqlError }
  | ({ readonly stage: 'done'; readonly ast: Query } & Compiled);

/** How many matching records the page lists. */
export const SHOWN_RECORDS = 25;

/**
 * Evaluates one input of the playground.
 *
 * @example
 * ```ts
 * const e = evaluate({ text: 'agent.role EQ Administrator', entity: 'agent', profile: 'extended', timeZone: 'UTC' });
 * e.stage === 'done' && e.sql.sqlite.ok && e.sql.sqlite.value.text; // '"role" = ?'
 * ```
 */
export function evaluate(input: PlaygroundInput): Evaluation {
  const parsed = safeParse(input.text);
  if (!parsed.ok) return { stage: 'parse', error: parsed.error };
  const ast = parsed.value;
  const view = ENTITY_VIEWS[input.entity];
  const validated = safeValidate(ast, view.schema, input.entity, { profile: input.profile, timeZone: input.timeZone });
  if (!validated.ok) return { stage: 'validate', ast, error: validated.error };
  const query = validated.value;
  return {
    stage: 'done',
    ast,
    query,
    warnings: warnings(query, { profile: input.profile }),
    printed: { readable: print(ast, { style: 'readable' }), url: print(ast, { style: 'url' }) },
    // One pane per SQL backend of the registry (ids.ts names the panes).
    sql: Object.fromEntries(
      Object.entries(BUILT_IN_BACKENDS.sql).map(([dialect, backend]) => [dialect, attempt(() => backend.compile(query, { sqlMapping: view.mapping }))]),
    ) as { readonly [D in SqlDialectName]: Outcome<SqlStatement> },
    mongo: attempt(() => BUILT_IN_BACKENDS.mongo.compile(query, {})),
    matches: attempt(() => matches(query, input.entity)),
  };
}

function matches(query: ValidatedQuery, entity: PlaygroundEntity): Matches {
  const records = ENTITY_VIEWS[entity].records();
  const test = compilePredicate(query);
  const selected = records.filter((r) => test(r));
  return { count: selected.length, total: records.length, first: selected.slice(0, SHOWN_RECORDS) };
}

function attempt<T>(f: () => T): Outcome<T> {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    if (isTqlError(e)) return { ok: false, error: e };
    throw e;
  }
}
