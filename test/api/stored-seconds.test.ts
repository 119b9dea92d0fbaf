/**
 * storedSeconds and storedWholeSeconds, as `tql` exports them, given a storage that is none: an
 * `invalid_option` that says what to pass, never a RangeError from Intl or a TypeError.
 */
import { describe, expect, test } from 'vitest';
import { storedSeconds, storedWholeSeconds } from '../../src/index.js';
import { tqlErrorOf } from '../support/tql-error.js';

describe('storage that is none', () => {
  test.each([
    ["storedSeconds('2024-05-01', { kind: 'iso_text', timeZone: 'Etc/GMT+14' })", () => storedSeconds('2024-05-01', { kind: 'iso_text', timeZone: 'Etc/GMT+14' })],
    ["storedSeconds('2024-05-01', { kind: 'iso_text', timeZone: 'Nope/Nope' })", () => storedSeconds('2024-05-01', { kind: 'iso_text', timeZone: 'Nope/Nope' })],
    ["storedSeconds('2024-05-01', { kind: 'iso_text', timeZone: '' })", () => storedSeconds('2024-05-01', { kind: 'iso_text', timeZone: '' })],
    ["storedSeconds('2024-05-01', { kind: 'iso_text', timeZone: 5 })", () => storedSeconds('2024-05-01', { kind: 'iso_text', timeZone: 5 as never })],
    ['storedSeconds(0, null)', () => storedSeconds(0, null as never)],
    ["storedSeconds(0, { kind: 'seconds' })", () => storedSeconds(0, { kind: 'seconds' } as never)],
    ['storedWholeSeconds(0, undefined)', () => storedWholeSeconds(0, undefined as never)],
    ['storedWholeSeconds(0, { get kind() { throw … } })', () => storedWholeSeconds(0, { get kind(): never { throw new Error('no') } } as never)],
  ])('%s', (_title, run) => {
    expect(tqlErrorOf(run).code).toBe('invalid_option');
  });

  test('messages', () => {
    expect(tqlErrorOf(() => storedSeconds('2024-05-01', { kind: 'iso_text', timeZone: 'Etc/GMT+14' })).message).toMatchInlineSnapshot(`"invalid_option: storedSeconds: storage.timeZone is an IANA time zone such as "Europe/Paris", not "Etc/GMT+14"; pass the storage of a Timestamp attribute (attribute.storage)."`);
    expect(tqlErrorOf(() => storedSeconds(0, null as never)).message).toMatchInlineSnapshot(`"invalid_option: storedSeconds: storage is a Timestamp attribute's storage, such as { kind: "unix_seconds" } or { kind: "iso_text", timeZone: "Europe/Paris" } (attribute.storage), not null."`);
    expect(tqlErrorOf(() => storedSeconds(0, { kind: 'seconds' } as never)).message).toMatchInlineSnapshot(`"invalid_option: storedSeconds: storage is one of unix_seconds, unix_milliseconds, date, iso_text, iso_canonical (or { kind: "iso_text", timeZone: "Europe/Paris" }), not "seconds"; pass the storage of a Timestamp attribute (attribute.storage)."`);
  });
});

test.each([
  [1714555800123, { kind: 'unix_milliseconds' } as const, 1714555800.123],
  ['2024-05-01', { kind: 'iso_text', timeZone: 'Europe/Paris' } as const, 1714514400],
  ['2024-05-01', 'iso_text' as never, 1714521600],
  ['yesterday', { kind: 'iso_text', timeZone: 'UTC' } as const, undefined],
])('storedSeconds(%j, %j) is %j', (value, storage, seconds) => {
  expect(storedSeconds(value, storage)).toBe(seconds);
});

