/**
 * The in-memory compiler's work is linear in the query, whatever its shape: for generated deep
 * and wide queries (random trees of up to 60 predicates, and ANDs and ORs nested in turn up to
 * 200 levels, the shape that once doubled its work with each level), this counts
 *
 * - the closures the compiler makes (every call of the closure factories in `combine.ts` and
 *   `sources.ts`, and every slot a chain of field links takes, counted through wrapped modules)
 *   against the number of nodes of the query, and
 * - the field reads one evaluation makes on a record (own getters that count) against the
 *   reads its predicates make once each, with room for a second read of each.
 *
 * Counts, not milliseconds: the bounds hold on any machine. The seed is in the describe title;
 * re-run with `TQL_LINEAR_SEED=<seed>`.
 */
import { operandsOf } from '../support/condition-operands.js';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { check } from '../../src/api/check.js';
import { and, group, or, predicate, query } from '../../src/ast/builders.js';
import type { Conjunct, Disjunct, Expr, Predicate } from '../../src/ast/nodes.js';
import { print } from '../../src/ast/print.js';
import { compilePredicate } from '../../src/backends/memory/compile-predicate.js';
import { sampleData, recordsOf } from '../../src/models/scheduling/sample.js';
import { schedulingSchema, type SchedulingEntityName } from '../../src/models/scheduling/schema.js';
import type { Condition } from '../../src/validate/validated-query.js';
import { arbTreeOver, arbValidPredicate } from './arbitraries/schema-query.js';

const made = vi.hoisted(() => ({ closures: 0 }));

/** Each closure factory counted once per call: every call makes one closure (or returns a shared one). */
function counted<M extends Record<string, unknown>>(module: M, names: readonly (keyof M & string)[]): M {
  const out: Record<string, unknown> = { ...module };
  for (const name of names) {
    const f = module[name] as (...args: unknown[]) => unknown;
    out[name] = (...args: unknown[]) => {
      made.closures++;
      return f(...args);
    };
  }
  return out as M;
}

vi.mock('../../src/backends/memory/combine.js', async (importOriginal) =>
  counted(await importOriginal<typeof import('../../src/backends/memory/combine.js')>(), ['conjunction', 'disjunction']),
);
vi.mock('../../src/backends/memory/sources.js', async (importOriginal) =>
  counted(await importOriginal<typeof import('../../src/backends/memory/sources.js')>(), ['fieldPredicate', 'sourcePredicate']),
);
// A chain of field links (field-chain.ts) takes one key's slot per link it makes.
vi.mock('../../src/backends/memory/field-reader.js', async (importOriginal) =>
  counted(await importOriginal<typeof import('../../src/backends/memory/field-reader.js')>(), ['fieldAccess']),
);

