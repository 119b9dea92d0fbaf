/** Command-line parsing on top of node:util's parseArgs, with usage errors as values. */
import { parseArgs } from 'node:util';
import { parseArgsMessage } from '../errors/args-message.js';
import type { Command, ParsedOptions } from './command.js';

export type ParsedArgs =
  | { readonly ok: true; readonly positionals: readonly string[]; readonly options: ParsedOptions }
  | { readonly ok: false; readonly message: string };

const COMMON = {
  help: { type: 'boolean', short: 'h' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
} as const;

/**
 * `--limit -1` as `--limit=-1`: parseArgs reads a value that starts with `-` as another option
 * ("ambiguous"), while a negative number after an option that takes a value can only be that
 * value. The command then says what is wrong with it.
 */
function negativeValuesJoined(command: Command, argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const name = arg.startsWith('--') ? arg.slice(2) : Object.keys(command.options).find((n) => arg === `-${command.options[n]!.short}`);
    const next = argv[i + 1];
    if (name !== undefined && command.options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`--${name}=${next}`);
      i++;
    } else {
      out.push(arg);
    }
  }
  return out;
}

/** Parses `argv` (after the command name) against the command's options. */
export function parseCommandArgs(command: Command, argv: readonly string[]): ParsedArgs {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = { ...COMMON };
  for (const [name, spec] of Object.entries(command.options)) {
    options[name] = {
      type: spec.type,
      ...(spec.short === undefined ? {} : { short: spec.short }),
      ...(spec.multiple === undefined ? {} : { multiple: spec.multiple }),
    };
  }
  try {
    const { values, positionals } = parseArgs({ args: negativeValuesJoined(command, argv), options, allowPositionals: true, strict: true });
    return { ok: true, positionals, options: values as ParsedOptions };
  } catch (e) {
    return { ok: false, message: parseArgsMessage(e) };
  }
}

/** The help text of one command. */
export function commandHelp(command: Command): string {
  const rows = Object.entries(command.options).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : '    '}--${name}${spec.value ? ` ${spec.value}` : ''}`;
    return [flag, spec.help] as const;
  });
  rows.push(['    --color, --no-color', 'force colour on or off (default: on for a terminal)']);
  rows.push(['-h, --help', 'show this help']);
  const width = Math.max(...rows.map(([f]) => f.length)) + 2;
  const lines = [`Usage: ${command.usage}`, '', command.summary, '', 'Options:'];
  for (const [flag, help] of rows) lines.push(`  ${flag.padEnd(width)}${help}`);
  if (command.details) lines.push('', command.details.trimEnd());
  return `${lines.join('\n')}\n`;
}
