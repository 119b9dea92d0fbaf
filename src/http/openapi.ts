/**
 * OpenAPI 3.1 for list endpoints: the parameters (`filter` with every attribute, its operators
 * and an example; `sort` with the sortable attributes; `limit`; the cursors; `include`), the list
 * body and the error bodies, as a whole document or as pieces for a document of your own.
 */
import { optionError } from '../errors/tql-error.js';
import type { Attribute, IdKind } from '../schema/types.js';
import { isSortable } from './list-order.js';
import { MAX_SORT_KEYS } from './list-sort.js';
import { readEndpoint, type ListOpenApiEndpoint, type ReadEndpoint } from './openapi-endpoint.js';
import { code, exampleFilter, filterDescription } from './openapi-filter.js';
import { errorSchemas, ERROR_SCHEMA_NAMES, listBodySchema, schemaRef, type JsonSchema } from './openapi-schemas.js';

export type { ListOpenApiEndpoint } from './openapi-endpoint.js';
export type { JsonSchema } from './openapi-schemas.js';

/** An OpenAPI Parameter Object, as plain JSON. */
export interface OpenApiParameter {
  readonly name: string;
  readonly in: 'query' | 'path';
  readonly description: string;
  readonly required?: boolean;
  readonly schema: JsonSchema;
  readonly example?: string;
}

/** An OpenAPI Operation Object for a list endpoint, as plain JSON. */
export interface OpenApiOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tags?: readonly string[];
  readonly parameters: readonly OpenApiParameter[];
  readonly responses: Readonly<Record<'200' | '400' | '500', { readonly description: string; readonly content: { readonly 'application/json': { readonly schema: JsonSchema } } }>>;
}

/** An OpenAPI 3.1 document, as plain JSON: what {@link listOpenApi} makes and {@link withListEndpoint} adds to. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: { readonly title: string; readonly version: string; readonly description?: string; readonly [field: string]: unknown };
  readonly servers?: readonly { readonly url: string; readonly [field: string]: unknown }[];
  readonly paths?: { readonly [path: string]: { readonly [field: string]: unknown } };
  readonly components?: { readonly schemas?: { readonly [name: string]: JsonSchema }; readonly [field: string]: unknown };
  readonly [field: string]: unknown;
}

/** One list operation and the schemas its responses refer to (`#/components/schemas/<name>`). */
export interface ListOperation {
  readonly path: string;
  readonly method: 'get';
  readonly operation: OpenApiOperation;
  /** By name, for `components.schemas`: the list body and the error bodies. */
  readonly schemas: Readonly<Record<string, JsonSchema>>;
}

/** The schema of a cursor id, by the kind of the key: what `starting_after` accepts. */
const KEY_SCHEMAS: { readonly [K in IdKind]: JsonSchema } = {
  integer: { type: 'integer' },
  uuid: { type: 'string', format: 'uuid' },
  prefixed: { type: 'string', minLength: 1, maxLength: 256 },
  text: { type: 'string', minLength: 1, maxLength: 256 },
};

/**
 * The query parameters of a list endpoint (and its path's `{name}` parameters), each with its
 * schema and a description that says what it takes: for `filter` every attribute with its type,
 * operators and an example filter; for `sort` the attributes it can name. Throws a `TqlError`
 * (`invalid_option`) for a bad option.
 *
 * @example
 * ```ts
 * listParameters({ schema: schedulingSchema, entity: 'agent' }).map((p) => p.name);
 * // ['filter', 'sort', 'limit', 'starting_after', 'ending_before', 'cursor']
 * ```
 */
export function listParameters(endpoint: ListOpenApiEndpoint): OpenApiParameter[] {
  return parametersOf(readEndpoint(endpoint));
}

