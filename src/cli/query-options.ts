/** The options every query command takes: the entity, profile, clock and schema of the query. */
import type { OptionSpec } from './command.js';
import { SCHEMA_OPTIONS } from './schema-option.js';

/** Options every query command takes. */
export const QUERY_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  entity: {
    type: 'string',
    short: 'e',
    value: '<name>',
    help: "entity to filter, one of the schema's (default: the prefix of the first attribute)",
  },
  profile: { type: 'string', value: '<extended|timezest>', help: 'language profile (default extended)' },
  'time-zone': { type: 'string', value: '<zone>', help: 'IANA time zone for dates without an offset (default UTC)' },
  now: { type: 'string', value: '<instant>', help: 'the instant relative times (now-7d) count from: Unix seconds or a date-time (default: the clock)' },
  json: { type: 'boolean', help: 'print JSON for programs' },
  ...SCHEMA_OPTIONS,
};
