/**
 * The differential checker: generated datasets go into the caller's backend (`load`), generated
 * queries run there (`run`), and each answer is compared with the in-memory backend's. A
 * disagreement is shrunk by fast-check to one query and the smallest dataset (then, where it
 * holds, to the single record that differs) and reported with the rules of docs/language.md at
 * stake. Differences a declared folding condition explains are counted apart, never failures.
 */
import { fc } from './fast-check.js';
import { check } from '../api/check.js';
import { describeValue } from '../errors/describe-value.js';
import { readOptions } from '../errors/read-options.js';
import { isTqlError, optionError } from '../errors/tql-error.js';
import { entityArgument } from '../api/entity-argument.js';
import type { Expr, Operator } from '../ast/nodes.js';
import { print } from '../ast/print.js';
import { parse } from '../parser/parse.js';
import type { Profile } from '../parser/profiles.js';
import type { Schema } from '../schema/types.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import { explainedIds, type DeclaredDivergence } from './declared.js';
import { readTestingOptions } from './options.js';
import { queryArbitrary } from './query-arbitrary.js';
import { datasetArbitrary, type TestRecord } from './record-arbitrary.js';
import { referenceIds, sortedIds } from './reference.js';
import { queryRules, type LanguageRule } from './rules.js';
import { TEST_NOW } from './value-pools.js';
import { resolveNow } from '../validate/resolve-now.js';

/** The backend under test: how to fill it and how it answers. */
export interface AgreementTarget {
  /** Replaces the entity's data in the backend with `records`. */
  readonly load: (records: readonly TestRecord[]) => Promise<void> | void;
  /** The ids (any type; compared as text) of the records the backend selects for `query`. */
  readonly run: (query: ValidatedQuery) => Promise<readonly unknown[]> | readonly unknown[];
}

/** Options of {@link checkAgreement}. */
export interface CheckAgreementOptions extends AgreementTarget {
  readonly schema: Schema;
  readonly entity: string;
  /** Datasets to generate; each is loaded once and several queries run on it. Default 30. */
  readonly runs?: number | undefined;
  /** Queries per dataset, at most. Default 8. */
  readonly queries?: number | undefined;
  /** Records per dataset, at most. Default 12. */
  readonly size?: number | undefined;
  /** The fast-check seed: the report prints it, and passing it again replays the run. Default random. */
  readonly seed?: number | undefined;
  /** With `seed`, the path a report printed: replays the shrunk case only. */
  readonly path?: string | undefined;
  /** A declared LIKE folding divergence, e.g. `(n, h, place) => foldingDiffers(folding, n, h, place)`. */
  readonly declared?: DeclaredDivergence | undefined;
  /** The field holding each record's id. Default `id`. */
  readonly key?: string | undefined;
  /** The clock relative times (`now-7d`) are resolved on, once per query, before both backends see it: Unix seconds. Default 1700000000. */
  readonly now?: number | undefined;
  /** Restrict the queries: profile, depth, operators (as in `queryArbitrary`). */
  readonly profile?: Profile | undefined;
  readonly depth?: number | undefined;
  readonly operators?: readonly Operator[] | undefined;
}

/** One disagreement, shrunk: a query, the records, both answers and the rules at stake. */
export interface Disagreement {
  readonly query: string;
  readonly records: readonly TestRecord[];
  /** What the in-memory backend selects. */
  readonly expected: readonly string[];
  /** What the backend under test selected (empty when it threw). */
  readonly got: readonly string[];
  /** Ids the backend left out, and ids it selected that it should not have. */
  readonly missing: readonly string[];
  readonly extra: readonly string[];
  /** What `load` or `run` threw, if it threw. */
  readonly error?: string;
  readonly rules: readonly LanguageRule[];
}

/** A query on which the backend differed, but only where `declared` allows it. */
export interface Explained {
  readonly query: string;
  readonly ids: readonly string[];
}

/** What {@link checkAgreement} found. */
export interface AgreementReport {
  /** True when no disagreement was found (explained ones allowed). */
  readonly agreed: boolean;
  readonly seed: number;
  /** Pass with `seed` to replay the shrunk failure. */
  readonly path: string | undefined;
  /** Datasets loaded and queries compared before the first disagreement (or in all). */
  readonly datasets: number;
  readonly queries: number;
  /** Queries whose differences a declared condition explains, at most 20 of them kept. */
  readonly explained: readonly Explained[];
  readonly explainedCount: number;
  /** The shrunk disagreement, when there is one. */
  readonly disagreements: readonly Disagreement[];
}

/** One case: a dataset and queries on it. */
type Case = readonly [readonly TestRecord[], readonly string[]];

/** The outcome of one query on one loaded dataset. */
interface Outcome {
  readonly expected: string[];
  readonly got: string[];
  readonly unexplained: string[];
  readonly explained: string[];
  readonly error?: string;
}

