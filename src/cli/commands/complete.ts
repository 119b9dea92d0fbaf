import { isTqlError } from '../../errors/tql-error.js';
import { PROFILES } from '../../parser/profiles.js';
import { complete } from '../../tooling/completion.js';
import type { Command } from '../command.js';
import { QUERY_OPTIONS } from '../query-options.js';
import { EXIT } from '../io.js';
import { oneOf, positiveInteger } from '../option-values.js';
import { entityFor, queryText, reportError } from '../query-input.js';
import { cliSchema } from '../schema-option.js';
import { usageError } from '../usage-error.js';

// complete() takes no time zone (the dates it offers are today's in UTC): an option it would ignore is left out.
const { 'time-zone': _timeZone, ...COMPLETE_OPTIONS } = QUERY_OPTIONS;

/** `tql complete`: what can come next at a cursor in a filter. */
export const completeCommand: Command = {
  name: 'complete',
  summary: 'List what can come next at a cursor in a filter (for shells and editors).',
  usage: 'tql complete <text> [--at <offset>] [--entity <name>] [--profile <p>] [--json]',
  options: {
    ...COMPLETE_OPTIONS,
    at: { type: 'string', value: '<offset>', help: 'the cursor, in characters from the start (default: the end of the text)' },
  },
  details: `Prints one candidate per line: what it inserts, its kind and what it means. The text may
be incomplete or invalid. With --json: { "items": [{ "label", "kind", "insert",
"replace": { "start", "end" }, "detail" }] }, where replace is the range of the text the insert
replaces. Exit status: 0, or 2 for a usage error.

Examples:
  tql complete 'agent.two_factor_enabled EQ '
  tql complete 'scheduling_request.status IN new,' --json
  tql complete 'agent.na AND agent.role EQ User' --at 8`,
  async run(positionals, options, io) {
    // '' is a real question: what can a filter start with?
    const text = queryText(positionals, io);
    if (text === undefined) return EXIT.usage;
    const profile = oneOf('profile', options.profile, PROFILES, 'extended', io);
    const at = positiveInteger('at', options.at, io, 0);
    if (profile === undefined || at === null) return EXIT.usage;
    if (at !== undefined && at > text.length) {
      return usageError(io, `--at ${at} is past the end of the text (${text.length} characters)`);
    }
    try {
      const { schema } = cliSchema(options, io);
      const { items } = complete(text, at ?? text.length, schema, entityFor(text, options, schema), { profile });
      if (options.json === true) {
        // The documented shape (docs/cli.md): `incomplete` tells an editor to keep its menu open
        // after an id prefix, which a shell, inserting the text and going on, has no use for.
        const body = items.map(({ label, kind, insert, replace, detail }) => ({ label, kind, insert, replace, detail }));
        io.stdout.write(`${JSON.stringify({ items: body }, null, 2)}\n`);
      } else {
        const insertWidth = Math.max(0, ...items.map((i) => i.insert.length));
        const kindWidth = Math.max(0, ...items.map((i) => i.kind.length));
        for (const i of items) io.stdout.write(`${i.insert.padEnd(insertWidth)}  ${i.kind.padEnd(kindWidth)}  ${i.detail}\n`);
      }
      return EXIT.ok;
    } catch (e) {
      if (isTqlError(e)) return reportError(e, options, io);
      throw e;
    }
  },
};
