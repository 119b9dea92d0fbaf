import { print, type PrintStyle } from '../../ast/print.js';
import { safeParse } from '../../parser/parse.js';
import type { Command } from '../command.js';
import { EXIT } from '../io.js';
import { oneOf } from '../option-values.js';
import { queryText, reportError } from '../query-input.js';

const STYLES: readonly PrintStyle[] = ['url', 'readable'];

/** `tql format`: print a query in one of the two styles, without validating it against a schema. */
export const formatCommand: Command = {
  name: 'format',
  summary: 'Print a query in the url style (~ separators) or the readable style (spaces).',
  usage: 'tql format <query> [--style url|readable] [--json]',
  options: {
    style: { type: 'string', value: '<url|readable>', help: 'output style (default readable)' },
    json: { type: 'boolean', help: 'print JSON for programs' },
  },
  details: `Examples:
  tql format 'agent.name   LIKE john~AND~agent.schedulable EQ true'
  tql format --style url 'agent.name EQ "Pat Smith"'`,
  async run(positionals, options, io) {
    const text = queryText(positionals, io);
    if (text === undefined) return EXIT.usage;
    const styleName = oneOf('style', options.style, STYLES, 'readable', io);
    if (styleName === undefined) return EXIT.usage;
    const r = safeParse(text);
    if (!r.ok) return reportError(r.error, options, io);
    const out = print(r.value, { style: styleName });
    io.stdout.write(options.json === true ? `${JSON.stringify({ formatted: out })}\n` : `${out}\n`);
    return EXIT.ok;
  },
};
