/**
 * The helpdesk's tql schema: derived from the Drizzle tables, then completed by hand with what a
 * table cannot say (the id formats, `commenter_id`, a collection attribute over the comments, and
 * `hours_spent`, a Number).
 */
import { defineSchema } from 'tql';
import { schemaFromDrizzle } from 'tql/drizzle';
import { defineSqlMapping } from 'tql/sql';
import { tickets } from './tables.js';

const derived = schemaFromDrizzle({ ticket: tickets });

export const helpdesk = defineSchema({
  ids: { tkt_: 'a ticket', usr_: 'a user' },
  entities: {
    ticket: {
      description: 'GET /v1/tickets',
      attributes: {
        ...derived.definition.entities['ticket']!.attributes,
        id: { type: 'ID', id: { kind: 'prefixed', prefix: 'tkt_' } },
        assignee_id: { type: 'ID', id: { kind: 'prefixed', prefix: 'usr_' }, nullable: true },
        // Drizzle's real column is not derived yet: a Number, added by hand.
        hours_spent: { type: 'Number', nullable: true, description: 'Hours worked on the ticket.' },
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
