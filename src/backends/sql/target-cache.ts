/**
 * What compiling a comparison needs of its attribute under one entity mapping and dialect: its
 * target (column, CASE, element tables), how a Timestamp column holds instants, how a uuid
 * column compares. Working these out quotes identifiers and reads the mapping's storage again,
 * which was a fifth of a compile; they are kept per entity mapping and dialect when nothing they
 * are made from can change: a mapping made by `defineSqlMapping` (deeply frozen), a dialect
 * named by its string (a built-in one), the case folding (a source that ignores case reads its
 * column through `lower()`), attributes made by `defineSchema` (frozen), held weakly
 * so that a schema dropped by its owner is not kept alive.
 */
import type { Attribute } from '../../schema/types.js';
import { instantColumn, integerColumn, uuidColumn } from './compared-column.js';
import type { CaseFolding, SqlDialect } from './dialects.js';
import type { TimestampColumn } from './instant-sql.js';
import { resolveTarget, type SqlEntityMapping, type SqlTarget } from './mapping.js';

/** {@link instantColumn}'s answer. */
export type InstantColumn = TimestampColumn | { readonly refused: string };

/** Each part is worked out on first use, so a comparison asks only for what it writes. */
export class AttributeSql {
  #target: SqlTarget | undefined;
  #instant: InstantColumn | undefined;
  #uuid: 'native' | 'text' | undefined;
  #uuidKnown = false;
  #integers: boolean | undefined;

  constructor(
    private readonly attribute: Attribute,
    private readonly entity: SqlEntityMapping,
    private readonly dialect: SqlDialect,
    private readonly folding: CaseFolding,
    private readonly tableAlias: string | undefined,
  ) {}

  /** {@link resolveTarget}. */
  get target(): SqlTarget {
    return (this.#target ??= resolveTarget(this.attribute, this.entity, this.dialect, this.folding, this.tableAlias));
  }

  /** {@link instantColumn}. */
  get instant(): InstantColumn {
    return (this.#instant ??= instantColumn(this.attribute, this.entity));
  }

  /** {@link integerColumn}. */
  get integers(): boolean {
    return (this.#integers ??= integerColumn(this.attribute, this.entity, this.dialect));
  }

  /** {@link uuidColumn}. */
  get uuid(): 'native' | 'text' | undefined {
    if (!this.#uuidKnown) {
      this.#uuid = uuidColumn(this.attribute, this.entity);
      this.#uuidKnown = true;
    }
    return this.#uuid;
  }
}

/** The kept {@link AttributeSql} of one entity mapping under one dialect, folding and table alias, by attribute. */
export type TargetCache = WeakMap<Attribute, AttributeSql>;

/** By entity mapping, dialect, folding, then table alias (undefined: none). */
const caches = new WeakMap<SqlEntityMapping, Map<SqlDialect, Map<CaseFolding, Map<string | undefined, TargetCache>>>>();

/** `map`'s entry at `key`, made by `make` on first use. */
function entry<K, V>(map: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/**
 * The cache of `entity` under `dialect`, `folding` and `tableAlias`; the caller vouches that the
 * mapping and dialect are immutable.
 *
 * @example
 * ```ts
 * const cache = targetCache(entityMapping(schedulingSqlMapping, 'agent'), postgres, 'database', undefined);
 * attributeSql(cache, attribute, entity, postgres, 'database', undefined).target; // { kind: 'scalar', value: '"name"' }
 * ```
 */
export function targetCache(entity: SqlEntityMapping, dialect: SqlDialect, folding: CaseFolding, tableAlias: string | undefined): TargetCache {
  const byDialect = entry(caches, entity, () => new Map<SqlDialect, Map<CaseFolding, Map<string | undefined, TargetCache>>>());
  const byFolding = entry(byDialect, dialect, () => new Map<CaseFolding, Map<string | undefined, TargetCache>>());
  return entry(entry(byFolding, folding, () => new Map<string | undefined, TargetCache>()), tableAlias, () => new WeakMap());
}

/**
 * The {@link AttributeSql} of `attribute`: the kept one when `cache` is given (made under the
 * same `tableAlias`), else a new one.
 *
 * @example
 * ```ts
 * attributeSql(undefined, attribute, entity, dialect, 'database', 'a').target; // resolveTarget(attribute, entity, dialect, 'database', 'a')
 * ```
 */
export function attributeSql(cache: TargetCache | undefined, attribute: Attribute, entity: SqlEntityMapping, dialect: SqlDialect, folding: CaseFolding, tableAlias: string | undefined): AttributeSql {
  if (cache === undefined) return new AttributeSql(attribute, entity, dialect, folding, tableAlias);
  // Written out rather than through entry(): this runs for every comparison a compile meets.
  let kept = cache.get(attribute);
  if (kept === undefined) {
    kept = new AttributeSql(attribute, entity, dialect, folding, tableAlias);
    cache.set(attribute, kept);
  }
  return kept;
}
