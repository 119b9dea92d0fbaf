/** Writing large outputs without buffering them whole in memory. */
import type { CliIo } from './io.js';

interface Drainable {
  once(event: 'drain', listener: () => void): unknown;
}

/**
 * Writes `text` to standard output and, when the stream asks to wait (a slow pipe), waits for it
 * to drain, so millions of lines do not pile up in memory.
 *
 * @example
 * ```ts
 * for (const record of matches) await writeOut(io, `${JSON.stringify(record)}\n`);
 * ```
 */
export async function writeOut(io: CliIo, text: string): Promise<void> {
  const ok = io.stdout.write(text);
  const stream = io.stdout as Partial<Drainable>;
  if (ok === false && typeof stream.once === 'function') {
    await new Promise<void>((resolve) => stream.once!('drain', resolve));
  }
}
