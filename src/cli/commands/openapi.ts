import { isTqlError, optionError } from '../../errors/tql-error.js';
import { listOpenApi } from '../../http/openapi.js';
import type { Command } from '../command.js';
import { EXIT } from '../io.js';
import { oneOf } from '../option-values.js';
import { reportError } from '../query-input.js';
import { cliSchema, SCHEMA_OPTIONS } from '../schema-option.js';
import { usageError } from '../usage-error.js';
import { PROFILES } from '../../parser/profiles.js';

/** `tql openapi`: the OpenAPI 3.1 document of a list endpoint, as `listOpenApi` in `tql/http` makes it. */
export const openapiCommand: Command = {
  name: 'openapi',
  summary: "Print the OpenAPI 3.1 document of an entity's list endpoint: its filter, sort and paging parameters, its answers.",
  usage: 'tql openapi --entity <name> [--schema <file>] [--path </v1/x>] [--server <url>] [--counts] [--profile <extended|timezest>]',
  options: {
    entity: { type: 'string', short: 'e', value: '<name>', help: 'the entity the endpoint lists (required)' },
    path: { type: 'string', value: '</v1/x>', help: 'where the endpoint is served (default /v1/<entity>s)' },
    server: { type: 'string', value: '<url>', help: 'the URL the API is served at, for the servers of the document (default: none)' },
    counts: { type: 'boolean', help: 'the endpoint takes include=total_count' },
    profile: { type: 'string', value: '<extended|timezest>', help: 'the language profile the endpoint accepts (default extended)' },
    json: { type: 'boolean', help: 'errors too as JSON on standard output' },
    ...SCHEMA_OPTIONS,
  },
  details: `Prints one JSON document: the endpoint GET <path> with its parameters (filter, with every
attribute, its type, its operators and an example; sort, with the attributes it can name; limit;
starting_after, ending_before and cursor; include with --counts), the list body of a 200 and the
error body of a 400 and a 500. It validates as OpenAPI 3.1; listOpenApi in tql/http makes the same
document, for several endpoints, in a program.

Examples:
  tql openapi --entity agent
  tql openapi --entity scheduling_request --path /v1/scheduling_requests --server https://api.example.com --counts
  tql openapi --entity ticket --schema helpdesk.schema.json`,
  async run(positionals, options, io) {
    if (positionals.length > 0) return usageError(io, 'takes no query; name the entity with --entity', 'tql openapi');
    const profile = oneOf('profile', options.profile, PROFILES, 'extended', io);
    if (profile === undefined) return EXIT.usage;
    const entity = options.entity;
    let document: unknown;
    try {
      const { schema } = cliSchema(options, io);
      if (typeof entity !== 'string') throw optionError(`--entity names the entity the endpoint lists, one of ${schema.entityNames.join(', ')}.`);
      const path = typeof options.path === 'string' ? options.path : undefined;
      const serverUrl = typeof options.server === 'string' ? options.server : undefined;
      document = listOpenApi({ serverUrl, endpoints: [{ schema, entity, path, counts: options.counts === true, profile }] });
    } catch (e) {
      if (isTqlError(e)) return reportError(e, options, io);
      throw e;
    }
    io.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
    return EXIT.ok;
  },
};