const errorText = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : describeValue(e));

async function compare(o: Settings, query: ValidatedQuery, records: readonly TestRecord[]): Promise<Outcome> {
  const expected = referenceIds(query, records, o.key);
  let got: string[];
  try {
    got = sortedIds(await o.run(query));
  } catch (e) {
    return { expected, got: [], unexplained: expected, explained: [], error: `run threw ${errorText(e)}` };
  }
  const differing = [...new Set([...expected, ...got])].filter((id) => expected.includes(id) !== got.includes(id));
  const allowed = o.declared === undefined || differing.length === 0 ? new Set<string>() : explainedIds(query, records, o.declared, o.key);
  return { expected, got, unexplained: differing.filter((id) => !allowed.has(id)), explained: differing.filter((id) => allowed.has(id)) };
}

async function loaded(o: Settings, records: readonly TestRecord[]): Promise<string | undefined> {
  try {
    await o.load(records);
    return undefined;
  } catch (e) {
    return `load threw ${errorText(e)}`;
  }
}

interface Settings extends AgreementTarget {
  readonly schema: Schema;
  readonly entity: string;
  readonly key: string;
  readonly declared: DeclaredDivergence | undefined;
  readonly profile: Profile | undefined;
  readonly now: number;
}

/** The first query of `c` that disagrees, and its outcome. */
async function firstDisagreement(o: Settings, [records, texts]: Case, onExplained?: (text: string, ids: string[]) => void): Promise<{ text: string; outcome: Outcome } | undefined> {
  const failed = await loaded(o, records);
  for (const text of texts) {
    // Resolved once: both backends answer for the same instant.
    const query = resolveNow(check(text, o.schema, o.entity, { profile: o.profile }), o.now);
    if (failed !== undefined) return { text, outcome: { expected: referenceIds(query, records, o.key), got: [], unexplained: [], explained: [], error: failed } };
    const outcome = await compare(o, query, records);
    if (outcome.unexplained.length > 0 || outcome.error !== undefined) return { text, outcome };
    if (outcome.explained.length > 0) onExplained?.(text, outcome.explained);
  }
  return undefined;
}

/** The predicates of a query text, each written alone. */
function predicateTexts(text: string): string[] {
  const out: string[] = [];
  const walk = (e: Expr) => {
    if (e.kind === 'Predicate') out.push(print(e));
    // Walked by shape, so that a new kind of node is walked into too.
    else if ('operands' in e) for (const x of e.operands) walk(x);
    else walk(e.expression);
  };
  walk(parse(text).expression);
  return out;
}

/**
 * The disagreement narrowed further than fast-check's shrinking: to one of the records that
 * differ, when it differs on its own; then to one predicate of the query, when one alone does.
 */
async function narrowed(o: Settings, given: string, records: readonly TestRecord[], outcome: Outcome): Promise<Disagreement> {
  let kept = records;
  let found = outcome;
  let text = given;
  if (outcome.error === undefined && records.length > 1) {
    for (const id of outcome.unexplained) {
      const one = records.filter((r) => String((r as Record<string, unknown>)[o.key]) === id);
      const again = await firstDisagreement(o, [one, [text]]);
      if (again !== undefined && again.outcome.error === undefined) {
        kept = one;
        found = again.outcome;
        break;
      }
    }
  }
  const alone = predicateTexts(text);
  if (found.error === undefined && alone.length > 1) {
    for (const p of alone) {
      const again = await firstDisagreement(o, [kept, [p]]);
      if (again !== undefined && again.outcome.error === undefined) {
        text = p;
        found = again.outcome;
        break;
      }
    }
  }
  const query = check(text, o.schema, o.entity, { profile: o.profile });
  const { expected, got } = found;
  return {
    query: text,
    records: kept,
    expected,
    got,
    missing: expected.filter((id) => !got.includes(id)),
    extra: got.filter((id) => !expected.includes(id)),
    ...(found.error === undefined ? {} : { error: found.error }),
    rules: queryRules(query.condition),
  };
}

/** The most shrunk cases a replay path may skip over, all its steps together. */
const MAX_PATH_SKIPS = 10_000;

/**
 * Throws unless `path` is a replay path a report could have printed for `runs` datasets: whole
 * numbers joined by `:`, the first below `runs` (the dataset that failed), the others (how far
 * along each shrinking step the failure was) adding up to at most {@link MAX_PATH_SKIPS}.
 * fast-check replays a path by generating every case it skips, so this bounds a replay's work.
 */
