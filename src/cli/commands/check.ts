import { print } from '../../ast/print.js';
import type { Profile } from '../../parser/profiles.js';
import { toAst } from '../../validate/to-ast.js';
import type { Command } from '../command.js';
import { QUERY_OPTIONS } from '../query-options.js';
import { EXIT } from '../io.js';
import { readQuery } from '../query-input.js';
import { renderWarnings } from '../render-error.js';
import { style } from '../style.js';
import { warnings } from '../../tooling/warnings.js';

/** `tql check`: validate a query and print its normalized form. */
export const checkCommand: Command = {
  name: 'check',
  summary: 'Validate a query and print it normalized (or every error, with carets).',
  usage: 'tql check <query> [--entity <name>] [--profile <p>] [--time-zone <zone>] [--json]',
  options: QUERY_OPTIONS,
  details: `Exit status: 0 valid, 1 invalid query, 2 usage error. A valid query that probably does
not mean what it says (a list in brackets, a % in LIKE, NULL as text, a timestamp in
milliseconds, duplicates, ranges that cannot meet) is printed with warnings on standard error;
the status stays 0. With --json the output has "warnings": [...].

Examples:
  tql check 'agent.name~LIKE~john'
  tql check 'scheduling_request.selected_start_time GTE 2023-07-01' --time-zone Europe/Berlin
  tql check 'agent.name EQ a OR agent.name EQ b' --profile timezest`,
  async run(positionals, options, io) {
    const input = readQuery(positionals, options, io);
    if (!input.ok) return input.exit;
    // The normalized form keeps relative times as written (`now-7d`), not the instant of --now.
    const normalized = toAst(input.written);
    // Warnings never make a query invalid: they are printed, and the status stays 0.
    // readQuery checked --profile; a fix uses only what that profile takes.
    const found = warnings(input.query, { profile: options.profile as Profile | undefined });
    if (options.json === true) {
      const body = { valid: true, entity: input.entity, normalized: print(normalized, { style: 'readable' }), condition: input.written.condition, warnings: found };
      io.stdout.write(`${JSON.stringify(body, jsonReplacer, 2)}\n`);
    } else {
      io.stdout.write(`${print(normalized, { style: 'readable' })}\n`);
      io.stderr.write(renderWarnings(input.query.text, found, style(io.color)));
    }
    return EXIT.ok;
  },
};

/** Attributes are printed by their path in JSON output, not as their whole schema entry. */
function jsonReplacer(key: string, value: unknown): unknown {
  if (key === 'attribute' && typeof value === 'object' && value !== null && 'path' in value) return (value as { path: string }).path;
  return value;
}
