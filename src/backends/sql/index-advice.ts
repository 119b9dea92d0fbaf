/**
 * Index advice: the `CREATE INDEX` statements that let an engine answer each filterable attribute,
 * and the keyset list order, from an index, derived from a schema and its SQL mapping, so they
 * index exactly the expressions {@link compileSql} writes.
 */
import type { Schema } from '../../schema/types.js';
import { TYPE_FACTS } from '../../schema/type-facts.js';
import { caseFoldingFor, resolveDialect, type CaseFolding, type IndexSyntax, type SqlDialect, type SqlDialectName } from './dialects.js';
import { INDEXED_OPERATORS, OPERATOR_FACTS, type IndexKind } from '../../schema/operators.js';
import type { Operator } from '../../ast/nodes.js';
import { optionError } from '../../errors/tql-error.js';
import { entityMapping, readMapping } from './define-mapping.js';
import { readOptions } from '../../errors/read-options.js';
import { resolveTarget, type SqlMapping } from './mapping.js';
import { uuidColumn } from './compared-column.js';
import { distinctIndexName, indexName } from './index-name.js';
import { readSteps } from '../../schema/stored-form.js';
import type { Attribute, Entity } from '../../schema/types.js';
import { indexItems, sortColumns } from './sort-sql.js';
import type { SqlEntityMapping } from './mapping.js';
import { canBeKey, isSortable } from '../../http/list-order.js';
import { keyAttribute } from '../../http/list-sort.js';

/** What an index for EQ and IN only is written with, by the kind the dialect offers. */
const EQUALITY_METHODS: { readonly [K in IndexSyntax['equality']]: string } = { btree: '', hash: 'USING hash ' };

/**
 * The index definition that serves `STARTS_WITH` for each kind a dialect names, from the stored
 * expression; undefined where another index serves it or none can.
 */
const PREFIX_INDEXES: { readonly [K in NonNullable<IndexSyntax['prefix']>]: (stored: StoredText) => string | undefined } = {
  // The trigram index, advised for the attribute below, serves LIKE 'x%' as well.
  trigram: () => undefined,
  // SQLite's LIKE optimization needs a bare column on the left of LIKE, which the compiler
  // writes only when SQLite folds case itself.
  nocase: ({ expr, column, folding }) => (column && folding === 'database' ? `(${expr} COLLATE NOCASE)` : undefined),
  none: () => undefined,
};

/**
 * The trigram index's name by the folding it holds: each folding's `lower()` is another
 * expression, so both can stand side by side, and `IF NOT EXISTS` never takes one for the other.
 */
const TRIGRAM_NAMES: { readonly [F in CaseFolding]: string } = { database: 'trgm', unicode: 'unicode_trgm' };

/** A String attribute's stored text, as a prefix index sees it. */
interface StoredText {
  readonly expr: string;
  /** Whether `expr` is a plain column. */
  readonly column: boolean;
  readonly folding: CaseFolding;
}

/** Whether an attribute takes an operator that wants the index `kind`. */
const wants = (operators: readonly Operator[], kind: IndexKind) => operators.some((o) => OPERATOR_FACTS[o].index === kind);

/** Options of {@link indexAdvice}. */
export interface IndexAdviceOptions {
  readonly dialect: SqlDialectName | SqlDialect;
  readonly mapping: SqlMapping;
  /** The folding the statements are compiled with: LIKE indexes hold that expression. Default `database`. */
  readonly caseFolding?: CaseFolding | undefined;
  /**
   * The attribute the list endpoints order by by default, newest first, with the key after it
   * (`created_at`, whatever its field or column is called): the index holds exactly what
   * `sqlListStore` orders such pages by; `false` for no list-order index. Entities without the
   * attribute get none. Default `created_at`.
   */
  readonly listOrder?: string | false | undefined;
  /**
   * Where the dialect offers them (`indexes.substring: 'trigram'`, PostgreSQL): trigram
   * (`pg_trgm`) GIN indexes for LIKE, after `CREATE EXTENSION IF NOT EXISTS pg_trgm` (in PGlite,
   * load the extension from `@electric-sql/pglite/contrib/pg_trgm`). Default true.
   */
  readonly trigram?: boolean | undefined;
}