const SEED = Number(process.env.TQL_LINEAR_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ENTITIES: readonly SchedulingEntityName[] = ['agent', 'scheduling_request', 'resource', 'team'];
/** Raised far above the defaults: linearity must not rest on them. */
const LIMITS = { maxDepth: 1_000, maxPredicates: 1_000, maxLength: 1_000_000 };
/**
 * Closures and slot look-ups per node of the query (a field comparison's closure and its own
 * check each look up the key's slot; a chain takes one slot per link), and record reads per read
 * of each comparison.
 */
const CLOSURES_PER_NODE = 5;
const READS_PER_PREDICATE = 2;

/** A fresh validated query (never from a cache, so every call compiles). */
function validated(expr: Expr, entity: SchedulingEntityName) {
  const text = print(query(expr));
  return check(text, schedulingSchema, entity, { limits: LIMITS, cache: false });
}

function nodes(c: Condition): number {
  return c.kind === 'Comparison' ? 1 : 1 + operandsOf(c).reduce((n, o) => n + nodes(o), 0);
}

/**
 * The record reads one evaluation of each comparison makes at most, summed: a field is one
 * read, a variant two (its tag, then the field), a collection two per array (a scan for a
 * candidate, then the exact test).
 */
function comparisons(c: Condition): number {
  if (c.kind !== 'Comparison') return operandsOf(c).reduce((n, o) => n + comparisons(o), 0);
  const source = c.attribute.source;
  return source.kind === 'field' ? 1 : source.kind === 'variant' ? 2 : 2 * source.arrays.length;
}

/** A copy of the record whose own properties are getters that count their reads. */
function counting(record: object): { readonly record: object; reads(): number } {
  let reads = 0;
  const copy = {};
  for (const [key, value] of Object.entries(record)) {
    Object.defineProperty(copy, key, { enumerable: true, get: () => (reads++, value) });
  }
  return { record: copy, reads: () => reads };
}

/** Compiles and runs the query over the records; the counts of both. */
function measure(expr: Expr, entity: SchedulingEntityName, records: readonly object[]) {
  const q = validated(expr, entity);
  made.closures = 0;
  const predicate = compilePredicate(q);
  const closures = made.closures;
  const reads = records.map((r) => {
    const c = counting(r);
    predicate(c.record);
    return c.reads();
  });
  return { closures, nodes: nodes(q.condition), predicates: comparisons(q.condition), maxReads: Math.max(0, ...reads) };
}

const data = sampleData();
const SAMPLES = Object.fromEntries(ENTITIES.map((e) => [e, recordsOf(data, e).slice(0, 20)])) as unknown as Record<SchedulingEntityName, readonly object[]>;

/**
 * ANDs and ORs nested in turn, `depth` levels: `p AND (q OR (p AND (q OR … r)))`, with `p`
 * matching every agent and `q` none: every level's OR goes on to the next level.
 */
function alternating(depth: number): Expr {
  const p = predicate('agent.name', 'LIKE', '');
  const q = predicate('agent.email', 'LIKE', 'zzq');
  let e: Disjunct = predicate('agent.created_at', 'GT', '0');
  for (let i = 0; i < depth; i++) e = and(p, group(or(q, e)));
  return e;
}

describe(`in-memory work is linear in the query (seed ${SEED}; re-run with TQL_LINEAR_SEED=${SEED})`, () => {
  it.each([1, 2, 8, 16, 40, 200])('ANDs and ORs nested in turn, %i levels', (depth) => {
    const m = measure(alternating(depth), 'agent', SAMPLES.agent);
    expect(m.closures).toBeLessThanOrEqual(CLOSURES_PER_NODE * m.nodes);
    expect(m.maxReads).toBeLessThanOrEqual(READS_PER_PREDICATE * m.predicates);
    // Every sample agent has a name, so every level is reached and its p and q read: the reads are
    // exactly linear (the deepest OR may decide on its cheaper operand, created_at, first).
    expect(m.maxReads).toBeGreaterThanOrEqual(2 * depth);
  });

  it('random trees of up to 60 predicates: closures and reads per record within a constant of the size', () => {
    const arbCase = fc
      .constantFrom(...ENTITIES)
      .chain((entity) =>
        fc
          .array(arbValidPredicate(schedulingSchema.entities[entity]!), { minLength: 1, maxLength: 60 })
          .chain((leaves: Predicate[]) => arbTreeOver(leaves, false))
          .map((expr) => ({ entity, expr })),
      );
    fc.assert(
      fc.property(arbCase, ({ entity, expr }) => {
        const m = measure(expr, entity, SAMPLES[entity]);
        expect(m.closures).toBeLessThanOrEqual(CLOSURES_PER_NODE * m.nodes);
        expect(m.maxReads).toBeLessThanOrEqual(READS_PER_PREDICATE * m.predicates);
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('wide: 1,000 predicates in one AND of ORs of two', () => {
    const pairs: Conjunct[] = Array.from({ length: 500 }, (_, i) =>
      group(or(predicate('agent.name', 'LIKE', `n${i}`), predicate('agent.email', 'LIKE', ''))),
    );
    const m = measure(and(pairs[0]!, pairs[1]!, ...pairs.slice(2)), 'agent', SAMPLES.agent);
    expect(m.closures).toBeLessThanOrEqual(CLOSURES_PER_NODE * m.nodes);
    expect(m.maxReads).toBeLessThanOrEqual(READS_PER_PREDICATE * m.predicates);
  });
});
