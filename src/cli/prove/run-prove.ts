/**
 * What `tql prove` does once its options are read: on one connection to the database, for each
 * entity, temporary tables of the mapped shape (shadowing the database's own tables for this
 * connection only), generated records loaded into them, generated queries run as `selectSql`
 * writes them and compared with the in-memory backend's answers; the tables are dropped after
 * each entity, and the connection closed.
 */
import { foldingDiffers, type MeasuredFolding } from '../../backends/sql/case-folding.js';
import type { SqlMapping } from '../../backends/sql/mapping.js';
import { measureFolding } from '../../backends/sql/measure-folding.js';
import type { Schema } from '../../schema/types.js';
import { checkAgreement, type AgreementReport } from '../../testing/check-agreement.js';
import { sqlTarget } from '../../testing/sql-target.js';
import { inputError, isTqlError } from '../../errors/tql-error.js';
import { openDatabaseUrl } from '../database-url.js';
import { databaseTypes } from './database-types.js';

/** Whose column types the temporary tables have. */
export type ColumnTypes = 'tql' | 'database';

/** What `tql prove` was asked. */
export interface ProveRequest {
  readonly url: string;
  readonly schema: Schema;
  readonly mapping: SqlMapping;
  readonly entities: readonly string[];
  readonly runs: number;
  readonly seed: number;
  readonly columnTypes: ColumnTypes;
  /** With one entity: the path a report printed, to replay its shrunk case only. */
  readonly path?: string | undefined;
}

/** One entity's outcome. */
export interface EntityProof {
  readonly entity: string;
  readonly report: AgreementReport;
  /** The columns that took the database's own type (`--column-types database`). */
  readonly databaseTypes: readonly string[];
}

/** What `tql prove` found. */
export interface Proof {
  /** Where, without a password. */
  readonly database: string;
  /** How the engine's `lower()` folds, as measured: the condition LIKE may differ under. */
  readonly folding: MeasuredFolding;
  readonly entities: readonly EntityProof[];
}

/**
 * Runs the differential on the database of `request.url`. Rejects only with a `TqlError`: when
 * the database cannot be opened or its folding or catalog read; a statement that fails while loading or querying is reported as a
 * disagreement of its entity.
 *
 * @example
 * ```ts
 * const proof = await prove({ url: 'sqlite::memory:', schema: schedulingSchema, mapping: schedulingSqlMapping, entities: ['team'], runs: 5, seed: 1, columnTypes: 'tql' });
 * proof.entities[0]!.report.agreed; // true
 * ```
 */
export async function prove(request: ProveRequest): Promise<Proof> {
  const { db, description, close } = await openDatabaseUrl(request.url);
  try {
    // One statement over every code point: the letters this engine's LIKE folds otherwise than
    // JavaScript are declared, not disagreements.
    const folding = await measureFolding(db);
    const declared = (needle: string, haystack: string, place: Parameters<typeof foldingDiffers>[3]) => foldingDiffers(folding, needle, haystack, place);
    const entities: EntityProof[] = [];
    for (const entity of request.entities) {
      const common = { db, schema: request.schema, entity, mapping: request.mapping };
      const plain = sqlTarget(common);
      // The user's own column types, where asked for, on the tables the plain target would fill.
      const types = request.columnTypes === 'database' ? await databaseTypes(db, plain.tables) : undefined;
      const target = types === undefined ? plain : sqlTarget({ ...common, columnType: types.columnType });
      try {
        const report = await checkAgreement({ schema: request.schema, entity, load: target.load, run: target.run, runs: request.runs, seed: request.seed, path: request.path, declared });
        entities.push({ entity, report, databaseTypes: types?.copied() ?? [] });
      } finally {
        await target.drop();
      }
    }
    return { database: description, folding, entities };
  } catch (error) {
    if (isTqlError(error)) throw error;
    // Measuring the folding, reading the catalog or dropping a table failed: the driver's error, told as ours.
    throw inputError(`Cannot prove on ${description}: ${error instanceof Error ? error.message : String(error)}.`);
  } finally {
    await close().catch(() => undefined);
  }
}