/**
 * The index statements for every entity of `schema` that `mapping` stores, each once:
 *
 * - a B-tree on the column (or the variant's `CASE` expression) of each attribute compared with
 *   EQ, IN or a range, except Booleans (an index on two values rarely helps a planner); on
 *   `lower(column)` for a uuid id kept in a text column or a source that ignores case, as they
 *   are compared lower-cased (under the options' `caseFolding`, for the latter); where
 *   the dialect offers a hash index (`indexes.equality`, PostgreSQL), that for String attributes,
 *   which serves their EQ and IN as a B-tree does and takes text of any length (a B-tree entry is
 *   limited to 2,704 bytes);
 * - where the dialect offers trigram indexes (`indexes.substring`, PostgreSQL), a trigram GIN
 *   index on the expression LIKE compiles to under the options' `caseFolding`: `lower(column)`
 *   (`<attribute>_trgm_idx`), or `lower(column COLLATE "und-x-icu")` under `unicode`
 *   (`<attribute>_unicode_trgm_idx`), for each String attribute without a closed set of values
 *   that allows LIKE on the entity's table;
 * - for a collection attribute, a B-tree on its element table over (discriminator, tag, value,
 *   owning key), which answers the element test and hands over the owner's key (the value
 *   lower-cased where the source ignores case and the engine indexes expressions); for one
 *   held in an array column that EQ and IN ask as a whole (PostgreSQL `tags @> ARRAY[$1]`), a
 *   GIN index on the column;
 * - the list order (`listOrder`, newest first): the expressions `sqlListStore` orders those pages
 *   by, the key last (compared by bytes where it is text), in the list's direction; none where
 *   the engine cannot index them (MariaDB: an expression; SQLite: `NULLS LAST` on an ascending key).
 *
 * Where the dialect says so (`indexes.ifNotExists`, `indexes.expressions`: MySQL and MariaDB) the
 * statements have no `IF NOT EXISTS`, and variant attributes (a `CASE` expression) and sources
 * that ignore case (`lower()`) get no index.
 *
 * @example
 * ```ts
 * const schema = defineSchema({ entities: { book: { attributes: {
 *   title: { type: 'String' }, published_at: { type: 'Timestamp' },
 * } } } });
 * indexAdvice(schema, { dialect: 'sqlite', mapping: { book: { table: 'book', key: 'isbn' } }, listOrder: 'published_at' });
 * // [ 'CREATE INDEX IF NOT EXISTS "book_title_idx" ON "book" ("title");',
 * //   'CREATE INDEX IF NOT EXISTS "book_title_prefix_idx" ON "book" ("title" COLLATE NOCASE);',
 * //   'CREATE INDEX IF NOT EXISTS "book_published_at_idx" ON "book" ("published_at");',
 * //   'CREATE INDEX IF NOT EXISTS "book_published_at_isbn_idx" ON "book" ("published_at", "isbn");' ]
 * ```
 */