function parametersOf(e: ReadEndpoint): OpenApiParameter[] {
  const attributes = e.entity.attributeNames.map((n) => (e.entity.attributes as Record<string, Attribute>)[n]!);
  const orderable = e.sortable.attributeNames.map((n) => (e.sortable.attributes as Record<string, Attribute>)[n]!);
  const sortable = [...orderable.filter(isSortable).map((a) => a.name), ...(orderable.includes(e.key) ? [] : [e.key.name])];
  const name = `(?:${e.entity.name}\\.)?(?:${sortable.map(escapeRegExp).join('|')})`;
  const firstExample = attributes.map((a) => exampleFilter(a, e.profile)).find((x) => x !== undefined);
  const keyName = code(e.key.name);
  // Only ID attributes have an id format; any other key is written as text.
  const keySchema = KEY_SCHEMAS[e.key.id?.kind ?? 'text'];
  const oneCursor = 'Give at most one of `starting_after`, `ending_before` and `cursor`.';
  const path = e.pathParameters.map((p): OpenApiParameter => ({ name: p, in: 'path', required: true, description: `The ${code(p)} of the path.`, schema: { type: 'string' } }));
  const query: OpenApiParameter[] = [
    {
      name: 'filter',
      in: 'query',
      description: filterDescription(e.entity, e.profile, e.timeZone),
      schema: { type: 'string', maxLength: e.maxLength },
      ...(firstExample === undefined ? {} : { example: firstExample }),
    },
    {
      name: 'sort',
      in: 'query',
      description: [
        `The order of the list: attribute names separated by commas, each once, with \`-\` before it for descending (\`-${sortable[0]}\`), at most ${MAX_SORT_KEYS}.`,
        `Sortable: ${sortable.map(code).join(', ')}. The record's key, ${keyName}, breaks ties, last. Default: ${code(e.order.text)}.`,
        'Text compares by code point, instants by the whole second; records without a value come last, ascending or descending.',
        'A page after the first of a sorted list is reached through its links (`cursor`).',
      ].join(' '),
      schema: { type: 'string', pattern: `^-?${name}(?:,-?${name}){0,${MAX_SORT_KEYS - 1}}$`, maxLength: 512 },
      example: e.order.text,
    },
    {
      name: 'limit',
      in: 'query',
      description: `How many records a page holds: 1 to ${e.limit.max}; default ${e.limit.default}.`,
      schema: { type: 'integer', minimum: 1, maximum: e.limit.max, default: e.limit.default },
    },
    {
      name: 'starting_after',
      in: 'query',
      description: `The page after the record with this ${keyName} (a record of a list response, such as the last of a page), in the list's order. ${oneCursor}`,
      schema: keySchema,
    },
    {
      name: 'ending_before',
      in: 'query',
      description: `The page before the record with this ${keyName} (such as the first of a page), in the list's order. ${oneCursor}`,
      schema: keySchema,
    },
    {
      name: 'cursor',
      in: 'query',
      description: `An opaque token from the \`next_page\` or \`previous_page\` link of a sorted list, bound to that list's sort and filter: follow the links rather than writing one. ${oneCursor}`,
      schema: { type: 'string', minLength: 1 },
    },
  ];
  if (e.counts) {
    query.push({
      name: 'include',
      in: 'query',
      description: '`total_count`: the body also holds `total_count`, every record the filter matches (one more count of the store).',
      schema: { type: 'string', enum: ['total_count'] },
    });
  }
  return [...path, ...query];
}

/**
 * The operation of a list endpoint, for a document built by other means (a framework's OpenAPI
 * plugin, a hand-written file): its path, the `get` operation, and the schemas it refers to,
 * for `components.schemas`. Throws a `TqlError` (`invalid_option`) for a bad option.
 *
 * @example
 * ```ts
 * const { path, operation, schemas } = listOperation({ schema: schedulingSchema, entity: 'agent', counts: true });
 * path; // '/v1/agents'
 * Object.keys(schemas); // ['AgentList', 'TqlErrorBody', 'TqlIssue']
 * ```
 */
export function listOperation(endpoint: ListOpenApiEndpoint): ListOperation {
  const e = readEndpoint(endpoint);
  const error = (description: string) => ({ description, content: { 'application/json': { schema: schemaRef(ERROR_SCHEMA_NAMES.body) } } });
  const description = [
    ...(e.entity.description === undefined ? [] : [e.entity.description]),
    `A page of ${e.entity.name} records, filtered by \`filter\` (TQL) and ordered by \`sort\`. Follow \`next_page\` and \`previous_page\` for the pages around it.`,
  ].join('\n\n');
  return {
    path: e.path,
    method: 'get',
    operation: {
      operationId: e.operationId,
      summary: e.summary,
      description,
      ...(e.tags === undefined ? {} : { tags: e.tags }),
      parameters: parametersOf(e),
      responses: {
        '200': { description: `A page of ${e.entity.name} records.`, content: { 'application/json': { schema: schemaRef(e.schemaName) } } },
        '400': error('The request is wrong: a filter that does not parse or validate (`issues` say where), or a `sort`, `limit`, cursor or `include` that is not accepted (`parameter` names it).'),
        '500': error('The server could not read the list; the body says nothing of why. Try again later.'),
      },
    },
    schemas: { [e.schemaName]: listBodySchema(e.itemSchema, e.counts), ...errorSchemas() },
  };
}

