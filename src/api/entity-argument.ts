/**
 * The schema and entity a public function was given (`tql/testing`, the HTTP helpers), read
 * through the core's guard (`resolveTarget`, what `check` and `validate` use): a schema not made
 * by `defineSchema` or an entity it does not have is an `invalid_option` naming the function,
 * never a TypeError from deep inside a generator, a property or a handler.
 */
import { optionError, isTqlError } from '../errors/tql-error.js';
import type { Entity, Schema } from '../schema/types.js';
import { resolveTarget } from '../validate/validate.js';

/**
 * The entity `entity` of `schema`, or a `TqlError` (`invalid_option`) prefixed with `fn`.
 *
 * @example
 * ```ts
 * entityArgument('queryArbitrary', schedulingSchema, 'agent').name; // 'agent'
 * entityArgument('queryArbitrary', null, 'agent'); // throws invalid_option: queryArbitrary: The schema was not made by defineSchema(); …
 * ```
 */
export function entityArgument(fn: string, schema: unknown, entity: unknown): Entity {
  let target: ReturnType<typeof resolveTarget>;
  try {
    target = resolveTarget(schema as Schema, entity as string, undefined);
  } catch {
    // A revoked proxy or a throwing trap, asked for the schema's brand or its entities.
    throw optionError(`${fn}: reading the schema threw an exception (a getter or a proxy trap); pass a schema made by defineSchema().`);
  }
  if (isTqlError(target)) throw optionError(`${fn}: ${target.issues[0].message}`);
  return target.entity;
}