export function indexAdvice(schema: Schema, given: IndexAdviceOptions): string[] {
  // Called from JavaScript, the options may be anything: a TqlError says what to pass.
  if (typeof given !== 'object' || given === null) throw optionError('indexAdvice takes { dialect, mapping }.');
  const read = readOptions('indexAdvice', given, ['dialect', 'mapping', 'caseFolding', 'trigram', 'listOrder']);
  if (typeof read.mapping !== 'object' || read.mapping === null) throw optionError('mapping is an object with one { table, key } entry per entity.');
  const options = { ...read, mapping: readMapping('indexAdvice', read.mapping) as SqlMapping };
  const dialect = resolveDialect(options.dialect as SqlDialectName | SqlDialect);
  const q = dialect.quoteIdentifier;
  // Refused as compileSql refuses it: no index is advised for statements that cannot be compiled.
  const folding = caseFoldingFor(dialect, options.caseFolding);
  const { ifNotExists, expressions, equality, substring, prefix } = dialect.indexes;
  const trigram = substring === 'trigram' && options.trigram !== false;
  const listOrder = options.listOrder ?? 'created_at';
  if (listOrder !== false && typeof listOrder !== 'string') throw optionError('listOrder is the name of the attribute lists are ordered by, or false for none.');
  const statements = new Map<string, string>();
  // Index names are one namespace per schema on most engines: each index keeps its own, as with
  // `IF NOT EXISTS` a second index under a taken name would silently not be created.
  const owners = new Map<string, string>();
  const add = (table: string, what: string, definition: string) => {
    const owner = `${table}\u0000${what}\u0000${definition}`;
    let name = indexName(table, what);
    // Compared without case: SQLite and MySQL names are case-insensitive.
    const taken = (n: string) => owners.has(n.toLowerCase()) && owners.get(n.toLowerCase()) !== owner;
    for (let attempt = 1; taken(name); attempt++) name = distinctIndexName(table, what, attempt);
    owners.set(name.toLowerCase(), owner);
    const sql = `CREATE INDEX ${ifNotExists ? 'IF NOT EXISTS ' : ''}${q(name)} ON ${q(table)} ${definition};`;
    statements.set(sql, sql);
  };

  for (const entityName of schema.entityNames) {
    if (!Object.hasOwn(options.mapping, entityName)) continue;
    const e = schema.entities[entityName]!;
    const entity = entityMapping(options.mapping, e);
    const orderIndex = listOrder === false ? undefined : listOrderIndex(e, entity, dialect, listOrder);
    for (const attributeName of e.attributeNames) {
      const attribute = e.attributes[attributeName]!;
      const target = resolveTarget(attribute, entity, dialect, folding);
      const compared = attribute.operators.some((o) => INDEXED_OPERATORS.has(o));
      if (target.kind === 'elements') {
        // An engine without expression indexes keeps the plain columns, which still serve the tag.
        for (const t of target.tables) {
          if (t.kind === 'table') add(t.index.table, t.index.columns.join('_'), `(${(expressions ? t.index.items : t.index.columns.map(q)).join(', ')})`);
          // An array column asked as a whole (`tags @> ARRAY[$1]`) is served by a GIN index on it; element by element, by none.
          else if (t.kind === 'column' && t.holdsAny !== undefined && compared) add(t.index.table, `${t.index.column}_gin`, `USING gin (${q(t.index.column)})`);
        }
        continue;
      }
      // A column stands alone in an index; an expression (a variant's CASE) needs parentheses,
      // and an engine without expression indexes (MariaDB) gets none.
      // A uuid in a text column is compared lower-cased: the index holds lower(column).
      const lowered = uuidColumn(attribute, entity) === 'text';
      // A field read through declared steps (a prefix dropped, case folded) is an expression too.
      const steps = readSteps(attribute.source);
      const plainField = attribute.source.kind === 'field' && steps === undefined;
      const isColumn = plainField && !lowered;
      // Equality on a field with an ignored prefix seeks its stored forms in the column itself,
      // which an engine without expression indexes can index too; with case ignored, in its
      // lower(), as the statements fold it, which only an expression index holds.
      const storedColumn = target.stored?.column;
      const storedIsColumn = storedColumn !== undefined && steps?.ignoreCase !== true;
      if (!isColumn && !storedIsColumn && !expressions) continue;
      const expression = isColumn ? target.value : `(${lowered ? dialect.lower(target.value, 'database') : target.value})`;
      const equalityIndexed = storedColumn === undefined ? expression : storedIsColumn ? storedColumn : `(${storedColumn})`;
      // The list-order index below begins with that column: it serves comparisons on it too.
      const servedByListOrder = orderIndex !== undefined && attributeName === listOrder && isColumn && orderIndex.startsWith(target.value);
      const facts = TYPE_FACTS[attribute.type];
      // Strings have no ranges: an equality index serves their EQ and IN.
      const method = facts.freeText ? EQUALITY_METHODS[equality] : '';
      if (compared && facts.indexAlone && !servedByListOrder) add(entity.table, attributeName, `${method}(${equalityIndexed})`);
      // The text indexes below are on the expression the column is read through.
      if (!isColumn && !expressions) continue;
      // A closed set of a few values is better served by the B-tree than by trigrams.
      const freeText = facts.freeText && attribute.values === undefined;
      if (trigram && freeText && (wants(attribute.operators, 'trigram') || (prefix === 'trigram' && wants(attribute.operators, 'prefix')))) {
        add(entity.table, `${attributeName}_${TRIGRAM_NAMES[folding]}`, `USING gin ((${dialect.lower(target.text, folding)}) gin_trgm_ops)`);
      }
      const prefixIndex = freeText && wants(attribute.operators, 'prefix') ? PREFIX_INDEXES[prefix ?? 'none']({ expr: target.text, column: plainField, folding }) : undefined;
      if (prefixIndex !== undefined) add(entity.table, `${attributeName}_prefix`, prefixIndex);
    }
    if (orderIndex !== undefined) add(entity.table, `${listOrder}_${entity.key}`, `(${orderIndex})`);
  }
  const out = [...statements.values()];
  return trigram && out.some((s) => s.includes('gin_trgm_ops')) ? ['CREATE EXTENSION IF NOT EXISTS pg_trgm;', ...out] : out;
}

/**
 * The items of the index on an entity's list order, newest first by `attributeName` and then its
 * key, as `sqlListStore` orders those pages; undefined where the entity has no such sortable
 * attribute or the engine cannot index the order.
 */
function listOrderIndex(e: Entity, entity: SqlEntityMapping, dialect: SqlDialect, attributeName: string): string | undefined {
  const attribute = Object.hasOwn(e.attributes, attributeName) ? (e.attributes as Record<string, Attribute>)[attributeName] : undefined;
  if (attribute === undefined || !isSortable(attribute)) return undefined;
  let key: Attribute;
  try {
    key = keyOf(e, entity);
  } catch {
    // A key column no field name can stand for: no list is ordered by it.
    return undefined;
  }
  const columns = sortColumns(attribute === key ? [key] : [attribute, key], entity, dialect);
  if ('refused' in columns) return undefined;
  return indexItems(dialect, columns.columns, columns.columns.map(() => true));
}

/** The entity's key as lists read it: the attribute read from the mapping's key column, else that column holding text ids. */
function keyOf(e: Entity, entity: SqlEntityMapping): Attribute {
  const columnOf = (field: string) => (typeof entity.columns === 'object' && entity.columns !== null && Object.hasOwn(entity.columns, field) ? entity.columns[field] : field);
  for (const name of e.attributeNames) {
    const a = e.attributes[name]!;
    if (canBeKey(a) && a.source.kind === 'field' && columnOf(a.source.field) === entity.key) return keyAttribute(e, name);
  }
  const field = Object.entries(entity.columns ?? {}).find(([, c]) => c === entity.key)?.[0] ?? entity.key;
  return keyAttribute(e, { field, kind: 'text' });
}
