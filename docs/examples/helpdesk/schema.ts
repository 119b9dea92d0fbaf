/**
 * The helpdesk's tql schema: derived from the Drizzle tables, then completed by hand with what a
 * table cannot say (the id formats, and `commenter_id`, a collection attribute over the comments).
 */
import { defineSchema } from 'tql';
import { schemaFromDrizzle } from 'tql/drizzle';
import { defineSqlMapping } from 'tql/sql';
import { tickets } from './tables.js';

const derived = schemaFromDrizzle({ ticket: tickets });
const attributes = derived.definition.entities['ticket']!.attributes;

export const helpdesk = defineSchema({
  ids: { tkt_: 'a ticket', usr_: 'a user' },
  entities: {
    ticket: {
      description: 'GET /v1/tickets',
      attributes: {
        ...attributes,
        // Drizzle's rows hold Dates; the API's records (data.ts) hold Unix seconds, as the columns do.
        opened_at: { ...attributes['opened_at']!, storage: 'unix_seconds' },
        closed_at: { ...attributes['closed_at']!, storage: 'unix_seconds' },
        id: { type: 'ID', id: { kind: 'prefixed', prefix: 'tkt_' } },
        assignee_id: { type: 'ID', id: { kind: 'prefixed', prefix: 'usr_' }, nullable: true },
        commenter_id: {
          type: 'ID',
          id: { kind: 'prefixed', prefix: 'usr_' },
          description: 'The author of some public comment on the ticket.',
          source: { kind: 'element', arrays: ['comments'], where: { field: 'visibility', oneOf: ['public'] }, value: 'author_id' },
        },
      },
    },
  },
});

/** Where tickets and their comments live; checked against the schema once, here. */
export const helpdeskMapping = defineSqlMapping(helpdesk, {
  ticket: { ...derived.mapping['ticket']!, collections: { comments: { table: 'comments', foreignKey: 'ticket_id' } } },
});
