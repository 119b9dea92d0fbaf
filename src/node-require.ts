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
  const require = optionalNodeRequire(from);
  if (require === undefined) throw new Error('tql cannot load ohm-js here: no require() and no process.getBuiltinModule (Node 20.16 or later).');
  return require;
}

/**
 * As {@link nodeRequire}, or undefined where there is none (a browser, Node before 20.16): for
 * a file that only makes something faster.
 *
 * @example
 * ```ts
 * optionalNodeRequire(import.meta.url)?.('./field-slots.cjs');
 * ```
 */
export function optionalNodeRequire(from: string): ((id: string) => unknown) | undefined {
  const process = (globalThis as { process?: NodeProcess }).process;
  return process?.getBuiltinModule?.('node:module')?.createRequire(from);
}
