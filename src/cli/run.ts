/** The `tql` program: finds the command, parses its options, runs it, returns the exit code. */
import { commandHelp, parseCommandArgs } from './args.js';
import type { Command } from './command.js';
import { COMMANDS } from './commands/index.js';
import { EXIT, type CliIo } from './io.js';
import { closest } from '../errors/suggest.js';
import { usageError } from './usage-error.js';
import { VERSION } from './version.js';

function programHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return [
    'Usage: tql <command> <query> [options]',
    '',
    'The TQL filter language on the scheduling reference models.',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    'Run tql <command> --help for the options of a command. A query given as - is read from',
    'standard input.',
    'Exit status: 0 success, 1 invalid query, 2 usage error, 3 unreadable input.',
    '',
  ].join('\n');
}

/**
 * Runs the CLI with `argv` (without `node` and the script path).
 *
 * @example
 * ```ts
 * const code = await runCli(['check', 'agent.name~LIKE~john'], processIo());
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout).write(programHelp());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-V' || name === '-v') {
    io.stdout.write(`tql ${VERSION}\n`);
    return EXIT.ok;
  }
  // Until the options are parsed, a --json anywhere asks for a JSON usage error.
  const early: CliIo = { ...io, json: rest.includes('--json') };
  const command: Command | undefined = COMMANDS.find((c) => c.name === name);
  if (command === undefined) {
    const near = closest(name, COMMANDS.map((c) => c.name));
    const message = `unknown command "${name}"${near === undefined ? '' : `; did you mean "${near}"?`}`;
    return usageError(early, `${message}. Run tql --help for the commands.`, 'tql', `tql: ${message}\n\n${programHelp()}`);
  }
  const args = parseCommandArgs(command, rest);
  if (!args.ok) {
    const help = `Run tql ${command.name} --help for its options.`;
    return usageError(early, `${args.message} ${help}`, 'tql', `tql ${command.name}: ${args.message}\n${help}\n`);
  }
  // Help is text whatever else is asked: it is read by people.
  if (args.options.help === true) {
    io.stdout.write(commandHelp(command));
    return EXIT.ok;
  }
  const commandIo: CliIo = { ...io, json: args.options.json === true };
  if (args.positionals.length === 1 && args.positionals[0] === '-') {
    if (args.options.input === '-') {
      const message = 'the query and the records cannot both come from standard input; give the records with --input <file>.';
      return usageError(commandIo, message, `tql ${command.name}`);
    }
    // The query is standard input; so no records come from there.
    const query = (await readAll(io)).replace(/\r?\n$/, '');
    return command.run([query], args.options, { ...commandIo, stdinPiped: false });
  }
  return command.run(args.positionals, args.options, commandIo);
}

async function readAll(io: CliIo): Promise<string> {
  let text = '';
  for await (const chunk of io.readStdin()) text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  return text;
}
