/**
 * tql/testing given anything at all: every function returns or throws a TqlError with a code
 * that says what to pass, never a TypeError, a RangeError or fast-check's plain Error, and its
 * work is bounded by what the arguments hold (counted, not timed).
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import {
  attributeTexts,
  checkAgreement,
  checkIdempotenceLaw,
  comparisonRules,
  datasetArbitrary,
  explainedIds,
  mongoTarget,
  recordArbitrary,
  complementLaw,
  formatReport,
  invalidQueryArbitrary,
  normalizationStabilityLaw,
  queryArbitrary,
  queryRules,
  roundTripLaw,
  sortedIds,
  sqlTarget,
  validatedQueryArbitrary,
  type AgreementReport,
} from '../../src/testing/index.js';

/** `code: message` of what `run` threw (or rejected with), failing on anything but a TqlError. */
async function thrown(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (!isTqlError(error)) throw new Error(`not a TqlError: ${String(error)}`, { cause: error });
    return error.message;
  }
  throw new Error('did not throw');
}

/** A sparse array of length 2^32 − 1 holding `elements` at its start, counting the reads of its indices. */
function hugeSparse(elements: readonly unknown[]): { list: unknown[]; reads: () => number } {
  const list: unknown[] = [];
  list.length = 2 ** 32 - 1;
  elements.forEach((e, i) => (list[i] = e));
  let reads = 0;
  const counted = new Proxy(list, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { list: counted, reads: () => reads };
}

const noop = { load: () => undefined, run: () => [] };
const query = check('agent.name EQ ada', schedulingSchema, 'agent');

describe('schemas and entities that are none', () => {
  test.each([
    ['queryArbitrary(null, "agent")', () => queryArbitrary(null as never, 'agent')],
    ['queryArbitrary(schema, "agents")', () => queryArbitrary(schedulingSchema, 'agents' as 'agent')],
    ['validatedQueryArbitrary({ entities: {} }, "agent")', () => validatedQueryArbitrary({ entities: {} } as never, 'agent')],
    ['invalidQueryArbitrary(0, "agent")', () => invalidQueryArbitrary(0 as never, 'agent')],
    ['complementLaw(null, "agent")', () => complementLaw(null as never, 'agent')],
    ['roundTripLaw("schema", "agent")', () => roundTripLaw('schema' as never, 'agent')],
    ['checkIdempotenceLaw(schema, 5)', () => checkIdempotenceLaw(schedulingSchema, 5 as never)],
    ['normalizationStabilityLaw(revoked proxy, "agent")', () => normalizationStabilityLaw(revoked() as never, 'agent')],
    ['recordArbitrary(null, "agent")', () => recordArbitrary(null as never, 'agent')],
    ['datasetArbitrary(undefined, "agent")', () => datasetArbitrary(undefined as never, 'agent')],
    ['checkAgreement({ schema: 0 })', () => checkAgreement({ schema: 0 as never, entity: 'agent', ...noop })],
    ['sqlTarget({ schema: 0 })', () => sqlTarget({ db: new Database(':memory:'), schema: 0 as never, entity: 'agent' })],
    ['sqlTarget({ db: null })', () => sqlTarget({ db: null as never, schema: schedulingSchema, entity: 'agent' })],
  ])('%s', async (_title, run) => {
    expect(await thrown(run)).toMatch(/^invalid_option: /);
  });

  test('messages', async () => {
    expect(await thrown(() => queryArbitrary(null as never, 'agent'))).toMatchInlineSnapshot(`"invalid_option: queryArbitrary: The schema was not made by defineSchema(); build it with defineSchema({ entities: … })."`);
    expect(await thrown(() => queryArbitrary(schedulingSchema, 'agents' as 'agent'))).toMatchInlineSnapshot(`"invalid_option: queryArbitrary: The schema has no entity "agents". Did you mean agent? Entities: scheduling_request, agent, resource, team."`);
    expect(await thrown(() => normalizationStabilityLaw(revoked() as never, 'agent'))).toMatchInlineSnapshot(`"invalid_option: normalizationStabilityLaw: reading the schema threw an exception (a getter or a proxy trap); pass a schema made by defineSchema()."`);
    expect(await thrown(() => sqlTarget({ db: null as never, schema: schedulingSchema, entity: 'agent' }))).toMatchInlineSnapshot(`"invalid_option: sqlTarget: db is a database connection (a better-sqlite3 Database, a PGlite instance, a node-postgres Client, …), not null."`);
  });
});

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

describe('the laws check their options where they are made', () => {
  test.each([
    ['complementLaw(schema, "agent", { select: 5 })', () => complementLaw(schedulingSchema, 'agent', { select: 5 as never }), 'invalid_option: complementLaw: select is a function (query, records) → the ids it selects, not 5.'],
    ['normalizationStabilityLaw(schema, "agent", { select: "referenceIds" })', () => normalizationStabilityLaw(schedulingSchema, 'agent', { select: 'referenceIds' as never }), 'invalid_option: normalizationStabilityLaw: select is a function (query, records) → the ids it selects, not "referenceIds".'],
    ['complementLaw(schema, "agent", { records: 5 })', () => complementLaw(schedulingSchema, 'agent', { records: 5 as never }), 'invalid_input: complementLaw: records are an array, not 5.'],
  ])('%s', async (_title, run, expected) => {
    expect(await thrown(run)).toBe(expected);
  });

  test('complementLaw over records of length 2^32 − 1 reads their own elements only', () => {
    const { list, reads } = hugeSparse([{ id: 'a', name: 'Ada' }, { id: 'b' }]);
    fc.assert(complementLaw(schedulingSchema, 'agent', { records: list as object[] }), { numRuns: 5, seed: 1 });
    expect(reads()).toBe(2);
  });
});

describe('answers and reports that are none', () => {
  test.each([
    ['sortedIds(null)', () => sortedIds(null as never), 'invalid_input: sortedIds: the ids are an array, not null.'],
    ['sortedIds([Object.create(null)])', () => sortedIds([Object.create(null)]), 'invalid_input: sortedIds: the ids are written as text with String(), and one could not be (an object without toString); return ids as strings, numbers or bigints.'],
    ['formatReport({})', () => formatReport({} as never), 'invalid_input: formatReport takes the report checkAgreement resolved with, not an object.'],
    ['formatReport(null)', () => formatReport(null as never), 'invalid_input: formatReport takes the report checkAgreement resolved with, not null.'],
    ['formatReport({ agreed: false })', () => formatReport({ agreed: false } as never), 'invalid_input: formatReport: the disagreements are an array, not undefined.'],
    ['queryRules({ kind: "And" })', () => queryRules({ kind: 'And' } as never), 'invalid_input: queryRules takes the condition of a validated query (check(text, schema, entity).condition), and its "And" node has no operands.'],
    ['queryRules(null)', () => queryRules(null as never), 'invalid_input: queryRules takes the condition of a validated query (check(text, schema, entity).condition), and a node is null.'],
    ['queryRules({ kind: "Comparison", operator: "EQ" })', () => queryRules({ kind: 'Comparison', operator: 'EQ' } as never), 'invalid_input: queryRules takes the condition of a validated query (check(text, schema, entity).condition), and a comparison has no known operator or attribute.'],
  ])('%s', async (_title, run, expected) => {
    expect(await thrown(run)).toBe(expected);
  });

  test('sortedIds of an array of length 2^32 − 1 reads its own elements only', () => {
    const { list, reads } = hugeSparse([2, '10', 1n]);
    expect(sortedIds(list)).toEqual(['1', '10', '2']);
    expect(reads()).toBe(3);
  });

  test('queryRules of a cyclic tree reads each node once', () => {
    const cyclic: { kind: string; operands: unknown[] } = { kind: 'And', operands: [query.condition] };
    cyclic.operands.push(cyclic);
    expect(queryRules(cyclic as never).map((r) => r.rule)).toEqual(queryRules(query.condition).map((r) => r.rule));
  });

  test('formatReport of a cyclic record shows the cycle', () => {
    const record: Record<string, unknown> = { id: 'a' };
    record['self'] = record;
    const report: AgreementReport = {
      agreed: false,
      seed: 1,
      path: '0',
      datasets: 1,
      queries: 1,
      explained: [],
      explainedCount: 0,
      disagreements: [{ query: 'agent.name EQ ada', records: [record], expected: ['a'], got: [], missing: ['a'], extra: [], rules: [] }],
    };
    expect(formatReport(report)).toMatchInlineSnapshot(`
      "the backend disagrees with the in-memory backend after 1 datasets and 1 queries (shrunk):
        query:    agent.name EQ ada
        records:  { "id": "a", "self": [cycle] }
        expected: a (the in-memory backend)
        got:      none
        missing:  a
        rules at stake (docs/language.md, What a filter matches):
      replay: seed: 1, path: "0""
    `);
  });
});

describe('checkAgreement: replay paths are bounded', () => {
  test.each([
    ['999999999', '999999999'],
    ['abc', 'abc'],
    ['0:', '0:'],
    ['0 and 20,001 steps of 1', `0:${'1:'.repeat(20_000)}1`],
    ['0:99999', '0:99999'],
  ])('path %s', async (_title, path) => {
    let loads = 0;
    const message = await thrown(() => checkAgreement({ schema: schedulingSchema, entity: 'agent', seed: 1, path, runs: 5, load: () => void loads++, run: () => [] }));
    expect(message.slice(0, 60)).toBe('invalid_option: checkAgreement: path is the text a report pr');
    // Refused before fast-check generates anything: no dataset was loaded.
    expect(loads).toBe(0);
  });

  test('run answering with an array of length 2^32 − 1: its own elements only', async () => {
    const { list, reads } = hugeSparse(['x']);
    const report = await checkAgreement({ schema: schedulingSchema, entity: 'agent', seed: 1, runs: 1, queries: 1, load: () => undefined, run: () => list });
    expect(report.agreed).toBe(false);
    expect(reads()).toBeLessThanOrEqual(10);
  });
});

describe('explainedIds, attributeTexts, comparisonRules and the targets take what they say', () => {
  const like = check('agent.name LIKE a', schedulingSchema, 'agent');
  const records = [{ id: 'a', name: 'A' }];
  const name = schedulingSchema.entities.agent.attributes.name;
  test.each([
    ['explainedIds(query, records, null, "id")', () => explainedIds(like, records, null as never, 'id'), 'invalid_option: explainedIds: declared is a function (needle, haystack, place) → boolean, such as foldingDiffers with a folding bound, not null.'],
    ['explainedIds(null, records, declared, "id")', () => explainedIds(null as never, records, () => true, 'id'), 'invalid_input: explainedIds takes the result of check() or validate(), but this is not a validated query (a query text or a syntax tree?).'],
    ['explainedIds(query, null, declared, "id")', () => explainedIds(like, null as never, () => true, 'id'), 'invalid_input: explainedIds: the records are an array, not null.'],
    ['explainedIds(query, records, declared, 5)', () => explainedIds(like, records, () => true, 5 as never), "invalid_option: explainedIds: key is the field holding each record's id, a string, not 5."],
    ['explainedIds with a declared that throws', () => explainedIds(like, records, () => { throw new RangeError('no'); }, 'id'), 'invalid_option: explainedIds: declared threw RangeError: no; it answers (needle, haystack, place) with true or false.'],
    ['attributeTexts(record, null)', () => attributeTexts({}, null as never), 'invalid_input: attributeTexts takes an attribute of a schema (schema.entities.<entity>.attributes.<name>), not null.'],
    ['comparisonRules("eq", name, "x")', () => comparisonRules('eq' as never, name, 'x'), 'invalid_input: comparisonRules takes an operator of the language (EQ, LIKE, …), not "eq".'],
    ['comparisonRules("EQ", null, "x")', () => comparisonRules('EQ', null as never, 'x'), 'invalid_input: comparisonRules takes an attribute of a schema (schema.entities.<entity>.attributes.<name>), and could not read null.'],
    ['mongoTarget().load(null)', () => mongoTarget().load(null as never), 'invalid_input: mongoTarget: the records to load are an array, not null.'],
    ['sqlTarget(…).load(null)', () => sqlTarget({ db: new Database(':memory:'), schema: schedulingSchema, entity: 'agent' }).load(null as never), 'invalid_input: sqlTarget: the records to load are an array, not null.'],
  ])('%s', async (_title, run, expected) => {
    expect(await thrown(run)).toBe(expected);
  });

  test('explainedIds over records of length 2^32 − 1 reads their own elements only', () => {
    const { list, reads } = hugeSparse([{ id: 'a', name: 'A' }]);
    expect(explainedIds(like, list as object[], () => true, 'id')).toEqual(new Set(['a']));
    expect(reads()).toBe(1);
  });
});
