/** `tql filter`: records from the sample data, a file or stdin, through the in-memory backend. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, it } from '../support/property.js';
import { afterAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { recordsOf, sampleData } from '../../src/models/scheduling/sample.js';
import { schedulingSchema, type SchedulingEntityName } from '../../src/models/scheduling/schema.js';
import { tql } from './capture.js';

const dir = mkdtempSync(join(tmpdir(), 'tql-filter-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const AGENTS = [
  { id: 'agnt_a', name: 'John Smith', role: 'User', schedulable: true, created_at: 1 },
  { id: 'agnt_b', name: 'Ann Smith', role: 'Administrator', schedulable: false, created_at: 2 },
  { id: 'agnt_c', name: 'Joan Little', role: 'User', schedulable: false, created_at: 3 },
];
const ndjson = (records: readonly object[]) => records.map((r) => `${JSON.stringify(r)}\n`).join('');

describe('tql filter over the bundled sample data', () => {
  test.for<[string, SchedulingEntityName]>([
    ['agent.two_factor_enabled EQ false', 'agent'],
    ['agent.name LIKE jo', 'agent'],
    ['scheduling_request.status IN new,sent AND scheduling_request.selected_start_time EQ null', 'scheduling_request'],
    ['resource.external_name EQ null', 'resource'],
    ['team.team_type LIKE psa_b', 'team'],
  ])('%s --output ids gives the ids filterRecords gives', async ([query, entity]) => {
    const expected = filterRecords(check(query, schedulingSchema, entity), recordsOf(sampleData(), entity)).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(0);
    const r = await tql(['filter', query, '--output', 'ids']);
    expect(r).toEqual({ code: 0, stdout: expected.map((id) => `${id}\n`).join(''), stderr: '' });
  });

  test('agent.two_factor_enabled EQ false --count', async () => {
    const expected = filterRecords(check('agent.two_factor_enabled EQ false', schedulingSchema, 'agent'), sampleData().agents).length;
    expect(await tql(['filter', 'agent.two_factor_enabled EQ false', '--count'])).toEqual({ code: 0, stdout: `${expected}\n`, stderr: '' });
    expect(await tql(['filter', 'agent.two_factor_enabled EQ false', '-c', '--json'])).toEqual({ code: 0, stdout: `{"count":${expected}}\n`, stderr: '' });
  });

  test('agent.name EQ "nobody at all" prints nothing and exits 0', async () => {
    expect(await tql(['filter', 'agent.name EQ "nobody at all"'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('tql filter over a file or stdin', () => {
  test.for<[string, (path: string) => string[]]>([
    ['NDJSON file', (p) => ['--input', p]],
    ['NDJSON file, short flag', (p) => ['-i', p]],
  ])('agent.name LIKE jo on an %s', async ([, args]) => {
    const path = file('agents.ndjson', ndjson(AGENTS));
    const r = await tql(['filter', 'agent.name LIKE jo', ...args(path)]);
    expect(r).toEqual({ code: 0, stdout: ndjson([AGENTS[0]!, AGENTS[2]!]), stderr: '' });
  });

  test('agent.role EQ User on a JSON array file (pretty-printed, CRLF) --output json', async () => {
    const path = file('agents.json', JSON.stringify(AGENTS, null, 2).replaceAll('\n', '\r\n'));
    const r = await tql(['filter', 'agent.role EQ User', '-i', path, '--output', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([AGENTS[0], AGENTS[2]]);
  });

  test.for<[string, string]>([
    ['--output json', '[]\n'],
    ['--json', '{\n  "records": []\n}\n'],
  ])('agent.role EQ Nobody %s: no match is an empty list', async ([flag, stdout]) => {
    const path = file('agents2.ndjson', ndjson(AGENTS));
    expect(await tql(['filter', 'agent.role EQ Nobody', '-i', path, ...flag.split(' ')])).toEqual({ code: 0, stdout, stderr: '' });
  });

  test('stdin in chunks that split lines and a multi-byte character', async () => {
    const text = Buffer.from(ndjson([...AGENTS, { id: 'agnt_d', name: 'Jörg Ölsen', created_at: 4 }]));
    const cut = text.indexOf(Buffer.from('ö')) + 1; // inside the two bytes of ö
    const chunks = [text.subarray(0, 5), text.subarray(5, cut), text.subarray(cut)];
    const r = await tql(['filter', 'agent.name LIKE jö', '--input', '-', '-o', 'ids'], { stdin: chunks });
    expect(r).toEqual({ code: 0, stdout: 'agnt_d\n', stderr: '' });
  });

  test('blank lines, a byte-order mark and a last line without a newline are fine', async () => {
    const path = file('blank.ndjson', `\uFEFF\n${JSON.stringify(AGENTS[0])}\n\n   \n${JSON.stringify(AGENTS[2])}`);
    expect((await tql(['filter', 'agent.name LIKE jo', '-i', path, '-o', 'ids'])).stdout).toBe('agnt_a\nagnt_c\n');
  });

  test('records without the attribute never match, and NOT_EQ matches them (complement law)', async () => {
    const path = file('partial.ndjson', ndjson([{ id: 'x' }, { id: 'y', url_slug: 'y' }, { id: 'z', url_slug: null }]));
    expect((await tql(['filter', 'agent.url_slug EQ y', '-i', path, '-o', 'ids'])).stdout).toBe('y\n');
    expect((await tql(['filter', 'agent.url_slug NOT_EQ y', '-i', path, '-o', 'ids'])).stdout).toBe('x\nz\n');
  });
});

describe('standard input', () => {
  const piped = '{"id":"a","name":"Jo"}\n{"id":"b","name":"Al"}\n';
  test('records piped in without --input are read, as jq and grep do', async () => {
    expect(await tql(['filter', 'agent.name LIKE jo', '-o', 'ids'], { stdin: piped, stdinPiped: true })).toEqual({ code: 0, stdout: 'a\n', stderr: '' });
  });
  test('a terminal on standard input: the sample data', async () => {
    const fromSample = await tql(['filter', 'agent.two_factor_enabled EQ false', '--count'], { stdin: piped, stdinPiped: false });
    expect(Number(fromSample.stdout)).toBeGreaterThan(2);
  });
  test('the query from standard input with -', async () => {
    expect(await tql(['check', '-'], { stdin: 'agent.name~LIKE~john\n', stdinPiped: true })).toEqual({ code: 0, stdout: 'agent.name LIKE john\n', stderr: '' });
  });
  test('tql filter - reads the query there, and the records from the sample data', async () => {
    const viaStdin = await tql(['filter', '-', '--count'], { stdin: 'agent.two_factor_enabled EQ false', stdinPiped: true });
    const viaArgument = await tql(['filter', 'agent.two_factor_enabled EQ false', '--count']);
    expect(viaStdin).toEqual(viaArgument);
  });
  test('the query and the records cannot both come from standard input', async () => {
    const r = await tql(['filter', '-', '--input', '-'], { stdin: piped, stdinPiped: true });
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'tql filter: the query and the records cannot both come from standard input; give the records with --input <file>.\n' });
  });
});

describe('unreadable records exit 3 with the line', () => {
  test('line 3 of an NDJSON file is not JSON', async () => {
    const path = file('bad.ndjson', `${JSON.stringify(AGENTS[0])}\n${JSON.stringify(AGENTS[1])}\n{"id": "agnt_x", name: "X"}\n`);
    const r = await tql(['filter', 'agent.name LIKE jo', '-i', path]);
    expect(r.code).toBe(3);
    expect(r.stderr.replace(path, '<file>')).toMatchInlineSnapshot(`
      "error[invalid_input] at 3:18: Line 3 of <file> is not valid JSON (Expected double-quoted property name): give one JSON object (one record) per line.
        {"id": "agnt_x", name: "X"}
                         ^
      "
    `);
  });

  test('line 2 of stdin is an array, not an object (--json: the error as JSON on stdout)', async () => {
    const r = await tql(['filter', 'agent.name LIKE jo', '-i', '-', '--json', '--count'], { stdin: '{"id":"a"}\n[1, 2]\n' });
    expect(r.code).toBe(3);
    const { error } = JSON.parse(r.stdout);
    expect(error.code).toBe('invalid_input');
    expect(error.issues[0].position).toEqual({ offset: 11, line: 2, column: 1 });
    expect(error.issues[0].message).toMatchInlineSnapshot(`"Line 2 of standard input holds an array, not a JSON object: give one JSON object (one record) per line."`);
  });

  test('a JSON array broken on line 4', async () => {
    const path = file('bad.json', '[\n  {"id": "a"},\n  {"id": "b"},\n  {"id": \'c\'}\n]\n');
    const r = await tql(['filter', 'agent.name LIKE jo', '-i', path]);
    expect(r.code).toBe(3);
    expect(r.stderr.replace(path, '<file>')).toMatchInlineSnapshot(`
      "error[invalid_input] at 4:10: <file> is not a valid JSON array: unexpected "'".
          {"id": 'c'}
                 ^
      "
    `);
  });

  test('a JSON array with a number in it', async () => {
    const path = file('numbers.json', '[{"id": "a"}, 7]');
    const r = await tql(['filter', 'agent.name LIKE jo', '-i', path]);
    expect(r.code).toBe(3);
    expect(r.stderr.replace(path, '<file>')).toMatchInlineSnapshot(`
      "error[invalid_input]: Element 1 of the array in <file> is the number 7, not a JSON object: every record is an object.
      "
    `);
  });

  test('a file that does not exist', async () => {
    const r = await tql(['filter', 'agent.name LIKE jo', '-i', join(dir, 'missing.ndjson')]);
    expect(r.code).toBe(3);
    expect(r.stderr.replace(dir, '<dir>')).toMatchInlineSnapshot(`
      "error[invalid_input]: Cannot read records from "<dir>/missing.ndjson": there is no such file.
      "
    `);
  });

  test('an invalid query exits 1 before reading anything', async () => {
    const r = await tql(['filter', 'agent.name LIKE', '-i', join(dir, 'missing.ndjson')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error[syntax_error]');
  });

  test('--output xml is a usage error', async () => {
    expect(await tql(['filter', 'agent.name EQ x', '--output', 'xml'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'tql: --output takes ndjson, json or ids, not "xml"\n',
    });
  });
});

describe('--json: one JSON document on standard output, whatever happens', () => {
  const unreadable = '{"id": "agnt_x", name: "X"}';

  test('agent.name LIKE jo --json, line 3 of 4 unreadable: the matches before it, then the error', async () => {
    const path = file('mid.ndjson', `${ndjson([AGENTS[0]!, AGENTS[1]!])}${unreadable}\n${ndjson([AGENTS[2]!])}`);
    const r = await tql(['filter', 'agent.name LIKE jo', '-i', path, '--json']);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 3, stderr: '' });
    expect(r.stdout.replaceAll(path, '<file>')).toMatchInlineSnapshot(`
      "{
        "records": [
          {"id":"agnt_a","name":"John Smith","role":"User","schedulable":true,"created_at":1}
        ],
        "error": {
          "code": "invalid_input",
          "message": "3:18 invalid_input: Line 3 of <file> is not valid JSON (Expected double-quoted property name): give one JSON object (one record) per line.\\n  {\\"id\\": \\"agnt_x\\", name: \\"X\\"}\\n                   ^",
          "issues": [
            {
              "code": "invalid_input",
              "message": "Line 3 of <file> is not valid JSON (Expected double-quoted property name): give one JSON object (one record) per line.",
              "span": {
                "start": 17,
                "end": 18
              },
              "position": {
                "offset": 194,
                "line": 3,
                "column": 18
              }
            }
          ]
        }
      }
      "
    `);
  });

  test.for<[string, readonly string[], string, number, string]>([
    ['the first line unreadable', ['agent.name LIKE jo', '-i', '-'], `${unreadable}\n`, 3, 'invalid_input'],
    ['a line unreadable after records that do not match', ['agent.name LIKE jo', '-i', '-'], `{"id":"b","name":"Al"}\n${unreadable}\n`, 3, 'invalid_input'],
    ['--count, then a line unreadable', ['agent.name LIKE jo', '-i', '-', '--count'], `{"id":"a","name":"Jo"}\n${unreadable}\n`, 3, 'invalid_input'],
    ['a JSON array cut short', ['agent.name LIKE jo', '-i', '-'], '[{"id":"a","name":"Jo"},', 3, 'invalid_input'],
    ['a record file that does not exist', ['agent.name LIKE jo', '-i', join(dir, 'missing.ndjson')], '', 3, 'invalid_input'],
    ['an invalid query', ['agent.name LIKE', '-i', '-'], '{"id":"a","name":"Jo"}\n', 1, 'syntax_error'],
    ['no query', [], '', 2, 'invalid_option'],
    ['--output xml', ['agent.name LIKE jo', '--output', 'xml'], '', 2, 'invalid_option'],
    ['--output ids, which is not one JSON document', ['agent.name LIKE jo', '--output', 'ids'], '', 2, 'invalid_option'],
    ['--profile loud', ['agent.name LIKE jo', '--profile', 'loud'], '', 2, 'invalid_option'],
    ['an unknown option', ['agent.name LIKE jo', '--bogus'], '', 2, 'invalid_option'],
    ['a schema file that does not exist', ['agent.name LIKE jo', '--schema', join(dir, 'missing.schema.json'), '-i', '-'], '', 3, 'invalid_input'],
    ['a schema file that is not JSON', ['agent.name LIKE jo', '--schema', file('cut.schema.json', '{"entities":'), '-i', '-'], '', 3, 'invalid_input'],
    [
      'a schema file that is not a valid schema',
      ['agent.name LIKE jo', '--schema', file('bad.schema.json', JSON.stringify({ entities: { agent: { attributes: { Name: { type: 'Text' } } } } })), '-i', '-'],
      '',
      3,
      'invalid_schema',
    ],
    [
      'a schema of your own and no records',
      ['agent.name LIKE jo', '--schema', file('own.schema.json', JSON.stringify({ entities: { agent: { attributes: { name: { type: 'String' } } } } }))],
      '',
      2,
      'invalid_option',
    ],
  ])('%s: {"error": …} alone, exit %i', async ([, argv, stdin, code, errorCode]) => {
    const r = await tql(['filter', ...argv, '--json'], { stdin });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code, stderr: '' });
    const document = JSON.parse(r.stdout) as { error: { code: string } };
    expect(Object.keys(document)).toEqual(['error']);
    expect(document.error.code).toBe(errorCode);
  });

  const arbAgent = fc.record({ id: fc.constantFrom('agnt_1', 'agnt_2', 'agnt_3'), name: fc.constantFrom('Jo', 'Joan Smith', 'Al', 'Ann', 'jOHN') });
  it.prop([fc.array(arbAgent, { maxLength: 12 }), fc.option(fc.nat(12), { nil: undefined })], { numRuns: 60 })(
    'agent.name LIKE jo --json over any records, with an unreadable line anywhere or none: the matches read before it, then its error',
    async (records, unreadableAt) => {
      const at = unreadableAt === undefined ? records.length : Math.min(unreadableAt, records.length);
      const lines = records.map((r) => JSON.stringify(r));
      if (unreadableAt !== undefined) lines.splice(at, 0, unreadable);
      const r = await tql(['filter', 'agent.name LIKE jo', '-i', '-', '--json'], { stdin: lines.map((l) => `${l}\n`).join('') });
      const expected = filterRecords(check('agent.name LIKE jo', schedulingSchema, 'agent'), records.slice(0, at));
      const document = JSON.parse(r.stdout) as { records?: unknown[]; error?: { issues: { position: { line: number } }[] } };
      if (unreadableAt === undefined) {
        expect({ code: r.code, document }).toEqual({ code: 0, document: { records: expected } });
      } else {
        expect(r.code).toBe(3);
        expect(document.records).toEqual(expected.length === 0 ? undefined : expected);
        expect(document.error?.issues[0]?.position.line).toBe(at + 1);
      }
    },
  );
});

describe('progress on standard error', () => {
  const many = ndjson(Array.from({ length: 5000 }, (_, i) => ({ id: `agnt_${i}`, name: i % 2 === 0 ? 'Jo' : 'Al', created_at: i })));

  test('on a terminal, a long run draws a progress line and erases it at the end', async () => {
    let t = 0;
    const r = await tql(['filter', 'agent.name EQ Jo', '-i', '-', '--count'], { stdin: many, interactive: true, now: () => (t += 700) });
    expect(r.stdout).toBe('2500\n');
    expect(r.stderr).toContain('stdin: 2,048 records read, 1,024 matched');
    expect(r.stderr.endsWith('\r\u001b[2K')).toBe(true);
  });

  test('not on a terminal, nothing is drawn however long it takes', async () => {
    let t = 0;
    const r = await tql(['filter', 'agent.name EQ Jo', '-i', '-', '--count'], { stdin: many, interactive: false, now: () => (t += 700) });
    expect(r).toEqual({ code: 0, stdout: '2500\n', stderr: '' });
  });

  test('on a terminal, a short run draws nothing', async () => {
    const r = await tql(['filter', 'agent.name EQ Jo', '-i', '-', '--count'], { stdin: many, interactive: true, now: () => 0 });
    expect(r.stderr).toBe('');
  });
});
