/**
 * The playground's logic without a browser: what it computes for an input is what the package's
 * own functions give, its address round-trips, and its JSON layout is still JSON.
 */
import { fc, test as prop } from '../support/property.js';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { compileSql } from '../../src/backends/sql/index.js';
import { PROFILES } from '../../src/parser/profiles.js';
import { ENTITY_VIEWS, PLAYGROUND_ENTITIES } from '../../playground/src/apps.js';
import type { Column } from '../../playground/src/columns.js';
import { compactJson } from '../../playground/src/compact-json.js';
import { evaluate, SHOWN_RECORDS, type PlaygroundInput } from '../../playground/src/evaluate.js';
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
    input('product.price GT -1.5 AND product.price LT 1e3', 'product'),
    input('product.price IN 0,0.1 OR product.rating EQ null', 'product'),
  ])('$text ($entity, $timeZone)', ({ text, entity, profile, timeZone }) => {
    const view = ENTITY_VIEWS[entity];
    const e = evaluate({ text, entity, profile, timeZone });
    const q = check(text, view.schema, entity, { profile, timeZone });
    const all = filterRecords(q, view.records());
    expect(e.stage).toBe('done');
    if (e.stage !== 'done') return;
    for (const dialect of ['postgres', 'sqlite', 'mysql', 'duckdb'] as const) {
      expect(e.sql[dialect], dialect).toEqual({ ok: true, value: compileSql(q, { dialect, mapping: view.mapping }) });
    }
    expect(e.mongo).toEqual({ ok: true, value: compileMongo(q) });
    expect(e.matches).toEqual({ ok: true, value: { count: all.length, total: view.records().length, first: all.slice(0, SHOWN_RECORDS) } });
  });

  test('product.price LTE -0: zero and minus zero are the same number; the price stored as "18" is no number', () => {
    const e = evaluate(input('product.price LTE -0 OR product.price EQ 18', 'product'));
    expect(e.stage === 'done' && e.matches.ok && e.matches.value.first.map((p) => (p as { id: string }).id)).toEqual(['prd_3', 'prd_4', 'prd_5']);
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

  test.for(PLAYGROUND_ENTITIES.flatMap((entity) => ENTITY_VIEWS[entity].examples.map((text) => ({ entity, text }))))(
    'example $text gives a result for $entity',
    ({ entity, text }) => {
      const e = evaluate(input(text, entity as PlaygroundInput['entity']));
      // The one misspelt example is there to show the error display.
      expect(e.stage).toBe(text === 'agent.name eq john' ? 'parse' : 'done');
    },
  );
});

describe('the records table', () => {
  test.for(PLAYGROUND_ENTITIES)('every %s column reads every sample record', (entity) => {
    const columns = ENTITY_VIEWS[entity].columns as readonly Column<object>[];
    for (const record of ENTITY_VIEWS[entity].records()) {
      for (const c of columns) expect(['string', 'number', 'boolean', 'object']).toContain(typeof c.value(record));
    }
  });
});

describe('the address', () => {
  prop.prop({
    text: fc.string({ unit: 'binary' }),
    entity: fc.constantFrom(...PLAYGROUND_ENTITIES),
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
