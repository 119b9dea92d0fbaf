/** The list stores and record look-ups of the reference server, over the scheduling tables. */
import type { SqlDatabase } from '../backends/sql/database.js';
import type { CaseFolding } from '../backends/sql/dialects.js';
import { sqlListStore } from '../http/sql-store.js';
import type { ListStore } from '../http/list-store.js';
import { schedulingSqlMapping } from '../models/scheduling/sql/mapping.js';
import type { SchedulingEntityName } from '../models/scheduling/schema.js';
import { readAgents, readResources, readSchedulingRequests, readTeams } from './read-records.js';

/** Reads records of one entity by id. */
export type RecordReader = (db: SqlDatabase, ids: readonly string[]) => Promise<readonly object[]>;

const READERS: { readonly [E in SchedulingEntityName]: RecordReader } = {
  scheduling_request: readSchedulingRequests,
  agent: readAgents,
  resource: readResources,
  team: readTeams,
};

/**
 * A list store of `entity` on `db`, loading each page's records with their arrays.
 *
 * @example
 * ```ts
 * createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: schedulingListStore(db, 'agent', 'unicode') });
 * ```
 */
export function schedulingListStore(db: SqlDatabase, entity: SchedulingEntityName, caseFolding: CaseFolding): ListStore<object> {
  const read = READERS[entity];
  return sqlListStore<object>({ db, mapping: schedulingSqlMapping, entity, caseFolding, load: (ids) => read(db, ids) });
}

/**
 * The record of `entity` with this id, or undefined.
 *
 * @example
 * ```ts
 * await findRecord(db, 'scheduling_request', 'sreq_XLkMutGMlpJzImPD5C3Ug'); // { id: 'sreq_…', object: 'scheduling_request', … }
 * ```
 */
export async function findRecord(db: SqlDatabase, entity: SchedulingEntityName, id: string): Promise<object | undefined> {
  const [found] = await READERS[entity](db, [id]);
  return found;
}
