/**
 * A bounded memory: at most `maxEntries` values, each for its own time. The least recently
 * used value goes first when a new one would exceed the bound, so a server process that
 * serves every site and visitor keeps only what is asked for often (routing.ts).
 */
interface Kept<V> {
  value: V;
  expires: number;
}

export class LruCache<V> {
  private readonly entries = new Map<string, Kept<V>>();

  constructor(readonly maxEntries: number) {}

  /** The value kept under `key`, unless it has expired; a hit makes it the most recently used. */
  get(key: string): V | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    this.entries.delete(key);
    if (kept.expires <= Date.now()) return undefined;
    // Map keeps insertion order: re-inserting moves the key to the newest end.
    this.entries.set(key, kept);
    return kept.value;
  }

  /** Keeps `value` for `maxAgeMs`, evicting the least recently used values beyond the bound. */
  set(key: string, value: V, maxAgeMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: Date.now() + maxAgeMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** How many values are kept, expired ones not yet dropped included. */
  get size(): number {
    return this.entries.size;
  }
}
