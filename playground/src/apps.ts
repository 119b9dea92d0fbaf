/**
 * The apps the playground knows, by entity: the scheduling reference models and a small shop with
 * Number attributes. Everything the page shows of an entity (its schema, SQL mapping, sample
 * records, examples and record columns) comes from here, so a new entity is one entry.
 */
import type { SqlMapping } from '../../src/backends/sql/mapping.js';
import type { Entity, Schema } from '../../src/index.js';
import { recordsOf, sampleData } from '../../src/models/scheduling/sample.js';
import { schedulingSchema, type SchedulingEntityName } from '../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import { COLUMNS, type Column } from './columns.js';
import { EXAMPLES } from './examples.js';
import { PRODUCT_COLUMNS } from './product-columns.js';
import { PRODUCTS, shopSchema, shopSqlMapping } from './shop.js';

/** Every entity of every app. */
export type PlaygroundEntity = SchedulingEntityName | 'product';

/** One entity as the playground uses it. */
export interface EntityView {
  readonly app: 'scheduling' | 'shop';
  readonly schema: Schema;
  readonly entity: Entity;
  readonly mapping: SqlMapping;
  readonly records: () => readonly object[];
  readonly examples: readonly string[];
  readonly columns: readonly Column<never>[];
}

const scheduling = (name: SchedulingEntityName): EntityView => ({
  app: 'scheduling',
  schema: schedulingSchema,
  entity: schedulingSchema.entities[name],
  mapping: schedulingSqlMapping,
  records: () => recordsOf(sampleData(), name),
  examples: EXAMPLES[name],
  columns: COLUMNS[name] as readonly Column<never>[],
});

/** Keyed by entity: an entity without its view does not compile. */
export const ENTITY_VIEWS: { readonly [E in PlaygroundEntity]: EntityView } = {
  scheduling_request: scheduling('scheduling_request'),
  agent: scheduling('agent'),
  resource: scheduling('resource'),
  team: scheduling('team'),
  product: {
    app: 'shop',
    schema: shopSchema,
    entity: shopSchema.entities.product,
    mapping: shopSqlMapping,
    records: () => PRODUCTS,
    examples: [
      'product.price GT 0 AND product.price LT 10',
      'product.price IN 0,-12.5,1e3',
      'product.price LTE -0 OR product.rating EQ null',
      'product.rating GTE 4.5 AND product.in_stock EQ true',
      'product.price GT 18',
    ],
    columns: PRODUCT_COLUMNS as readonly Column<never>[],
  },
};

/** The entities in the order the page lists them. */
export const PLAYGROUND_ENTITIES = Object.keys(ENTITY_VIEWS) as PlaygroundEntity[];

/**
 * True for the name of an entity the playground knows.
 *
 * @example
 * ```ts
 * isPlaygroundEntity('product'); // true
 * ```
 */
export function isPlaygroundEntity(name: string | null): name is PlaygroundEntity {
  return name !== null && Object.hasOwn(ENTITY_VIEWS, name);
}
