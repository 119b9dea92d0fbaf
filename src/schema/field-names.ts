/**
 * Attribute and entity names from the field names of a record description, whatever their style
 * (docs/schema.md, From JSON Schema, zod or Drizzle): tql names are lower snake case, so
 * `createdAt`, `HTTPStatus`, `user-id` and `v2Name` become `created_at`, `http_status`, `user_id`
 * and `v2_name`, and the attribute's source keeps reading the original field.
 */

/** Keys that reach an object's prototype or constructor: no record field is read under them. */
const UNREADABLE_FIELDS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** What {@link snakeName} gives: the name, or why the field has none. */
export type NameResult = { readonly name: string } | { readonly reason: string };

/**
 * The lower snake case name of a field written in any style, or why it cannot have one: words
 * are split at case changes (an acronym stays one word, `userIDs` is `user_ids`), at digits
 * followed by a capital and at any run of characters other than ASCII letters and digits.
 *
 * @example
 * ```ts
 * snakeName('HTTPStatus'); // { name: 'http_status' }
 * snakeName('v2Name');     // { name: 'v2_name' }
 * snakeName('2fa');        // { reason: 'it starts with a digit: …' }
 * ```
 */
export function snakeName(field: string): NameResult {
  if (UNREADABLE_FIELDS.has(field)) return { reason: `"${field}" names an object's prototype or constructor, which tql never reads` };
  if (/[^\x20-\x7e]/.test(field)) {
    return { reason: 'its name has characters other than ASCII letters, digits and separators: add it by hand with a name of your choice and a field source' };
  }
  const name = field
    // An acronym's plural stays with it: `IDs` is one word.
    .replace(/([A-Z]{2,})s(?![a-z])/g, '$1S')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
  if (name === '') return { reason: 'its name has no letters or digits' };
  if (!/^[a-z]/.test(name)) return { reason: 'it starts with a digit: tql names start with a letter; add it by hand with a name of your choice and a field source' };
  return { name };
}

/** One field to name: its original name and what it derives to. */
export interface NamedField<T> {
  readonly field: string;
  readonly value: T;
}

/** The fields that got a name, by name, and the ones that did not, with the reason. */
export interface FieldNames<T> {
  readonly named: readonly (NamedField<T> & { readonly name: string })[];
  readonly unnamed: readonly (NamedField<T> & { readonly reason: string })[];
}

/**
 * Names every field with {@link snakeName}. Two fields that would share a name are both left
 * unnamed (a collision), never one silently kept: which one a filter means is the author's call.
 *
 * @example
 * ```ts
 * nameFields([{ field: 'userId', value: 1 }, { field: 'user_id', value: 2 }, { field: 'name', value: 3 }]);
 * // named: [{ field: 'name', name: 'name', value: 3 }],
 * // unnamed: [{ field: 'userId', value: 1, reason: 'its name would be user_id, as for user_id: …' }, { field: 'user_id', … }]
 * ```
 */
export function nameFields<T>(fields: readonly NamedField<T>[]): FieldNames<T> {
  const results = fields.map((f) => snakeName(f.field));
  const holders = new Map<string, number[]>();
  results.forEach((r, i) => {
    if ('name' in r) holders.get(r.name)?.push(i) ?? holders.set(r.name, [i]);
  });
  const named: (NamedField<T> & { name: string })[] = [];
  const unnamed: (NamedField<T> & { reason: string })[] = [];
  results.forEach((r, i) => {
    const f = fields[i]!;
    if ('reason' in r) return void unnamed.push({ ...f, reason: r.reason });
    const sharing = holders.get(r.name)!;
    if (sharing.length === 1) return void named.push({ ...f, name: r.name });
    // A few of the others by name (not all: a thousand colliding fields stay a thousand short reasons).
    const others = sharing.slice(0, 4).filter((j) => j !== i).slice(0, 3).map((j) => fields[j]!.field);
    const more = sharing.length - 1 - others.length;
    const list = more > 0 ? `${others.join(', ')} and ${more} more` : others.join(', ');
    unnamed.push({ ...f, reason: `its name would be ${r.name}, as for ${list}: rename one, or add the one to filter by by hand` });
  });
  return { named, unnamed };
}
