/**
 * Watching for I/O while a property runs: every function of Node's file, network and process
 * modules (and `fetch`) is wrapped to note its name, for the ES-module imports too
 * (`syncBuiltinESMExports`), so a test can require that the code it fuzzes read no file, opened
 * no socket and started no process.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';

const require = createRequire(import.meta.url);
const MODULES = ['fs', 'fs/promises', 'net', 'tls', 'http', 'https', 'http2', 'dgram', 'dns', 'child_process', 'worker_threads'] as const;

/** What was called while watching, as `module.function`; `stop()` puts every function back. */
export interface IoWatch {
  readonly calls: readonly string[];
  stop(): void;
}

/**
 * Starts watching. Functions are wrapped, not classes (a wrapper cannot be called with `new`).
 *
 * @example
 * ```ts
 * const watch = watchIo();
 * complete(text, 0, schema, 'agent');
 * watch.stop();
 * expect(watch.calls).toEqual([]);
 * ```
 */
export function watchIo(): IoWatch {
  const calls: string[] = [];
  const restore: (() => void)[] = [];
  const wrap = (holder: Record<string, unknown>, key: string, name: string) => {
    const original = holder[key];
    if (typeof original !== 'function' || /^[A-Z]/.test(key)) return;
    const descriptor = Object.getOwnPropertyDescriptor(holder, key);
    if (descriptor === undefined || !descriptor.writable || !descriptor.configurable) return;
    holder[key] = function watched(this: unknown, ...args: unknown[]) {
      calls.push(name);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    restore.push(() => {
      holder[key] = original;
    });
  };
  for (const m of MODULES) {
    const exports = require(`node:${m}`) as Record<string, unknown>;
    for (const key of Object.keys(exports)) wrap(exports, key, `${m}.${key}`);
  }
  wrap(globalThis as unknown as Record<string, unknown>, 'fetch', 'fetch');
  syncBuiltinESMExports();
  return {
    calls,
    stop() {
      for (const r of restore) r();
      syncBuiltinESMExports();
    },
  };
}
