/**
 * An entity whose timestamps are stored every way a schema can declare, on every kind of
 * source, with uuid and text ids: the fixture of the in-memory tests of storage and ids.
 */
import { defineSchema } from '../../../src/schema/define-schema.js';
import type { Attribute, TimestampStorage } from '../../../src/schema/types.js';

export const instantSchema = defineSchema({
  entities: {
    event: {
      attributes: {
        id: { type: 'ID', id: { kind: 'uuid' } },
        ref: { type: 'ID', id: { kind: 'text' }, nullable: true },
        owner_id: {
          type: 'ID',
          id: { kind: 'uuid' },
          source: { kind: 'element', arrays: ['people'], where: { field: 'role', oneOf: ['owner'] }, value: 'id' },
        },
        at_seconds: { type: 'Timestamp', nullable: true },
        at_millis: { type: 'Timestamp', storage: 'unix_milliseconds', nullable: true },
        at_date: { type: 'Timestamp', storage: 'date', nullable: true },
        at_text: { type: 'Timestamp', storage: 'iso_text', nullable: true },
        at_berlin: { type: 'Timestamp', storage: { kind: 'iso_text', timeZone: 'Europe/Berlin' }, nullable: true },
        at_new_york: { type: 'Timestamp', storage: { kind: 'iso_text', timeZone: 'America/New_York' }, nullable: true },
        // A variant: the tag says which field holds the instant, a Date either way.
        due_at: {
          type: 'Timestamp',
          storage: 'date',
          nullable: true,
          source: { kind: 'variant', tag: 'kind', fields: { task: 'task_due', call: 'call_due' } },
        },
        // Some element of two lists: milliseconds.
        reminder_at: {
          type: 'Timestamp',
          storage: 'unix_milliseconds',
          source: { kind: 'element', arrays: ['reminders', 'alarms'], where: { field: 'type', oneOf: ['reminder'] }, value: 'at' },
        },
        // Some element of one list: wall-clock texts in Berlin.
        stamp_at: {
          type: 'Timestamp',
          storage: { kind: 'iso_text', timeZone: 'Europe/Berlin' },
          source: { kind: 'element', arrays: ['stamps'], where: { field: 'type', oneOf: ['stamp'] }, value: 'at' },
        },
      },
    },
  },
});

const attributes = instantSchema.entities.event.attributes;

/** The Timestamp attributes of the fixture. */
export const TIMESTAMP_ATTRIBUTES: readonly Attribute[] = Object.values(attributes).filter((a) => a.type === 'Timestamp');

/** The storage of a Timestamp attribute of the fixture. */
export function storageOf(a: Attribute): TimestampStorage {
  if (a.storage === undefined) throw new Error(`${a.path} is no Timestamp`);
  return a.storage;
}
