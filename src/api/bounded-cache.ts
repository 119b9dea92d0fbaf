/**
 * A bounded cache whose hit is one Map look-up: two generations, the newer one filled until it
 * holds `capacity` entries, then becoming the older one. A hit in the older generation moves
 * the entry forward, so recently used entries survive; at most `2 × capacity` are kept.
 */
export class BoundedCache<K, V> {
  private current = new Map<K, V>();
  private previous = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const hit = this.current.get(key);
    if (hit !== undefined) return hit;
    const old = this.previous.get(key);
    if (old !== undefined) {
      this.previous.delete(key);
      this.set(key, old);
    }
    return old;
  }

  set(key: K, value: V): void {
    if (this.current.size >= this.capacity) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, value);
  }

  /** Entries kept, in both generations. */
  get size(): number {
    return this.current.size + this.previous.size;
  }
}
