/**
 * Tenants for the scope tests: generated datasets with a `tenant_id` on every record (two
 * tenants, and records of none), and the scheduling tables with a `tenant_id` column on every
 * table, children included (a child row carries its request's tenant, as co-location needs).
 */
import { inScope, type Scope } from '../../../src/backends/scope.js';
import type { SqlDatabase } from '../../../src/backends/sql/database.js';
import { resolveDialect } from '../../../src/backends/sql/dialects.js';
import { quoteIdentifier as q } from '../../../src/backends/sql/sql-text.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { createSchedulingTables, loadSchedulingData } from '../../../src/models/scheduling/sql/load.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import { SCHEDULING_TABLES } from '../../../src/models/scheduling/sql/tables.js';
import type { SchedulingEntityName } from '../../../src/models/scheduling/schema.js';
import type { ValidatedQuery } from '../../../src/validate/validated-query.js';
import { sqlInput, type DataRecord, type Dataset } from '../../properties/arbitraries/data.js';

/** The scopes the tests run under. */
export const SCOPES: readonly Scope[] = [{ tenant_id: 'acme' }, { tenant_id: 'globex' }];

/** `record` with a tenant by its position: acme, globex, or none (no field at all). */
const TENANT_BY_POSITION = ['acme', 'globex', undefined] as const;

/**
 * `dataset` with `tenant_id` on its records, by position.
 *
 * @example
 * ```ts
 * withTenants(dataset).agent[0]?.tenant_id; // 'acme'
 * ```
 */
export function withTenants(dataset: Dataset): Dataset {
  const tag = (records: readonly DataRecord[]) =>
    records.map((r, i) => {
      const tenant = TENANT_BY_POSITION[i % TENANT_BY_POSITION.length];
      return tenant === undefined ? r : { ...r, tenant_id: tenant };
    });
  return { agent: tag(dataset.agent), team: tag(dataset.team), resource: tag(dataset.resource), scheduling_request: tag(dataset.scheduling_request) };
}

/** The ids in-memory filtering selects under `scope`: the filter's and the scope's together. */
export function expectedIds(query: ValidatedQuery | undefined, records: readonly DataRecord[], scope: Scope): string[] {
  const entries = Object.entries(scope).map(([field, value]) => ({ field, value }));
  const filtered = query === undefined ? records : filterRecords(query, records);
  return filtered.filter((r) => inScope(entries, r)).map((r) => r.id).sort();
}

/**
 * The scheduling tables with `tenant_id` on each, holding `dataset` (tenants from
 * {@link withTenants}).
 *
 * @example
 * ```ts
 * await loadWithTenants(db, withTenants(dataset));
 * ```
 */
export async function loadWithTenants(db: SqlDatabase, dataset: Dataset): Promise<void> {
  await createSchedulingTables(db, { replace: true });
  for (const table of SCHEDULING_TABLES) await db.exec(`ALTER TABLE ${q(table.name)} ADD COLUMN "tenant_id" TEXT`);
  await loadSchedulingData(db, sqlInput(dataset));
  const dialect = resolveDialect(db.dialect);
  for (const entity of Object.keys(dataset) as SchedulingEntityName[]) {
    const table = q(schedulingSqlMapping[entity].table);
    for (const tenant of ['acme', 'globex']) {
      const ids = dataset[entity].filter((r) => r['tenant_id'] === tenant).map((r) => r.id);
      if (ids.length === 0) continue;
      const list = ids.map((_, i) => dialect.placeholder(i + 2)).join(', ');
      await db.all({ text: `UPDATE ${table} SET "tenant_id" = ${dialect.placeholder(1)} WHERE "id" IN (${list})`, values: [tenant, ...ids] });
    }
  }
  for (const table of SCHEDULING_TABLES.filter((t) => t.parent !== undefined)) {
    const child = q(table.name);
    await db.exec(`UPDATE ${child} SET "tenant_id" = (SELECT "tenant_id" FROM "scheduling_request" WHERE "scheduling_request"."id" = ${child}."request_id")`);
  }
}