/**
 * A copy of `document` with the list endpoint added: its operation under `paths`, its schemas
 * under `components.schemas`. Throws a `TqlError` (`invalid_option`) when the document already
 * has a `get` at that path, the operation id, or another schema of one of those names.
 *
 * @example
 * ```ts
 * let doc = listOpenApi({ title: 'Scheduling', endpoints: [{ schema: schedulingSchema, entity: 'agent' }] });
 * doc = withListEndpoint(doc, { schema: schedulingSchema, entity: 'resource' });
 * Object.keys(doc.paths!); // ['/v1/agents', '/v1/resources']
 * ```
 */
export function withListEndpoint(document: OpenApiDocument, endpoint: ListOpenApiEndpoint): OpenApiDocument {
  const { path, method, operation, schemas } = listOperation(endpoint);
  const paths = document.paths ?? {};
  if (paths[path]?.[method] !== undefined) throw optionError(`The document already has GET ${path}; give this endpoint another path.`);
  const ids = Object.values(paths).flatMap((item) => Object.values(item).map((op) => (typeof op === 'object' && op !== null ? (op as { operationId?: unknown }).operationId : undefined)));
  if (ids.includes(operation.operationId)) throw optionError(`The document already has an operation ${JSON.stringify(operation.operationId)}; give this endpoint another operationId.`);
  const existing = document.components?.schemas ?? {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (Object.hasOwn(existing, name) && JSON.stringify(existing[name]) !== JSON.stringify(schema)) {
      throw optionError(`The document's components.schemas already has another ${name}; give this endpoint another schemaName.`);
    }
  }
  return {
    ...document,
    paths: { ...paths, [path]: { ...paths[path], [method]: operation } },
    components: { ...document.components, schemas: { ...existing, ...schemas } },
  };
}

/** What {@link listOpenApi} needs: the endpoints, and what the document says of the API. */
export interface ListOpenApiOptions {
  readonly endpoints: readonly ListOpenApiEndpoint[];
  /** Default `List API`. */
  readonly title?: string | undefined;
  /** The API's version. Default `1.0.0`. */
  readonly version?: string | undefined;
  readonly description?: string | undefined;
  /** Where the API is served, such as `https://api.example.com`. Default: none (the document's own origin). */
  readonly serverUrl?: string | undefined;
}

/**
 * An OpenAPI 3.1 document of list endpoints, as plain JSON: each endpoint's path and operation,
 * the list body and the error bodies under `components.schemas`. Throws a `TqlError`
 * (`invalid_option`) for a bad option.
 *
 * @example
 * ```ts
 * const doc = listOpenApi({
 *   title: 'Scheduling',
 *   serverUrl: 'https://api.example.com',
 *   endpoints: [{ schema: schedulingSchema, entity: 'agent', counts: true }, { schema: schedulingSchema, entity: 'scheduling_request' }],
 * });
 * http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc)));
 * ```
 */
export function listOpenApi(options: ListOpenApiOptions): OpenApiDocument {
  const { endpoints, title = 'List API', version = '1.0.0', description, serverUrl } = options ?? {};
  if (!Array.isArray(endpoints)) throw optionError('endpoints is a list of list endpoints, each { schema, entity, … }.');
  for (const [name, value] of Object.entries({ title, version, description, serverUrl })) {
    if (value !== undefined && (typeof value !== 'string' || value === '')) throw optionError(`${name} is a line of text, not ${JSON.stringify(value) ?? String(value)}.`);
  }
  const start: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title, version, ...(description === undefined ? {} : { description }) },
    ...(serverUrl === undefined ? {} : { servers: [{ url: serverUrl }] }),
    paths: {},
    components: { schemas: {} },
  };
  return (endpoints as readonly ListOpenApiEndpoint[]).reduce(withListEndpoint, start);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
