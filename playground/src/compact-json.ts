/**
 * JSON that keeps short objects and arrays on one line, so a filter document reads like the
 * MongoDB shell writes it instead of one brace per line.
 */

/** Longest single-line form kept on one line. */
const LINE = 60;

/**
 * `value` as indented JSON with every object or array that fits in {@link LINE} characters on one
 * line; `lead` is how much of the line a key already takes.
 *
 * @example
 * ```ts
 * compactJson({ $and: [{ a: { $eq: 1 } }, { b: { $in: ['x', 'y'] } }] });
 * // {
 * //   "$and": [{ "a": { "$eq": 1 } }, { "b": { "$in": ["x", "y"] } }]
 * // }
 * ```
 */
export function compactJson(value: unknown, indent = '', lead = 0): string {
  const flat = oneLine(value);
  if (indent.length + lead + flat.length <= LINE || typeof value !== 'object' || value === null) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => inner + compactJson(v, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).map(([k, v]) => {
    const key = `${JSON.stringify(k)}: `;
    return `${inner}${key}${compactJson(v, inner, key.length)}`;
  });
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`);
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  return JSON.stringify(value) ?? 'null';
}