function replayPathProblem(path: unknown, runs: number): void {
  // Checked before it is split: a path longer than the bound allows is refused unread.
  const steps = typeof path === 'string' && path.length <= 2 * MAX_PATH_SKIPS + 16 && /^\d{1,9}(:\d{1,5})*$/.test(path) ? path.split(':').map(Number) : undefined;
  if (steps === undefined || steps[0]! >= runs || steps.slice(1).reduce((a, b) => a + b, 0) > MAX_PATH_SKIPS) {
    throw optionError(
      `checkAgreement: path is the text a report printed (numbers joined by ":", the first below runs, ${runs}, the others adding up to at most ${MAX_PATH_SKIPS}), not ${describeValue(path)}. Pass it with the seed and runs of that report.`,
    );
  }
}

/** fast-check's run; a path it cannot follow (its own plain Error) is an `invalid_option`. */
async function replayed<T>(path: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isTqlError(error) || path === undefined) throw error;
    throw optionError(`checkAgreement: path ${JSON.stringify(path)} does not replay with this seed (${error instanceof Error ? error.message : describeValue(error)}). Pass the seed, runs and path of one report together.`);
  }
}

/**
 * Runs generated queries on generated datasets in the caller's backend and compares every answer
 * with the in-memory backend's. Resolves with a report; rejects only with a `TqlError` for bad
 * options (what `load` or `run` throw is reported as a disagreement).
 *
 * @example
 * ```ts
 * const target = sqlTarget({ db: new Database(':memory:'), schema: schedulingSchema, entity: 'agent', mapping });
 * const report = await checkAgreement({
 *   schema: schedulingSchema,
 *   entity: 'agent',
 *   runs: 5,
 *   load: (records) => target.load(records),
 *   run: (query) => target.run(query),
 *   declared: sqliteFoldingDiffers,
 * });
 * report.agreed; // → true
 * ```
 */
export async function checkAgreement(options: CheckAgreementOptions): Promise<AgreementReport> {
  const read = readOptions('checkAgreement', options, ['schema', 'entity', 'load', 'run', 'declared', 'path', 'profile', 'operators']);
  const counts = readTestingOptions('checkAgreement', options, { runs: 'positive', queries: 'positive', size: 'count', key: 'string', depth: 'count', now: 'count' });
  const { seed: givenSeed } = readOptions('checkAgreement', options, ['seed']);
  if (typeof read.load !== 'function' || typeof read.run !== 'function') throw optionError('checkAgreement: load and run are functions (load(records), run(query) → ids).');
  if (read.declared !== undefined && typeof read.declared !== 'function') throw optionError('checkAgreement: declared is a function (needle, haystack) → boolean, such as foldingDiffers with a folding bound.');
  if (givenSeed !== undefined && !Number.isSafeInteger(givenSeed)) throw optionError(`checkAgreement: seed is an integer, not ${describeValue(givenSeed)}.`);
  entityArgument('checkAgreement', read.schema, read.entity);
  const runs = counts.runs ?? 30;
  if (read.path !== undefined) replayPathProblem(read.path, runs);
  const o: Settings = {
    schema: read.schema!,
    entity: read.entity!,
    load: read.load,
    run: read.run,
    key: counts.key ?? 'id',
    declared: read.declared,
    profile: read.profile,
    now: counts.now ?? TEST_NOW,
  };
  const seed = givenSeed ?? Math.floor(Math.random() * 2 ** 31);
  const arbitrary = fc.tuple(
    datasetArbitrary(o.schema, o.entity, { size: counts.size ?? 12, key: o.key }),
    fc.array(queryArbitrary(o.schema, o.entity, { profile: read.profile, depth: counts.depth, operators: read.operators }), { minLength: 1, maxLength: counts.queries ?? 8 }),
  );
  const explained: Explained[] = [];
  let explainedCount = 0;
  let datasets = 0;
  let queries = 0;
  let failing = false;
  const noteExplained = (query: string, ids: string[]) => {
    explainedCount++;
    if (explained.length < 20) explained.push({ query, ids });
  };
  const property = fc.asyncProperty(arbitrary, async (c) => {
    const found = await firstDisagreement(o, c, failing ? undefined : noteExplained);
    if (!failing) {
      // Counted until the first failure: shrinking runs the property again on smaller cases.
      datasets++;
      queries += found === undefined ? c[1].length : c[1].indexOf(found.text) + 1;
    }
    if (found === undefined) return true;
    failing = true;
    return false;
  });
  const details = await replayed(read.path, () => fc.check(property, { seed, numRuns: runs, ...(read.path === undefined ? {} : { path: read.path }), endOnFailure: false }));
  const disagreements: Disagreement[] = [];
  if (details.failed && details.counterexample !== null) {
    const [c] = details.counterexample;
    const found = await firstDisagreement(o, c);
    if (found !== undefined) disagreements.push(await narrowed(o, found.text, c[0], found.outcome));
  }
  return {
    agreed: !details.failed,
    seed,
    path: details.failed ? (details.counterexamplePath ?? undefined) : undefined,
    datasets,
    queries,
    explained,
    explainedCount,
    disagreements,
  };
}
