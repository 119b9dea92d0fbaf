/**
 * The Mongo backend on timestamps of every storage (docs/language.md, rule 6), through mingo:
 * for generated instants stored each way (sub-second, before 1970, far future, around the DST
 * changes of the declared zones, and values that are no valid instant of the storage, null or
 * missing) and generated timestamp filters, the documents selected are those where
 * `storedWholeSeconds(value, storage) op t` holds, the reference every backend answers to.
 * And the Mongo list store pages records by that whole second, then by id, whatever the storage.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { compareListOrder } from '../../src/http/list-store.js';
import { mingoCollection, mongoListStore } from '../../src/http/mongo-store.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { arbMilliseconds, arbStorageCase, queryValue, show } from '../backends/mongo/stored-instants.js';
import { mingoIds } from '../support/mongo.js';

// ---- tests ----

describe('mingo answers timestamp filters as the stored instants, floored to the second, say', () => {
  test('over generated instants of every storage and generated filters', () => {
    fc.assert(
      fc.property(arbStorageCase(), ({ records, text, query, expected }) => {
        expect(mingoIds(compileMongo(query), records), `${text}\n${show(records)}`).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });
});

describe('the Mongo list store pages by the whole second of created_at, then by id, in every storage it sorts', () => {
  /** A storage of created_at, its stored value for whole second `s` plus `ms`. */
  const PAGED = {
    unix_milliseconds: (s: number, ms: number): unknown => s * 1000 + ms,
    date: (s: number, ms: number): unknown => new Date(s * 1000 + ms),
  } as const;

  const itemSchema = (storage: keyof typeof PAGED) =>
    defineSchema({ entities: { item: { attributes: { id: { type: 'ID', id: { kind: 'text' } }, created_at: { type: 'Timestamp', storage } } } } });

  // Few seconds, many records in each, before and after 1970: the id tie-break inside a second is exercised.
  const arbItems = (storage: keyof typeof PAGED) =>
    fc
      .uniqueArray(fc.stringMatching(/^[a-zA-Z0-9]{1,2}$/), { maxLength: 14 })
      .chain((ids) => fc.tuple(...ids.map((id) => fc.tuple(fc.constant(id), fc.integer({ min: -2, max: 2 }), arbMilliseconds))))
      .map((rows) => rows.map(([id, s, ms]) => ({ id, created_at: PAGED[storage](s, ms), second: s })));

  test.for(Object.keys(PAGED) as (keyof typeof PAGED)[])('%s: every page, older or newer, from any record, holds the next records of the list order', async (storage) => {
    const schema = itemSchema(storage);
    await fc.assert(
      fc.asyncProperty(arbItems(storage), fc.integer({ min: 1, max: 4 }), fc.option(fc.integer({ min: -2, max: 2 })), fc.nat(), fc.constantFrom('older', 'newer' as const), async (items, limit, since, pick, direction) => {
        const store = mongoListStore(mingoCollection(items.map(({ second: _, ...doc }) => doc)), { createdAt: storage });
        const query = since === null ? undefined : check(`item.created_at GTE ${queryValue(since)}`, schema, 'item');
        const key = (i: { id: string; second: number }) => ({ createdAt: i.second, id: i.id });
        const inOrder = items.filter((i) => since === null || i.second >= since).sort((a, b) => compareListOrder(key(a), key(b)));
        const from = items.length === 0 ? undefined : await store.keyOf(items[pick % items.length]!.id);
        const beyond = inOrder.filter((i) => from === undefined || (direction === 'older' ? 1 : -1) * compareListOrder(key(i), from) > 0);
        const nearestFirst = direction === 'older' ? beyond : [...beyond].reverse();
        // Walk the whole way from `from`, page after page.
        const walked: string[] = [];
        for (let window = from; ; ) {
          const page = await store.page(query, { direction, from: window, limit });
          walked.push(...page.map((k) => k.record.id));
          if (page.length < limit) break;
          window = page.at(-1)!.key;
        }
        expect(walked).toEqual(nearestFirst.map((i) => i.id));
      }),
      { numRuns: 60 },
    );
  });

  test('a created_at stored as ISO text is refused when the store is made, with what to do', () => {
    expect(() => mongoListStore(mingoCollection([]), { createdAt: 'iso_text' })).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: mongoListStore pages by created_at as MongoDB sorts it, and MongoDB sorts ISO-8601 text as text, not by instant: store created_at as a BSON date (createdAt: "date") or as Unix seconds or milliseconds.]`);
  });

  test('a storage that is none is refused when the store is made', () => {
    expect(() => mongoListStore(mingoCollection([]), { createdAt: 'seconds' as never })).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: mongoListStore's createdAt option: storage is one of unix_seconds, unix_milliseconds, date, iso_text (or { kind: "iso_text", timeZone: "Europe/Paris" }), not "seconds".]`);
  });

  test('a document whose created_at is no instant of the storage is refused when it is listed', async () => {
    const store = mongoListStore(mingoCollection([{ id: 'a', created_at: '2024-05-01' }]), { createdAt: 'date' });
    await expect(store.page(undefined, { direction: 'older', from: undefined, limit: 5 })).rejects.toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_input: A list needs a string "id" and a "created_at" stored as a JavaScript Date on every record, the storage the schema declares for created_at; document 0 has id "a" and created_at "2024-05-01".]`);
  });
});
