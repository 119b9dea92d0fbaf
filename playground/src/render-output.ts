/** The compiled forms of a query: SQL with its parameters, the MongoDB filter, the matching records. */
import type { MongoFilter } from '../../src/backends/mongo/index.js';
import type { SqlStatement } from '../../src/backends/sql/index.js';
import type { TqlError } from '../../src/index.js';
import { ENTITY_VIEWS, type PlaygroundEntity } from './apps.js';
import type { Column } from './columns.js';
import { compactJson } from './compact-json.js';
import { h } from './dom.js';
import type { Outcome } from './evaluate.js';

/** A backend that could not compile the query says why, in place of its output. */
export function renderOutcome<T>(outcome: Outcome<T>, render: (value: T) => HTMLElement): HTMLElement {
  return outcome.ok ? render(outcome.value) : renderFailure(outcome.error);
}

function renderFailure(error: TqlError): HTMLElement {
  return h('p', { className: 'failure' }, h('code', { className: 'code' }, error.code), ' ', error.issues[0].message);
}

/** The SQL text and its parameters, numbered as the placeholders are. */
export function renderSql(statement: SqlStatement): HTMLElement {
  return h(
    'div',
    { className: 'sql' },
    h('pre', { className: 'sql-text' }, statement.text),
    statement.values.length === 0
      ? h('p', { className: 'params-none' }, 'No parameters.')
      : h('ol', { className: 'params' }, ...statement.values.map((v) => h('li', {}, h('code', {}, JSON.stringify(v))))),
  );
}

/** The filter document as JSON, short parts on one line. */
export function renderMongo(filter: MongoFilter): HTMLElement {
  return h('pre', { className: 'json' }, compactJson(filter));
}

/** A table of records with the entity's columns; times in the chosen zone. */
export function renderRecords(entity: PlaygroundEntity, records: readonly object[], timeZone: string): HTMLElement {
  const columns = ENTITY_VIEWS[entity].columns as readonly Column<object>[];
  const time = timeFormat(timeZone);
  const cell = (column: Column<object>, record: object) => {
    const value = column.value(record);
    if (value === null) return h('td', { className: 'null' }, 'null');
    const text = column.time && typeof value === 'number' ? time(value) : String(value);
    return h('td', { title: text }, text);
  };
  return h(
    'table',
    { className: 'records' },
    h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', {}, c.heading)))),
    h('tbody', {}, ...records.map((r) => h('tr', {}, ...columns.map((c) => cell(c, r))))),
  );
}

/** Unix seconds as `2024-01-31 09:30` in `timeZone`. */
function timeFormat(timeZone: string): (seconds: number) => string {
  const format = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' });
  return (seconds) => format.format(new Date(seconds * 1000));
}
