/** `tql check-records`: diagnoseRecords over a file, standard input or the sample data, as text or JSON, with its exit status. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { tql } from './capture.js';

const dir = mkdtempSync(join(tmpdir(), 'tql-check-records-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const SCHEMA = file('invoice.schema.json', {
  definitions: {
    Invoice: {
      type: 'object',
      properties: { id: { type: 'integer' }, total: { type: 'number' }, paid: { type: 'boolean' }, createdAt: { type: 'integer', format: 'unix-time' } },
    },
    Customer: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
  },
});
const ndjson = (records: readonly object[]) => records.map((r) => `${JSON.stringify(r)}\n`).join('');
const ROWS = ndjson([
  { id: 1, total: 12.5, paid: 1, createdAt: 1717322400000 },
  { id: 2, total: 8, paid: false, createdAt: 1717322500000 },
]);
const FITTING = ndjson([{ id: 1, total: 12.5, paid: true, createdAt: 1717322400 }]);

describe('tql check-records', () => {
  test('the mismatches, each with its examples and fix; exit 1', async () => {
    expect(await tql(['check-records', '--schema', SCHEMA, '--entity', 'invoice', '--input', file('rows.ndjson', ROWS)])).toEqual({
      code: 1,
      stdout: [
        'invoice.paid: the schema declares booleans; 1 value in 1 of 2 records is the number 0 or 1.',
        '  record 1 (id 1): paid = 1',
        "  fix: declare storage: 'zero_one' on the attribute (SQLite, MySQL TINYINT(1) and rows read without a mapper hold 0 and 1)",
        '',
        'invoice.created_at (createdAt): the schema declares Unix seconds (the default storage, "unix_seconds"); 2 values in 2 of 2 records are a number of seconds past the year 5000: Unix milliseconds?',
        '  record 1 (id 1): createdAt = 1717322400000',
        '  record 2 (id 2): createdAt = 1717322500000',
        "  fix: declare storage: 'unix_milliseconds' on the attribute",
        'invoice: 2 records: 2 mismatches: the filters see these values as missing.',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  test('records that fit: exit 0', async () => {
    expect(await tql(['check-records', '--schema', SCHEMA, '--entity', 'invoice', '--input', file('fitting.ndjson', FITTING)])).toEqual({
      code: 0,
      stdout: 'invoice: 1 record: every value fits the declared type and storage.\n',
      stderr: '',
    });
  });

  test('from standard input, as --json: diagnoseRecords’ result', async () => {
    const r = await tql(['check-records', '--schema', SCHEMA, '--entity', 'invoice', '--json', '--examples', '1'], { stdin: ROWS, stdinPiped: true });
    expect(r.code).toBe(1);
    const diagnosis = JSON.parse(r.stdout) as { records: number; mismatches: { attribute: string; values: number; examples: { record: number }[] }[] };
    expect([diagnosis.records, diagnosis.mismatches.map((m) => [m.attribute, m.values, m.examples.map((e) => e.record)])]).toEqual([
      2,
      [
        ['invoice.paid', 1, [0]],
        ['invoice.created_at', 2, [0]],
      ],
    ]);
  });

  test('the bundled sample data fits the scheduling schema', async () => {
    expect(await tql(['check-records', '--entity', 'agent'])).toEqual({ code: 0, stdout: 'agent: 200 records: every value fits the declared type and storage.\n', stderr: '' });
  });

  test.for<[string, string[], number, string]>([
    ['a query', ['check-records', 'agent.name EQ x', '--entity', 'agent'], 2, 'tql check-records: takes no query; it reads records (--input or standard input)\n'],
    ['no --entity with two entities', ['check-records', '--schema', SCHEMA, '--input', '-'], 2, 'tql check-records: needs --entity <name>, one of invoice, customer\n'],
    ['--schema without records', ['check-records', '--schema', SCHEMA, '--entity', 'invoice'], 2, 'tql check-records: the sample data is for the scheduling models; with --schema, give your records with --input <file> or on standard input\n'],
    ['--examples 0', ['check-records', '--entity', 'agent', '--examples', '0'], 2, 'tql: --examples takes a whole number of at least 1, not "0"\n'],
  ])('%s: a usage error', async ([, argv, code, stderr]) => {
    expect(await tql(argv)).toEqual({ code, stdout: '', stderr });
  });

  test('--examples past 100, an unknown entity: invalid_option, exit 2', async () => {
    expect((await tql(['check-records', '--entity', 'agent', '--examples', '101'])).code).toBe(2);
    expect((await tql(['check-records', '--entity', 'nope'])).stderr).toContain('invalid_option');
  });

  test('a record file that is not JSON: exit 3', async () => {
    const r = await tql(['check-records', '--schema', SCHEMA, '--entity', 'invoice', '--input', file('bad.ndjson', '{"id":1}\nnot json\n')]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('invalid_input');
  });
});
