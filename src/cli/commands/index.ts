/** Every command of the CLI, in the order `tql --help` lists them. */
import type { Command } from '../command.js';
import { checkCommand } from './check.js';
import { checkMappingCommand } from './check-mapping.js';
import { checkRecordsCommand } from './check-records.js';
import { completeCommand } from './complete.js';
import { explainCommand } from './explain.js';
import { filterCommand } from './filter.js';
import { formatCommand } from './format.js';
import { indexesCommand } from './indexes.js';
import { mongoCommand } from './mongo.js';
import { openapiCommand } from './openapi.js';
import { proveCommand } from './prove.js';
import { sqlCommand } from './sql.js';
import { demoCommand } from './demo.js';

export const COMMANDS: readonly Command[] = [checkCommand, completeCommand, formatCommand, sqlCommand, indexesCommand, checkMappingCommand, checkRecordsCommand, proveCommand, mongoCommand, filterCommand, explainCommand, openapiCommand, demoCommand];
