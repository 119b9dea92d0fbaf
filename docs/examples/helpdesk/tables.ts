/**
 * The helpdesk's tables, as the app defines them for Drizzle ORM: tickets, and the comments on
 * them. tql derives its schema and SQL mapping from these (schema.ts).
 */
import { integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const tickets = sqliteTable('tickets', {
  id: text('id').primaryKey(),
  subject: text('subject').notNull(),
  priority: text('priority', { enum: ['low', 'normal', 'high', 'urgent'] }).notNull(),
  escalated: integer('escalated', { mode: 'boolean' }).notNull(),
  // Unix seconds: what tql compares timestamps as.
  opened_at: integer('opened_at', { mode: 'timestamp' }).notNull(),
  closed_at: integer('closed_at', { mode: 'timestamp' }),
  assignee_id: text('assignee_id'),
  // Hours worked on the ticket: a REAL column, which compares as doubles, as tql's Number does.
  hours_spent: real('hours_spent'),
});

export const comments = sqliteTable('comments', {
  id: text('id').primaryKey(),
  ticket_id: text('ticket_id').notNull(),
  visibility: text('visibility', { enum: ['public', 'internal'] }).notNull(),
  author_id: text('author_id').notNull(),
  body: text('body').notNull(),
});

/** The same tables in SQL, for a fresh database. */
export const DDL = `
CREATE TABLE tickets (id TEXT PRIMARY KEY, subject TEXT NOT NULL, priority TEXT NOT NULL, escalated INTEGER NOT NULL,
  opened_at INTEGER NOT NULL, closed_at INTEGER, assignee_id TEXT, hours_spent REAL);
CREATE TABLE comments (id TEXT PRIMARY KEY, ticket_id TEXT NOT NULL REFERENCES tickets (id), visibility TEXT NOT NULL,
  author_id TEXT NOT NULL, body TEXT NOT NULL);
`;
