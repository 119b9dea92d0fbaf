/** Every command of the CLI, in the order `tql --help` lists them. */
import type { Command } from '../command.js';
import { checkCommand } from './check.js';
import { formatCommand } from './format.js';

export const COMMANDS: readonly Command[] = [checkCommand, formatCommand];
