/** Checks a schema definition and fills in its defaults. */
import { OPERATORS, type Operator } from '../ast/nodes.js';
import { TqlError, issue, type TqlIssue } from '../errors/tql-error.js';
import { DEFAULT_OPERATORS, sortOperators } from './operators.js';
import {
  ATTRIBUTE_TYPES,
  type Attribute,
  type AttributeDefinition,
  type Entity,
  type Schema,
  type SchemaDefinition,
} from './types.js';

const NAME = /^[a-z][a-z0-9_]*$/;

/**
 * Builds a {@link Schema} from plain data, checking that it is consistent: names in lower snake
 * case, known types, operators that the type allows, an id format on every ID attribute.
 * Throws a `TqlError` with code `invalid_schema` listing every problem.
 *
 * @example
 * ```ts
 * const schema = defineSchema({
 *   entities: {
 *     agent: {
 *       attributes: {
 *         name: { type: 'String' },
 *         schedulable: { type: 'Boolean' },
 *         url_slug: { type: 'String', nullable: true },
 *         created_at: { type: 'Timestamp', operators: ['LT', 'GTE'] },
 *       },
 *     },
 *   },
 * });
 * schema.entities.agent.attributes.created_at.operators; // ['LT', 'GTE']
 * ```
 */
export function defineSchema<const D extends SchemaDefinition>(definition: D): Schema<D> {
  const problems: string[] = [];
  const entities: Record<string, Entity> = {};
  if (typeof definition !== 'object' || definition === null || typeof definition.entities !== 'object' || definition.entities === null) {
    throw schemaError(['a schema definition is an object with an "entities" object']);
  }
  for (const [entityName, entityDef] of Object.entries(definition.entities)) {
    if (!NAME.test(entityName)) problems.push(`entity name "${entityName}" is not lower snake case`);
    const attrs: Record<string, Attribute> = Object.create(null);
    if (typeof entityDef !== 'object' || entityDef === null || typeof entityDef.attributes !== 'object' || entityDef.attributes === null) {
      problems.push(`entity "${entityName}" needs an "attributes" object`);
      continue;
    }
    for (const [attrName, def] of Object.entries(entityDef.attributes)) {
      const where = `${entityName}.${attrName}`;
      const attribute = resolveAttribute(entityName, attrName, def, (p) => problems.push(`${where}: ${p}`));
      if (attribute) attrs[attrName] = attribute;
    }
    entities[entityName] = Object.freeze({
      name: entityName,
      attributes: Object.freeze(attrs),
      attributeNames: Object.freeze(Object.keys(attrs)),
      description: entityDef.description,
    });
  }
  if (problems.length > 0) throw schemaError(problems);
  const byName: Record<string, Entity> = Object.create(null);
  Object.assign(byName, entities);
  return Object.freeze({
    entities: Object.freeze(byName),
    entityNames: Object.freeze(Object.keys(entities)),
    definition,
  }) as unknown as Schema<D>;
}

function resolveAttribute(
  entity: string,
  name: string,
  def: AttributeDefinition,
  problem: (message: string) => void,
): Attribute | undefined {
  if (!NAME.test(name)) problem('attribute names are lower snake case');
  if (typeof def !== 'object' || def === null || !ATTRIBUTE_TYPES.includes(def.type)) {
    problem(`type must be one of ${ATTRIBUTE_TYPES.join(', ')}`);
    return undefined;
  }
  const allowed = DEFAULT_OPERATORS[def.type];
  let operators: readonly Operator[] = allowed;
  if (def.operators !== undefined) {
    const unknown = def.operators.filter((o) => !(OPERATORS as readonly string[]).includes(o));
    const widening = def.operators.filter((o) => !unknown.includes(o) && !allowed.includes(o));
    if (unknown.length > 0) problem(`unknown operators ${unknown.join(', ')}`);
    if (widening.length > 0) problem(`${def.type} attributes cannot take ${widening.join(', ')}`);
    if (def.operators.length === 0) problem('an attribute needs at least one operator');
    operators = sortOperators(def.operators.filter((o) => allowed.includes(o)));
  }
  if (def.type === 'ID') {
    if (def.id === undefined) problem('ID attributes need an id format ({ kind: "prefixed", prefix } or { kind: "integer" })');
    else if (def.id.kind === 'prefixed' && !/^[a-z][a-z0-9]*_$/.test(def.id.prefix)) problem(`id prefix "${def.id.prefix}" should look like "agnt_"`);
  } else if (def.id !== undefined) problem('only ID attributes have an id format');
  if (def.values !== undefined) {
    if (def.type !== 'String') problem('only String attributes can have a closed set of values');
    else if (def.values.length === 0) problem('a closed set of values cannot be empty');
  }
  const source = def.source ?? { kind: 'field', field: name };
  if (source.kind === 'element' && def.nullable) problem('a collection attribute cannot be nullable: "EQ null" would mean "no element"');
  if (source.kind === 'element' && source.ignorePrefix === '') problem('ignorePrefix cannot be empty');
  return Object.freeze({
    path: `${entity}.${name}`,
    entity,
    name,
    type: def.type,
    operators: Object.freeze([...operators]),
    nullable: def.nullable ?? false,
    values: def.values ? Object.freeze([...def.values]) : undefined,
    id: def.id,
    source,
    collection: source.kind === 'element',
    description: def.description,
  });
}

function schemaError(problems: readonly string[]): TqlError {
  const issues = problems.map(
    (p): TqlIssue => issue('', { code: 'invalid_schema', message: `Invalid schema: ${p}.`, span: { start: 0, end: 0 } }),
  );
  return new TqlError('', issues as [TqlIssue, ...TqlIssue[]]);
}
