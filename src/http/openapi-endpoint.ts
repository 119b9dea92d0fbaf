/**
 * The options of a list endpoint as an OpenAPI document describes it, read and checked once:
 * those of `createListEndpoint` that shape its requests and answers, and how the document names
 * the endpoint.
 */
import { describeValue } from '../errors/describe-value.js';
import { readOptions } from '../errors/read-options.js';
import { isTqlError, optionError } from '../errors/tql-error.js';
import { DEFAULT_LIMITS, type Limits } from '../parser/options.js';
import type { Profile } from '../parser/profiles.js';
import type { Attribute, Entity, Schema } from '../schema/types.js';
import { resolveTarget } from '../validate/validate.js';
import type { ListOrder } from './list-order.js';
import { readPageSize } from './list-params.js';
import type { ListEndpointOptions } from './list-endpoint.js';
import { defaultOrder, keyAttribute, sortableEntity } from './list-sort.js';
import type { JsonSchema } from './openapi-schemas.js';

/**
 * One list endpoint for an OpenAPI document. The options it shares with `createListEndpoint`
 * (`schema`, `entity`, `key`, `sort`, `sortOnly`, `counts`, `pageSize`, `profile`, `timeZone`, `limits`)
 * mean what they mean there, so the endpoint's own options can be given as they are (the others,
 * such as `store`, are not read); give the same values, or the document describes another endpoint.
 */
export interface ListOpenApiEndpoint<S extends Schema = Schema> extends Pick<ListEndpointOptions<unknown, S>, SharedOption> {
  /** Where the endpoint is served. `{name}` segments become path parameters. Default `/v1/<entity>s`. */
  readonly path?: string | undefined;
  /** Default: `list` and the last segment of the path in PascalCase (`/v1/order_items` → `listOrderItems`). */
  readonly operationId?: string | undefined;
  /** Default: `List <entity> records`. */
  readonly summary?: string | undefined;
  readonly tags?: readonly string[] | undefined;
  /** The JSON Schema of one record of `data`. Default `{ type: 'object' }`. */
  readonly itemSchema?: JsonSchema | undefined;
  /** The name of the list body under `components.schemas`. Default `<Entity>List` (`OrderItemList`). */
  readonly schemaName?: string | undefined;
}

/** The options an OpenAPI endpoint shares with `createListEndpoint`, read as it reads them. */
type SharedOption = 'schema' | 'entity' | 'key' | 'sort' | 'sortOnly' | 'counts' | 'pageSize' | 'profile' | 'timeZone' | 'limits';

/** A {@link ListOpenApiEndpoint} with every default filled in. */
export interface ReadEndpoint {
  readonly entity: Entity;
  /** The entity with the attributes only `sort` may name. */
  readonly sortable: Entity;
  readonly key: Attribute;
  readonly order: ListOrder;
  readonly counts: boolean;
  readonly limit: { readonly default: number; readonly max: number };
  readonly profile: Profile;
  readonly timeZone: string;
  readonly maxLength: number;
  readonly path: string;
  readonly pathParameters: readonly string[];
  readonly operationId: string;
  readonly summary: string;
  readonly tags: readonly string[] | undefined;
  readonly itemSchema: JsonSchema;
  readonly schemaName: string;
}

const OPTIONS = ['schema', 'entity', 'path', 'operationId', 'summary', 'tags', 'itemSchema', 'schemaName', 'key', 'sort', 'sortOnly', 'counts', 'pageSize', 'profile', 'timeZone', 'limits'] as const;

/** A component name, as OpenAPI allows them under `components`. */
const COMPONENT_NAME = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Reads an endpoint's options once and fills in the defaults; a bad one throws a `TqlError`
 * (`invalid_option`) that names it.
 *
 * @example
 * ```ts
 * readEndpoint({ schema: schedulingSchema, entity: 'agent' }).path; // '/v1/agents'
 * ```
 */
export function readEndpoint(given: ListOpenApiEndpoint): ReadEndpoint {
  const options = readOptions('listOperation', given, OPTIONS);
  const target = resolveTarget(options.schema!, options.entity!, { profile: options.profile, timeZone: options.timeZone });
  if (isTqlError(target)) throw target;
  const { entity, profile, timeZone } = target;
  const key = keyAttribute(entity, options.key);
  const sortable = sortableEntity(entity, options.sortOnly);
  if (options.counts !== undefined && typeof options.counts !== 'boolean') throw optionError(`counts is true or false, not ${describeValue(options.counts)}.`);
  const path = options.path ?? `/v1/${entity.name}s`;
  if (typeof path !== 'string' || !/^\/[^\s?#]*$/.test(path)) throw optionError(`path is where the endpoint is served, starting with "/" (such as "/v1/${entity.name}s"), not ${describeValue(path)}.`);
  const pathParameters = [...path.matchAll(/\{([^{}/]+)\}/g)].map((m) => m[1]!);
  const operationId = options.operationId ?? `list${pascal(path.split('/').filter((s) => s !== '' && !s.startsWith('{')).at(-1) ?? entity.name)}`;
  if (typeof operationId !== 'string' || operationId === '') throw optionError(`operationId is the name programs call the operation by, not ${describeValue(operationId)}.`);
  const schemaName = options.schemaName ?? `${pascal(entity.name)}List`;
  if (typeof schemaName !== 'string' || !COMPONENT_NAME.test(schemaName)) throw optionError(`schemaName is a name of letters, digits, ".", "-" and "_", not ${describeValue(schemaName)}.`);
  const { summary = `List ${entity.name} records`, tags } = options;
  if (typeof summary !== 'string') throw optionError(`summary is a line of text, not ${describeValue(summary)}.`);
  if (tags !== undefined && (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string'))) throw optionError(`tags is a list of names, not ${describeValue(tags)}.`);
  return {
    entity,
    sortable,
    key,
    order: defaultOrder(options.sort, sortable, key),
    counts: options.counts === true,
    limit: readPageSize(options.pageSize, 'listOperation'),
    profile,
    timeZone,
    maxLength: readMaxLength(options.limits),
    path,
    pathParameters,
    operationId,
    summary,
    tags: tags === undefined ? undefined : [...tags],
    itemSchema: readItemSchema(options.itemSchema),
    schemaName,
  };
}

/** `order_items` → `OrderItems`. */
function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

function readMaxLength(limits: Partial<Limits> | undefined): number {
  const { maxLength = DEFAULT_LIMITS.maxLength } = readOptions('listOperation (limits)', limits, ['maxLength']);
  if (!Number.isSafeInteger(maxLength) || maxLength < 1) throw optionError(`limits.maxLength is a whole number of characters, not ${describeValue(maxLength)}.`);
  return maxLength;
}

/** The caller's schema as plain JSON, so the document serializes as it reads. */
function readItemSchema(schema: unknown): JsonSchema {
  if (schema === undefined) return { type: 'object' };
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null || Array.isArray(schema))) {
    throw optionError(`itemSchema is a JSON Schema (an object, or true), not ${describeValue(schema)}.`);
  }
  try {
    return JSON.parse(JSON.stringify(schema)) as JsonSchema;
  } catch {
    throw optionError('itemSchema is a JSON Schema: plain JSON, without cycles or BigInts.');
  }
}
