/**
 * What a schema derivation (JSON Schema, zod, Drizzle, Prisma, TypeORM) left out, carried by a
 * schema made from its definition (`defineSchema({ ...derived.definition, skipped: derived.skipped })`)
 * so that a filter on a left-out field is told it was skipped and why. Kept beside the schema
 * and read only when an attribute is unknown: a schema without skipped fields costs nothing.
 */
import { describeValue } from '../errors/describe-value.js';
import { isArrayOption } from '../errors/read-options.js';

/** A field a derivation left out: `entity.field`, and why. */
export interface SkippedField {
  readonly path: string;
  readonly reason: string;
}

const REASONS = new WeakMap<object, ReadonlyMap<string, string>>();

/** At most this many skipped fields are kept: a derivation skips a few, never millions. */
const MAX_SKIPPED = 10_000;

/**
 * The skipped fields of a definition by path, or the problem with them; undefined when there
 * are none.
 *
 * @example
 * ```ts
 * readSkipped([{ path: 'agent.photo', reason: 'Bytes have no filter' }]); // Map { 'agent.photo' => 'Bytes have no filter' }
 * readSkipped(5); // 'skipped is the list a derivation returned ([{ path, reason }]), not 5'
 * ```
 */
export function readSkipped(skipped: unknown): ReadonlyMap<string, string> | string | undefined {
  if (skipped === undefined) return undefined;
  const wrong = `skipped is the list a derivation returned ([{ path, reason }]), not ${describeValue(skipped)}`;
  if (!isArrayOption(skipped) || (skipped as unknown[]).length > MAX_SKIPPED) return wrong;
  const byPath = new Map<string, string>();
  for (const entry of skipped as unknown[]) {
    const { path, reason } = (typeof entry === 'object' && entry !== null ? entry : {}) as { path?: unknown; reason?: unknown };
    if (typeof path !== 'string' || typeof reason !== 'string') return wrong;
    byPath.set(path, reason);
  }
  return byPath;
}

/** Keeps `byPath` for `schema`. */
export function rememberSkipped(schema: object, byPath: ReadonlyMap<string, string>): void {
  REASONS.set(schema, byPath);
}

/**
 * Why the derivation of `schema` skipped `path` (`entity.field`), if it did.
 *
 * @example
 * ```ts
 * skippedReason(schema, 'agent.photo'); // 'Bytes have no filter'
 * ```
 */
export function skippedReason(schema: object, path: string): string | undefined {
  return REASONS.get(schema)?.get(path);
}
