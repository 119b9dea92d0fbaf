/** The list stores and record look-ups of the reference server, over the scheduling tables. */
import type { SqlDatabase } from '../../../backends/sql/database.js';
import type { CaseFolding } from '../../../backends/sql/dialects.js';
import { sqlListStore } from '../../../http/sql-store.js';
import type { ListStore } from '../../../http/list-store.js';
import { schedulingSqlMapping } from '../sql/mapping.js';
import { readRecordsById, schedulingRecordReader } from '../sql/read.js';
import type { SchedulingEntityName } from '../schema.js';

/**
 * A list store of `entity` on `db`: one statement a page, each record with its arrays.
 *
 * @example
 * ```ts
 * createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: schedulingListStore(db, 'agent', 'unicode') });
 * ```
 */
export function schedulingListStore(db: SqlDatabase, entity: SchedulingEntityName, caseFolding: CaseFolding): ListStore<object> {
  return sqlListStore<object>({ db, mapping: schedulingSqlMapping, entity, caseFolding, record: schedulingRecordReader(entity) });
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
  const [found] = await readRecordsById(db, entity, [id]);
  return found;
}
