/** The `tql` program: finds the command, parses its options, runs it, returns the exit code. */
import { commandHelp, parseCommandArgs } from './args.js';
import type { Command } from './command.js';
import { COMMANDS } from './commands/index.js';
import { EXIT, type CliIo } from './io.js';

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
    'Run tql <command> --help for the options of a command.',
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
  if (name === '--version' || name === '-V') {
    io.stdout.write('tql 0.1.0\n');
    return EXIT.ok;
  }
  const command: Command | undefined = COMMANDS.find((c) => c.name === name);
  if (command === undefined) {
    io.stderr.write(`tql: unknown command "${name}"\n\n${programHelp()}`);
    return EXIT.usage;
  }
  const args = parseCommandArgs(command, rest);
  if (!args.ok) {
    io.stderr.write(`tql ${command.name}: ${args.message}\nRun tql ${command.name} --help for its options.\n`);
    return EXIT.usage;
  }
  if (args.options.help === true) {
    io.stdout.write(commandHelp(command));
    return EXIT.ok;
  }
  return command.run(args.positionals, args.options, io);
}
