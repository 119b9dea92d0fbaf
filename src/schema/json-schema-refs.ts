/**
 * A JSON Schema as one flat object for the derivation: local `$ref`s followed (`#/$defs/…`,
 * `#/definitions/…`, `#/components/schemas/…`, any JSON pointer into the same document), `allOf`
 * merged, and an `anyOf`/`oneOf` of one schema and `null` read as that schema made nullable.
 * Remote and file references are never fetched; cycles and runaway nesting are refused.
 */

/** A JSON object as `JSON.parse` gives it. */
export type Json = Readonly<Record<string, unknown>>;

/** True for a JSON object (not an array, not null). */
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The flat schema, or why there is none. */
export type Flattened = { readonly schema: Json } | { readonly reason: string };

/** How many `$ref`, `allOf` and `anyOf` steps one schema may take: real documents need a handful. */
const MAX_STEPS = 64;

/** The document references resolve in, and the references followed so far (for reporting unused definitions). */
export interface RefContext {
  readonly root: unknown;
  readonly followed: Set<string>;
}

/**
 * The schema with its references followed and its compositions merged; the schema's own
 * keywords win over what it references (`{ $ref, description }` keeps its description), and
 * `nullable: true` marks a schema whose `anyOf` had a `null` alternative.
 *
 * @example
 * ```ts
 * const root = { $defs: { Status: { type: 'string', enum: ['open', 'closed'] } } };
 * flatten({ root, followed: new Set() }, { anyOf: [{ $ref: '#/$defs/Status' }, { type: 'null' }] });
 * // → { schema: { type: 'string', enum: ['open', 'closed'], nullable: true } }
 * ```
 */
export function flatten(context: RefContext, schema: Json): Flattened {
  return flattenIn(context, schema, [], { steps: MAX_STEPS });
}

function flattenIn(context: RefContext, schema: Json, refs: readonly string[], budget: { steps: number }): Flattened {
  if (--budget.steps < 0) return { reason: `nested too deeply: more than ${MAX_STEPS} $ref, allOf and anyOf steps` };
  const { $ref, allOf, anyOf, oneOf, ...own } = schema;
  let base: Json = {};
  const add = (inner: Json, refs2: readonly string[]): string | undefined => {
    const flat = flattenIn(context, inner, refs2, budget);
    if ('reason' in flat) return flat.reason;
    base = merge(base, flat.schema);
    return undefined;
  };
  if ($ref !== undefined) {
    const target = refTarget(context, $ref, refs);
    if ('reason' in target) return target;
    const problem = add(target.schema, [...refs, $ref as string]);
    if (problem !== undefined) return { reason: problem };
  }
  if (allOf !== undefined) {
    if (!Array.isArray(allOf) || !allOf.every(isObject)) return { reason: 'allOf is not a list of schemas' };
    for (const member of allOf) {
      const problem = add(member, refs);
      if (problem !== undefined) return { reason: problem };
    }
  }
  const alternatives = anyOf ?? oneOf;
  if (Array.isArray(alternatives)) {
    const others = alternatives.filter((a) => !(isObject(a) && a['type'] === 'null'));
    if (others.length === 0) return { reason: 'it is always null' };
    if (others.length > 1 || !isObject(others[0])) return { reason: `one of ${others.length} schemas (anyOf/oneOf): tql attributes have one type` };
    const problem = add(others[0], refs);
    if (problem !== undefined) return { reason: problem };
    if (others.length < alternatives.length) base = { ...base, nullable: true };
  }
  return { schema: merge(base, own) };
}

/** `b` over `a`, with the properties and required fields of both. */
function merge(a: Json, b: Json): Json {
  const merged: Record<string, unknown> = { ...a, ...b };
  if (isObject(a['properties']) || isObject(b['properties'])) merged['properties'] = { ...(a['properties'] as Json), ...(b['properties'] as Json) };
  if (Array.isArray(a['required']) || Array.isArray(b['required'])) {
    merged['required'] = [...((a['required'] as unknown[]) ?? []), ...((b['required'] as unknown[]) ?? [])];
  }
  // nullable is sticky: a referenced schema that allows null still does under a description.
  if (a['nullable'] === true) merged['nullable'] = true;
  return merged;
}

/** The schema a `$ref` points to in the same document, or why it cannot be followed. */
function refTarget(context: RefContext, ref: unknown, refs: readonly string[]): Flattened {
  if (typeof ref !== 'string') return { reason: '$ref is not a text' };
  if (!ref.startsWith('#')) return { reason: `a reference to another document (${ref}): tql follows only references inside this one, such as #/$defs/Name` };
  if (ref !== '#' && !ref.startsWith('#/')) return { reason: `an anchor reference (${ref}): tql follows JSON pointers such as #/$defs/Name` };
  if (refs.includes(ref)) return { reason: `a $ref cycle (${[...refs.slice(refs.indexOf(ref)), ref].join(' → ')})` };
  let steps: string[];
  try {
    steps = ref === '#' ? [] : ref.slice(2).split('/').map((raw) => decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~'));
  } catch {
    return { reason: `$ref ${ref} is not a valid JSON pointer` };
  }
  let target: unknown = context.root;
  for (const step of steps) {
    // Own keys only: a pointer such as #/__proto__ reaches nothing.
    target = typeof target === 'object' && target !== null && Object.hasOwn(target, step) ? (target as Json)[step] : undefined;
    if (target === undefined) return { reason: `$ref ${ref} points to nothing in this document` };
  }
  if (!isObject(target)) return { reason: `$ref ${ref} points to something that is not a schema` };
  context.followed.add(`#/${steps.map(pointerStep).join('/')}`);
  return { schema: target };
}

/**
 * A key as one step of a JSON pointer in a URI fragment (RFC 6901): the form references are
 * compared in.
 *
 * @example
 * ```ts
 * pointerStep('a/b c'); // 'a~1b%20c'
 * pointerStep('$defs');  // '$defs'
 * ```
 */
export function pointerStep(key: string): string {
  // A fragment keeps sub-delimiters (`$defs`) as they are; a lone surrogate has no encoding and stays too.
  return key
    .replace(/~/g, '~0')
    .replace(/\//g, '~1')
    .replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@]/gu, (c) => (/^[\ud800-\udfff]$/.test(c) ? c : encodeURIComponent(c)));
}
