/**
 * What the package tests share: running commands in a throwaway folder, reading a tarball, and
 * installing it into a fresh project as a user would.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The repository this test suite runs from. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The environment for npm and the packed CLI: this process's, without what an enclosing
 * `npm test` passes its scripts (`npm_config_*` from its command line, `npm_package_*`, the
 * lifecycle event), so that npm behaves as in a shell; no update check, no colour.
 */
export const CLEAN_ENV: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key))),
  npm_config_update_notifier: 'false',
  NO_COLOR: '1',
};

/**
 * Runs a command to its end and returns its standard output; throws (with its output) when it
 * fails or takes more than `timeout` ms.
 *
 * @example
 * ```ts
 * run('git', ['rev-parse', 'HEAD'], ROOT); // 'c0ffee…\n'
 * ```
 */
export function run(command: string, args: readonly string[], cwd: string, timeout = 120_000): string {
  return execFileSync(command, args, { cwd, env: CLEAN_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout });
}

/** The outcome of a command that may fail. */
export interface Outcome {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a command and returns its status and output, whether or not it succeeds.
 *
 * @example
 * ```ts
 * attempt('npx', ['tql', 'demo'], app); // { status: 0, stdout: 'tql demo — …', stderr: '' }
 * ```
 */
export function attempt(command: string, args: readonly string[], cwd: string, timeout = 60_000): Outcome {
  const child = spawnSync(command, args, { cwd, env: CLEAN_ENV, encoding: 'utf8', timeout });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

/**
 * Node itself, as `node <args>` in `cwd`.
 *
 * @example
 * ```ts
 * node(app, ['-e', "require('tql')"]).status; // 0
 * ```
 */
export function node(cwd: string, args: readonly string[]): Outcome {
  return attempt(process.execPath, args, cwd);
}

/**
 * A new empty folder under the system's temporary folder. Throws when a `node_modules` folder
 * lies above it: Node resolves packages there too, so a peer found in one would hide a missing
 * one from a consumer project made inside.
 *
 * @example
 * ```ts
 * const work = freshWorkDir('tql-consumer-'); // '/tmp/tql-consumer-AbC123'
 * ```
 */
export function freshWorkDir(prefix: string): string {
  const work = mkdtempSync(path.join(tmpdir(), prefix));
  const above: string[] = [];
  for (let at = path.dirname(work); ; at = path.dirname(at)) {
    if (existsSync(path.join(at, 'node_modules'))) above.push(path.join(at, 'node_modules'));
    if (path.dirname(at) === at) break;
  }
  if (above.length > 0) throw new Error(`the consumer project must not see packages from ${above.join(', ')}: remove it, or set TMPDIR to a folder without one above it`);
  return work;
}

/**
 * The paths in a tarball, without npm's `package/` prefix (`tar` lists them).
 *
 * @example
 * ```ts
 * tarballFiles('/tmp/x/tql-0.1.0.tgz'); // ['LICENSE', 'README.md', 'bin/tql.js', 'dist/index.js', …]
 * ```
 */
export function tarballFiles(tarball: string): string[] {
  return run('tar', ['-tzf', tarball], path.dirname(tarball))
    .split('\n')
    .filter((f) => f !== '' && !f.endsWith('/'))
    .map((f) => f.replace(/^package\//, ''));
}

/**
 * One file of a tarball, as text.
 *
 * @example
 * ```ts
 * JSON.parse(tarballFile(tarball, 'package.json')).name; // 'tql'
 * ```
 */
export function tarballFile(tarball: string, file: string): string {
  return run('tar', ['-xzOf', tarball, `package/${file}`], path.dirname(tarball));
}

/**
 * A new project `<work>/<name>` with the tarball installed from the file, offline (the package
 * has no dependencies), with npm's usual install-script policy. Returns the project's folder and
 * what npm said on standard error.
 *
 * @example
 * ```ts
 * const { dir } = installTarball(work, 'app', path.join(work, 'tql-0.1.0.tgz'));
 * ```
 */
export function installTarball(work: string, name: string, tarball: string): { readonly dir: string; readonly npmStderr: string } {
  const dir = path.join(work, name);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true }));
  const npm = attempt('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], dir, 120_000);
  if (npm.status !== 0) throw new Error(`npm install ${tarball} failed (${npm.status}):\n${npm.stderr}`);
  return { dir, npmStderr: npm.stderr };
}

/**
 * Packs the package as `npm publish` would from a fresh clone holding the working tree: every file
 * git would commit (tracked and untracked, ignored ones left out) copied to `<work>/repo`, the
 * checkout's node_modules linked there (CI has just installed the lock file's packages; a second
 * install would test npm, not the package), then `npm pack` with its scripts, so prepack builds
 * dist/ from the sources alone. Returns the tarball's path.
 *
 * @example
 * ```ts
 * const tarball = packWorkingTree(freshWorkDir('tql-package-')); // '/tmp/tql-package-AbC123/tql-0.1.0.tgz'
 * ```
 */
export function packWorkingTree(work: string): string {
  const repo = path.join(work, 'repo');
  const files = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], ROOT).split('\0');
  for (const file of files) {
    const from = path.join(ROOT, file);
    // A tracked file deleted in the working tree is not part of it.
    if (file === '' || !existsSync(from)) continue;
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    copyFileSync(from, path.join(repo, file));
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(repo, 'node_modules'), 'dir');
  // A generous limit: on a busy machine the build takes minutes.
  run('npm', ['pack', '--pack-destination', work], repo, 300_000);
  return path.join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!);
}

/** The folder the package tests work in and the tarball packed there, once both exist. */
export interface Packed {
  readonly work: string;
  readonly tarball: string;
}
