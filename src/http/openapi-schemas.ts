/**
 * The JSON Schemas (OpenAPI 3.1's dialect, JSON Schema 2020-12) of what a list endpoint answers:
 * the list body of a 200, and the error body of a 400 or a 500 with its issues.
 */

/** A JSON Schema: an object of keywords, or `true` / `false`. Plain JSON, ready to serialize. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

/** The names under `components.schemas` the error responses refer to. */
export const ERROR_SCHEMA_NAMES = { body: 'TqlErrorBody', issue: 'TqlIssue' } as const;

/** A reference to a schema under `components.schemas`. */
export function schemaRef(name: string): { readonly $ref: string } {
  return { $ref: `#/components/schemas/${name}` };
}

const offset = (description: string) => ({ type: 'integer', minimum: 0, description });

/**
 * The schemas of an error response, by name: the body (`ErrorBody` of `tql/http`) and one issue
 * (`TqlIssue`).
 *
 * @example
 * ```ts
 * errorSchemas().TqlErrorBody; // { type: 'object', required: ['error', 'code', 'issues'], … }
 * ```
 */
export function errorSchemas(): Record<string, JsonSchema> {
  return {
    [ERROR_SCHEMA_NAMES.body]: {
      type: 'object',
      description: 'What is wrong with a request, or that the server failed.',
      required: ['error', 'code', 'issues'],
      properties: {
        error: { type: 'string', description: 'What is wrong and what to do, for a person; for a filter, where each problem is (`at line:column`).' },
        code: { type: 'string', description: 'A stable code for programs: a TQL error code (`unknown_attribute`, `invalid_value`, `invalid_option`, …) or `internal_error`.' },
        issues: { type: 'array', description: 'Every problem found in the filter, with its place in it; empty for errors that are not about the filter.', items: schemaRef(ERROR_SCHEMA_NAMES.issue) },
        parameter: { type: 'string', description: 'The query parameter the request got wrong (`filter`, `sort`, `limit`, `starting_after`, `ending_before`, `cursor` or `include`), when the error is about one.' },
      },
    },
    [ERROR_SCHEMA_NAMES.issue]: {
      type: 'object',
      description: 'One problem of a filter and where it is.',
      required: ['code', 'message', 'span', 'position'],
      properties: {
        code: { type: 'string', description: 'A TQL error code.' },
        message: { type: 'string', description: 'What is wrong and what to do, in a sentence or two.' },
        span: {
          type: 'object',
          description: 'The part of the filter at fault, as UTF-16 offsets: from `start` up to, not including, `end`.',
          required: ['start', 'end'],
          properties: { start: offset('The first offset.'), end: offset('The offset after the last.') },
        },
        position: {
          type: 'object',
          description: 'Where the span starts, for a person.',
          required: ['offset', 'line', 'column'],
          properties: { offset: offset('The UTF-16 offset.'), line: { type: 'integer', minimum: 1 }, column: { type: 'integer', minimum: 1 } },
        },
        suggestion: { type: 'string', description: 'A replacement that would fix it, when there is an obvious one (`EQ` for `eq`).' },
      },
    },
  };
}

/**
 * The schema of a 200 body: `{ object: 'list', next_page, previous_page, total_count?, data }`,
 * each record as `item` says; `total_count` only where the endpoint counts.
 *
 * @example
 * ```ts
 * listBodySchema({ type: 'object' }, true).required; // ['object', 'next_page', 'previous_page', 'data']
 * ```
 */
export function listBodySchema(item: JsonSchema, counts: boolean): JsonSchema {
  const link = (which: string) => ({
    type: ['string', 'null'],
    description: `The URL of the ${which} page, with the request's filter, sort and limit; null when there is none. Follow it as it is.`,
  });
  return {
    type: 'object',
    required: ['object', 'next_page', 'previous_page', 'data'],
    properties: {
      object: { const: 'list' },
      next_page: link('next'),
      previous_page: link('previous'),
      ...(counts ? { total_count: { type: 'integer', minimum: 0, description: 'Every record the filter matches; only with `include=total_count`.' } } : {}),
      data: { type: 'array', description: 'The records of the page, in the order of the list.', items: item },
    },
  };
}
