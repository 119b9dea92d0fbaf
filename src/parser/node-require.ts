/** Node's CommonJS require, for the few places that must load a file synchronously and lazily. */

interface NodeProcess {
  getBuiltinModule?(id: 'node:module'): { createRequire(from: string): (id: string) => unknown };
}

/**
 * A CommonJS require that resolves from `from` (a file path or URL), got from Node without a
 * static import of node:module, so that browser bundles of the sources still build.
 *
 * @example
 * ```ts
 * nodeRequire(import.meta.url)('ohm-js');
 * ```
 */
export function nodeRequire(from: string): (id: string) => unknown {
  const process = (globalThis as { process?: NodeProcess }).process;
  const module = process?.getBuiltinModule?.('node:module');
  if (module === undefined) throw new Error('tql cannot load ohm-js here: no require() and no process.getBuiltinModule (Node 20.16 or later).');
  return module.createRequire(from);
}
