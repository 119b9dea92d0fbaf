/**
 * A `now` that only looks like a Date (a proxy of one, an object made from Date.prototype) has no
 * time to read: every compile says so, as an `invalid_option`, never a TypeError and never "the
 * query was changed after check()".
 */
import vm from 'node:vm';
import { expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { compilePredicate, filterRecords } from '../../src/backends/memory/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { compileSql } from '../../src/backends/sql/compile-sql.js';
import { schedulingSchema, schedulingSqlMapping } from '../../src/models/scheduling/index.js';
import { resolveNow } from '../../src/validate/resolve-now.js';

const query = check('agent.created_at GTE now-7d', schedulingSchema, 'agent');
const NOWS = [
  ['new Proxy(new Date(0), {})', new Proxy(new Date(0), {})],
  ['Object.create(Date.prototype)', Object.create(Date.prototype)],
  ['() => new Proxy(new Date(0), {})', () => new Proxy(new Date(0), {})],
] as const;
const CALLS = [
  ['resolveNow', (now: never) => resolveNow(query, now)],
  ['filterRecords', (now: never) => filterRecords(query, [], { now })],
  ['compilePredicate', (now: never) => compilePredicate(query, { now })],
  ['compileMongo', (now: never) => compileMongo(query, { now })],
  ['compileSql', (now: never) => compileSql(query, { dialect: 'sqlite', mapping: schedulingSqlMapping, now })],
] as const;

test.for(NOWS.flatMap(([what, now]) => CALLS.map(([name, call]) => [name, what, now, call] as const)))('%s with now = %s', ([, , now, call]) => {
  expect(() => call(now as never)).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: now is Unix seconds or a Date, and this object only looks like a Date (a proxy, or an object made from Date.prototype): pass the Date itself.]`);
});

test('a real Date whose getTime is replaced is read from itself', () => {
  const now = new Date(1_700_000_000_000);
  now.getTime = () => 0;
  expect(compileSql(query, { dialect: 'sqlite', mapping: schedulingSqlMapping, now }).values[0]).toBe(1_699_395_200);
});

test.each([
  ['a Date of another realm', vm.runInNewContext('new Date(1700000000000)')],
  ['a Date without a prototype', Object.setPrototypeOf(new Date(1_700_000_000_000), null)],
])('%s is read from itself', (_what, now) => {
  expect(compileSql(query, { dialect: 'sqlite', mapping: schedulingSqlMapping, now }).values[0]).toBe(1_699_395_200);
});

test('a revoked proxy for now: invalid_option', () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  expect(() => resolveNow(query, proxy as never)).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: now is Unix seconds, a Date or a function returning one, not an object.]`);
});
