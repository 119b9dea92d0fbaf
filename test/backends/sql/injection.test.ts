/**
 * Hostile values never reach SQL text: the text compiled for a query is the same whatever its
 * values, and each engine finds exactly the record holding the hostile value (and still has its
 * tables afterwards).
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { printValue } from '../../../src/ast/print.js';
import { compileSql } from '../../../src/backends/sql/compile-sql.js';
import { resolveDialect, type SqlDialectName } from '../../../src/backends/sql/dialects.js';
import type { Agent } from '../../../src/models/scheduling/records.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import { ENGINE_NAMES, useSqlEngines } from './engines.js';
import { agentRecord } from '../../support/agent-record.js';

const HOSTILE = [
  "'; DROP TABLE agent; --",
  "Robert'); DROP TABLE agent;--",
  '" OR 1=1 --',
  "' OR '1'='1",
  '/* comment */ x',
  '-- line comment',
  'back\\slash \\\' \\" end\\',
  "E'\\x41'",
  '$1',
  '$2::text',
  '?',
  '?1 :name @name',
  '%_%',
  '\\%\\_',
  'ünïcödé ☃ 中文 𝔘𝔫𝔦 \u202Eevil',
  'tab\there\nnewline\r\nCRLF',
  ';',
  '))) OR ((1=1',
] as const;

const quoted = (value: string) => printValue({ kind: 'Text', text: value, span: { start: 0, end: 0 } });

/** Queries that carry the value; `%v` is replaced by it, quoted as TQL. */
const TEMPLATES = [
  'agent.name EQ %v',
  'agent.name NOT_EQ %v',
  'agent.name LIKE %v',
  'agent.name NOT_LIKE %v',
  'agent.name IN %v,%v',
  'agent.name NOT_IN %v',
  'agent.url_slug EQ %v OR agent.email LIKE %v',
] as const;

const query = (template: string, value: string) => check(template.replaceAll('%v', quoted(value)), schedulingSchema, 'agent');
const DIALECTS: readonly SqlDialectName[] = ['postgres', 'sqlite', 'mysql', 'duckdb'];

describe('the SQL text does not depend on the values', () => {
  test.for(HOSTILE.flatMap((value) => TEMPLATES.map((template) => ({ value, template }))))('$template with $value', ({ value, template }) => {
    for (const dialect of DIALECTS) {
      const hostile = compileSql(query(template, value), { dialect, mapping: schedulingSqlMapping });
      const benign = compileSql(query(template, 'x'), { dialect, mapping: schedulingSqlMapping });
      expect(hostile.text, dialect).toBe(benign.text);
      expect(hostile.values.length, dialect).toBe(benign.values.length);
    }
  });
});

test('NUL never gets as far as SQL: the validator rejects it', () => {
  expect(() => check('agent.name EQ "a\u0000b"', schedulingSchema, 'agent')).toThrowErrorMatchingInlineSnapshot(`
    [TqlError: 1:15 invalid_character: Values cannot contain the NUL character (U+0000); remove it.
      agent.name EQ "a␀b"
                    ^^^^^]
  `);
});

describe('every engine finds the hostile values as plain text', () => {
  const agents: Agent[] = HOSTILE.map((name, i) => agentRecord(`agnt_h${String(i).padStart(2, '0')}`, name));
  const engine = useSqlEngines({ agents });
  const idOf = (value: string) => agents.find((a) => a.name === value)!.id;

  test.for(ENGINE_NAMES)('%s', async (name) => {
    const e = engine(name);
    for (const value of HOSTILE) {
      expect(await e.ids(query('agent.name EQ %v', value)), `${name}: EQ ${value}`).toEqual([idOf(value)]);
      expect(await e.ids(query('agent.name IN %v,%v', value)), `${name}: IN ${value}`).toEqual([idOf(value)]);
      const containing = agents.filter((a) => a.name.toLowerCase().includes(value.toLowerCase())).map((a) => a.id);
      expect(await e.ids(query('agent.name LIKE %v', value)), `${name}: LIKE ${value}`).toEqual(containing);
      expect(await e.ids(query('agent.name NOT_LIKE %v', value)), `${name}: NOT_LIKE ${value}`).toHaveLength(agents.length - containing.length);
    }
    const [count] = await e.db.all<{ n: unknown }>({ text: `SELECT count(*) AS n FROM ${resolveDialect(e.db.dialect).quoteIdentifier('agent')}`, values: [] });
    expect(Number(count?.n), `${name}: the agent table is intact`).toBe(agents.length);
  });
});
