/**
 * The playground's logic without a browser: what it computes for an input is what the package's
 * own functions give, its address round-trips, and its JSON layout is still JSON.
 */
import { fc, test as prop } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { compileSql } from '../../src/backends/sql/index.js';
import { recordsOf, sampleData } from '../../src/models/scheduling/sample.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import { PROFILES } from '../../src/parser/options.js';
import { COLUMNS } from '../../playground/src/columns.js';
import { compactJson } from '../../playground/src/compact-json.js';
import { evaluate, SHOWN_RECORDS, type PlaygroundInput } from '../../playground/src/evaluate.js';
import { EXAMPLES } from '../../playground/src/examples.js';
import { INITIAL, readHash, writeHash } from '../../playground/src/state.js';

const input = (text: string, entity: PlaygroundInput['entity'], more: Partial<PlaygroundInput> = {}): PlaygroundInput => ({
  text,
  entity,
  profile: 'extended',
  timeZone: 'UTC',
  ...more,
});

describe('evaluate', () => {
  test.for([
    input('agent.role EQ Administrator', 'agent'),
    input('scheduling_request.selected_start_time GTE 2024-03-01', 'scheduling_request', { timeZone: 'Pacific/Auckland' }),
    input('scheduling_request.psa_b_ticket_number NOT_EQ 1234 AND scheduling_request.status IN new,sent', 'scheduling_request'),
    input('resource.external_name EQ null', 'resource'),
    input('team.url_slug LIKE a', 'team', { profile: 'timezest' }),
  ])('$text ($entity, $timeZone)', ({ text, entity, profile, timeZone }) => {
    const e = evaluate({ text, entity, profile, timeZone });
    const q = check(text, schedulingSchema, entity, { profile, timeZone });
    const all = filterRecords(q, recordsOf(sampleData(), entity));
    expect(e.stage).toBe('done');
    if (e.stage !== 'done') return;
    expect(e.sql.postgres).toEqual({ ok: true, value: compileSql(q, { dialect: 'postgres', mapping: schedulingSqlMapping }) });
    expect(e.sql.sqlite).toEqual({ ok: true, value: compileSql(q, { dialect: 'sqlite', mapping: schedulingSqlMapping }) });
    expect(e.mongo).toEqual({ ok: true, value: compileMongo(q) });
    expect(e.matches).toEqual({ ok: true, value: { count: all.length, total: recordsOf(sampleData(), entity).length, first: all.slice(0, SHOWN_RECORDS) } });
  });

  test.for([
    ['agent.name EQ "ada', 'parse', 'syntax_error'],
    ['agent.name eq ada', 'parse', 'unknown_operator'],
    ['agent.nme EQ ada', 'validate', 'unknown_attribute'],
    ['resource.url_slug EQ ada', 'validate', 'wrong_entity'],
  ] as const)('%s stops at %s with %s', ([text, stage, code]) => {
    const e = evaluate(input(text, 'agent'));
    expect(e.stage === 'done' ? 'done' : [e.stage, e.error.code]).toEqual([stage, code]);
  });

  test('an unknown time zone is an invalid_option error, not an exception', () => {
    const e = evaluate(input('agent.created_at GTE 2024-01-01', 'agent', { timeZone: 'Mars/Olympus' }));
    expect(e.stage === 'validate' && e.error.code).toBe('invalid_option');
  });

  test.for(Object.entries(EXAMPLES).flatMap(([entity, texts]) => texts.map((text) => ({ entity, text }))))(
    'example $text gives a result for $entity',
    ({ entity, text }) => {
      const e = evaluate(input(text, entity as PlaygroundInput['entity']));
      // The one misspelt example is there to show the error display.
      expect(e.stage).toBe(text === 'agent.name eq john' ? 'parse' : 'done');
    },
  );
});

describe('the records table', () => {
  test.for(schedulingSchema.entityNames)('every %s column reads every sample record', (entity) => {
    const columns = COLUMNS[entity] as readonly { value: (r: unknown) => unknown }[];
    for (const record of recordsOf(sampleData(), entity)) {
      for (const c of columns) expect(['string', 'number', 'boolean', 'object']).toContain(typeof c.value(record));
    }
  });
});

describe('the address', () => {
  prop.prop({
    text: fc.string({ unit: 'binary' }),
    entity: fc.constantFrom(...schedulingSchema.entityNames),
    profile: fc.constantFrom(...PROFILES),
    timeZone: fc.constantFrom('UTC', 'Europe/Berlin', 'America/Argentina/Buenos_Aires'),
  })('reads back what it wrote', (i) => {
    expect(readHash(writeHash(i))).toEqual(i);
  });

  test('falls back to the initial input on unknown names', () => {
    expect(readHash('#entity=agents&profile=strict')).toEqual(INITIAL);
  });
});

describe('compactJson', () => {
  prop.prop({ value: fc.jsonValue() })('is JSON for the same value', ({ value }) => {
    expect(JSON.parse(compactJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
  });

  test('keeps short parts on one line', () => {
    expect(compactJson({ $and: [{ name: { $regex: '[aA]' } }, { url_slug: { $not: { $type: 'array' }, $type: 'string' } }] }))
      .toMatchInlineSnapshot(`
        "{
          "$and": [
            { "name": { "$regex": "[aA]" } },
            {
              "url_slug": {
                "$not": { "$type": "array" },
                "$type": "string"
              }
            }
          ]
        }"
      `);
  });
});
