/**
 * The Mongo backend on timestamps of every storage (docs/language.md, rule 6), through mingo:
 * for generated instants stored each way (sub-second, before 1970, far future, around the DST
 * changes of the declared zones, and values that are no valid instant of the storage, null or
 * missing) and generated timestamp filters, the documents selected are those where
 * `storedWholeSeconds(value, storage) op t` holds, the reference every backend answers to.
 * And the Mongo list store sorts records by that whole second, then by id, in every storage it
 * can sort (ISO text in UTC only), page for page as the memory store does.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { readPage } from '../../src/http/list-page.js';
import { keyAttribute, readSort } from '../../src/http/list-sort.js';
import type { Page, PageRequest } from '../../src/http/list-store.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import { mingoCollection, mongoListStore } from '../../src/http/mongo-store.js';
import { arbStorageCase, show, storageSchema } from '../backends/mongo/stored-instants.js';
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

describe('the Mongo list store sorts timestamps by their whole second in every storage it can, as the memory store does', () => {
  const entity = storageSchema.entities.event;
  const key = keyAttribute(entity, undefined);
  /** The storages a list can be sorted by in MongoDB: ISO text only in UTC. */
  const SORTED = ['seconds', 'millis', 'date', 'text_utc', 'canonical'] as const;

  test.for(SORTED)('sort=%s, either way, under generated filters: every page of a walk equals the memory store\'s', async (name) => {
    await fc.assert(
      fc.asyncProperty(arbStorageCase(), fc.boolean(), fc.integer({ min: 1, max: 3 }), async ({ records, query }, descending, limit) => {
        const order = readSort(`${descending ? '-' : ''}${name}`, entity, key);
        const memory = memoryListStore(records);
        const mongo = mongoListStore(mingoCollection(records));
        let cursor: PageRequest['cursor'];
        for (let pages = 0; pages <= records.length; pages++) {
          const request: PageRequest = { query, order, cursor, limit, count: false };
          const expected = await readPage(memory, request);
          expect(shown(await readPage(mongo, request)), show(records)).toEqual(shown(expected));
          if (expected?.next?.kind !== 'after') break;
          cursor = { direction: 'forward', start: { kind: 'key', key: expected.next.key } };
        }
      }),
      { numRuns: 100 },
    );
  });

  test('ISO text in another zone than UTC is refused with what to do, when a page is read', async () => {
    const order = readSort('text_europe_berlin', entity, key);
    await expect(readPage(mongoListStore(mingoCollection([])), { query: undefined, order, cursor: undefined, limit: 5, count: false })).rejects.toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: mongoListStore cannot sort by event.text_europe_berlin: it is ISO-8601 text whose times without an offset are in Europe/Berlin, and MongoDB sorts text as text, not by instant; the store computes the instant only for text in UTC. Store it as a BSON date (storage "date"), as Unix seconds or milliseconds, or as ISO text in UTC.]`);
  });
});

const shown = (page: Page<unknown> | undefined) => page && { items: page.items.map((i) => i.key), next: page.next, previous: page.previous };
