/** Where the scheduling entities live in the tables of `tables.ts`. */
import { defineSqlMapping } from '../../../backends/sql/define-mapping.js';
import { schedulingSchema } from '../schema.js';

/**
 * `request_resource` holds both arrays of agents and teams of a request; `role` says which
 * one a row comes from.
 */
export const RESOURCE_ROLES = { resources: 'resource', scheduled_agents: 'scheduled_agent' } as const;

/** Unix seconds in the tables' integer columns, which hold no NaN or infinity. */
const SECONDS = { kind: 'unix_seconds', integers: true } as const;

/**
 * The SQL mapping of `schedulingSchema` onto the tables of {@link schedulingDdl}.
 *
 * @example
 * ```ts
 * const q = check('scheduling_request.team_id EQ team_blue', schedulingSchema, 'scheduling_request');
 * compileSql(q, { dialect: 'sqlite', mapping: schedulingSqlMapping }).text;
 * // EXISTS (SELECT 1 FROM "request_resource" WHERE "request_resource"."request_id" = "scheduling_request"."id"
 * //   AND "request_resource"."role" = 'resource' AND "request_resource"."type" = 'team' AND "request_resource"."id" = ?)
 * ```
 */
export const schedulingSqlMapping = defineSqlMapping(schedulingSchema, {
  scheduling_request: {
    table: 'scheduling_request',
    key: 'id',
    storage: { created_at: SECONDS, scheduled_at: SECONDS, selected_start_time: SECONDS },
    collections: {
      associated_entities: { table: 'associated_entity', foreignKey: 'request_id' },
      resources: {
        table: 'request_resource',
        foreignKey: 'request_id',
        discriminator: { column: 'role', value: RESOURCE_ROLES.resources },
      },
      scheduled_agents: {
        table: 'request_resource',
        foreignKey: 'request_id',
        discriminator: { column: 'role', value: RESOURCE_ROLES.scheduled_agents },
      },
    },
  },
  agent: { table: 'agent', key: 'id', storage: { created_at: SECONDS } },
  team: { table: 'team', key: 'id', storage: { created_at: SECONDS } },
  // One table for agents and teams, tagged by `object`; the schema's variant sources pick columns.
  resource: { table: 'resource', key: 'id' },
});
