/**
 * Whatever the command line, `tql` ends with one of its documented exit codes and never throws;
 * with `--json`, its standard output is one JSON document.
 */
import { fc, test } from '../support/property.js';
import { describe, expect } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { tql } from './capture.js';

const arbWord = fc.oneof(
  fc.constantFrom('check', 'format', 'sql', 'mongo', 'filter', 'explain', 'help', '--help', '-h', '--json', '--color', '--no-color'),
  fc.constantFrom('--entity', 'agent', 'resource', '--profile', 'timezest', '--time-zone', 'Mars/Base', '--dialect', 'sqlite', '--select', '--limit', '0', '7'),
  fc.constantFrom('--output', 'ids', 'json', '--count', '--record', '{"name":"jo"}', '{', '--compact', '--style', 'url', '--case-folding', 'unicode'),
  fc.constantFrom('agent.name', 'LIKE', 'jo', 'EQ', 'AND', 'OR', '(', ')', 'null', 'agent.created_at', 'GTE', '2023-02-30', 'scheduling_request.status', 'IN', 'new,sent'),
  fc.string({ maxLength: 6 }),
);

describe('tql robustness', () => {
  const arbCommand = fc.constantFrom('check', 'format', 'sql', 'mongo', 'filter', 'explain');
  test.prop([arbCommand, fc.array(arbWord, { maxLength: 8 }), fc.boolean(), fc.string({ maxLength: 60 })], { numRuns: 200 })(
    'any arguments and stdin end with exit 0, 1, 2 or 3',
    async (command, rest, fromStdin, stdin) => {
      const argv = [command, ...rest, ...(fromStdin ? ['--input', '-'] : [])];
      const r = await tql(argv, { stdin });
      expect([0, 1, 2, 3]).toContain(r.code);
      if (r.code !== 0) expect(`${r.stdout}${r.stderr}`).not.toBe('');
    },
  );

  // Help is text for people whatever else is given; a short flag may come in a group (-ch).
  const asksHelp = (argv: readonly string[]) => argv.some((a) => a === '--help' || /^-[^-]*h/.test(a));
  test.prop([fc.constantFrom(...COMMANDS.map((c) => c.name)), fc.array(arbWord, { maxLength: 8 }), fc.boolean(), fc.string({ maxLength: 60 })], { numRuns: 150 })(
    'with --json, any arguments and stdin print one JSON document, with "error" exactly when the exit status is not 0 (or the help asked for)',
    async (command, rest, fromStdin, stdin) => {
      const argv = [command, ...rest, '--json', ...(fromStdin ? ['--input', '-'] : [])];
      const r = await tql(argv, { stdin });
      if (asksHelp(rest) && r.stdout.startsWith(`Usage: tql ${command}`)) {
        expect(r.code).toBe(0);
        return;
      }
      const document: unknown = JSON.parse(r.stdout);
      expect(typeof document === 'object' && document !== null && Object.hasOwn(document, 'error')).toBe(r.code !== 0);
    },
  );
});
