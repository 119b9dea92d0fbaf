/** The program around the commands: help, version, unknown commands and options, exit codes. */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { tql } from './capture.js';

describe('tql', () => {
  test('lists every command in --help', async () => {
    const r = await tql(['--help']);
    expect(r.code).toBe(0);
    for (const name of ['check', 'format', 'sql', 'mongo', 'filter', 'explain']) expect(r.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
  });

  test('no command: help on stderr, exit 2', async () => {
    const r = await tql([]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Usage: tql <command>');
  });

  test.for(COMMANDS.map((c) => c.name))('tql %s --help', async (name) => {
    const r = await tql([name, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: tql ${name}( |$)`, 'm'));
    expect(r.stdout).toContain('  -h, --help ');
  });

  test.for(['check', 'format', 'sql', 'mongo', 'filter', 'explain'])('tql %s --help has examples', async (name) => {
    expect((await tql([name, '--help'])).stdout).toMatch(/\nExamples:\n {2}tql /);
  });

  test('an unknown option is a usage error', async () => {
    expect(await tql(['filter', 'agent.name EQ x', '--bogus'])).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stderr": "tql filter: Unknown option '--bogus'.
      Run tql filter --help for its options.
      ",
        "stdout": "",
      }
    `);
  });

  test('an unknown command is a usage error', async () => {
    const r = await tql(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('tql: unknown command "frobnicate"');
  });

  test('tql chek: did you mean check?', async () => {
    const r = await tql(['chek', 'agent.name EQ x']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('tql: unknown command "chek"; did you mean "check"?');
  });

  test.for<[readonly string[]]>([
    [['chek', 'agent.name EQ x', '--json']],
    [['filter', 'agent.name EQ x', '--bogus', '--json']],
    [['filter', '-', '--input', '-', '--json']],
  ])('usage errors under --json are one JSON document on standard output: %j', async ([argv]) => {
    const r = await tql(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ error: { code: 'invalid_option' } });
  });

  test('the JSON of a usage error', async () => {
    expect((await tql(['filter', 'agent.name EQ x', '--bogus', '--json'])).stdout).toMatchInlineSnapshot(`
      "{
        "error": {
          "code": "invalid_option",
          "message": "invalid_option: Unknown option '--bogus'. Run tql filter --help for its options.",
          "issues": [
            {
              "code": "invalid_option",
              "message": "Unknown option '--bogus'. Run tql filter --help for its options.",
              "span": {
                "start": 0,
                "end": 0
              },
              "position": {
                "offset": 0,
                "line": 1,
                "column": 1
              }
            }
          ]
        }
      }
      "
    `);
  });

  test.for<[string]>([['--version'], ['-V'], ['-v']])('tql %s prints the version of package.json', async ([flag]) => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(await tql([flag])).toEqual({ code: 0, stdout: `tql ${pkg.version}\n`, stderr: '' });
  });

  test('a negative value after an option that takes one is its value, not an option', async () => {
    const r = await tql(['filter', 'agent.name EQ x', '--output', '-1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('-1');
    expect(r.stderr).not.toContain('ambiguous');
  });
});

describe('tql check and tql format', () => {
  test.for<[string[], number, string]>([
    [['check', 'agent.name~LIKE~john'], 0, 'agent.name LIKE john\n'],
    [['check', 'agent.created_at GTE 2023-07-01'], 0, 'agent.created_at GTE 1688169600\n'],
    [['format', '--style', 'url', 'agent.name EQ "Pat Smith"'], 0, 'agent.name~EQ~"Pat Smith"\n'],
    [['format', 'agent.name~EQ~x~AND~agent.role~EQ~User'], 0, 'agent.name EQ x AND agent.role EQ User\n'],
  ])('%j', async ([args, code, stdout]) => {
    expect(await tql(args)).toEqual({ code, stdout, stderr: '' });
  });

  test('check agent.name eq john exits 1', async () => {
    const r = await tql(['check', 'agent.name eq john']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error[unknown_operator] at 1:12');
  });

  test('check agents.name LIKE john: a near-miss prefix picks the entity it is close to', async () => {
    const r = await tql(['check', 'agents.name LIKE john']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatchInlineSnapshot(`
      "error[unknown_entity] at 1:1: agents.name: "agents" is not an entity of this schema; this query filters agent, so write agent.<attribute>. Did you mean agent.name?
        agents.name LIKE john
        ^^^^^^
        fix: agent.name
      "
    `);
  });
});
