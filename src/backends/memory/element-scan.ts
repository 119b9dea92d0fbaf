/**
 * How element lists are scanned, bounded by what a record holds: a list is scanned unchecked up
 * to {@link MAX_UNCHECKED_SCAN} elements, and a longer one only by its own keys.
 */

const hasOwn: (object: object, key: string) => boolean = Object.hasOwn;

/** The longest list scanned before it is known to be an array. */
export const MAX_UNCHECKED_SCAN = 4096;

/**
 * Whether some own element of the array passes `test`, which is given the element and its
 * index. Holes are skipped without reading `Array.prototype` (where a polluted index would stand
 * in for them), and an array longer than {@link MAX_UNCHECKED_SCAN} is walked by its own keys,
 * so a sparse array of length 4e9 costs what its few elements cost.
 */
export function someOwnElement(list: readonly unknown[], test: (e: unknown, index: number) => boolean): boolean {
  const n = list.length;
  if (n <= MAX_UNCHECKED_SCAN) {
    for (let i = 0; i < n; i++) if (hasOwn(list, i as unknown as string) && test(list[i], i)) return true;
    return false;
  }
  const keys = Object.keys(list);
  for (let j = 0; j < keys.length; j++) {
    const k = keys[j]!;
    const i = Number(k);
    // Own keys that are not indices below the length are properties, not elements.
    if (Number.isInteger(i) && i >= 0 && i < n && String(i) === k && test(list[i], i)) return true;
  }
  return false;
}
