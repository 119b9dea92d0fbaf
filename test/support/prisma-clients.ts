/**
 * Prisma clients for tests, generated from a schema file of the repository on the spot, offline.
 *
 * `prisma generate` writes the client (TypeScript, with Prisma 7's query compiler: no native
 * query engine) and asks only for the path of the schema engine, which generating does not run:
 * a stub executable stands in for it, so nothing is downloaded. The client goes under `.tmp/`
 * (gitignored), once per schema text and provider; a later run reuses it.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PRISMA = `${ROOT}node_modules/prisma/build/index.js`;

/** The providers the tests generate for. */
export type TestProvider = 'postgresql' | 'sqlite' | 'mysql';

/** A client's delegate for one model, as far as the tests use it. */
export interface ModelDelegate {
  findMany(args?: { where?: object; select?: object; orderBy?: object }): Promise<Record<string, unknown>[]>;
  createMany(args: { data: readonly object[] }): Promise<unknown>;
}

/** A generated PrismaClient, typed as far as the tests use it. */
export type TestPrismaClient = { readonly [model: string]: ModelDelegate } & {
  $disconnect(): Promise<void>;
  $executeRawUnsafe(sql: string): Promise<number>;
  $on(event: 'query', listener: (e: { query: string; params: string }) => void): void;
};

/** The constructor of a generated client, given a driver adapter. */
export type TestPrismaClientClass = new (options: { adapter: unknown; log?: unknown }) => TestPrismaClient;

/**
 * Runs `prisma generate` on the schema file `schemaPath`, offline: the client goes where the
 * file's generator says (its `output`, relative to the file).
 *
 * @example
 * ```ts
 * generatePrismaClient('.tmp/docs-examples/schema.prisma'); // writes .tmp/docs-examples/generated/prisma/
 * ```
 */
export function generatePrismaClient(schemaPath: string): void {
  const stub = `${schemaPath}.schema-engine-stub`;
  writeFileSync(stub, '#!/bin/sh\necho "the schema engine is not used by prisma generate" >&2\nexit 1\n');
  chmodSync(stub, 0o755);
  try {
    execFileSync(process.execPath, [PRISMA, 'generate', '--schema', schemaPath], {
      env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: stub, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 60_000,
    });
  } finally {
    rmSync(stub, { force: true });
  }
}

/**
 * Generates (or reuses) the client of the schema file `schemaFile` (relative to the repository)
 * for `provider`, and imports it. The file's `PROVIDER` and `OUTPUT` words are replaced.
 *
 * @example
 * ```ts
 * const PrismaClient = await prismaClient('test/integrations/prisma/scheduling.prisma', 'sqlite');
 * const prisma = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: 'file:./dev.db' }) });
 * ```
 */
export async function prismaClient(schemaFile: string, provider: TestProvider): Promise<TestPrismaClientClass> {
  const template = readFileSync(`${ROOT}${schemaFile}`, 'utf8');
  const hash = createHash('sha256').update(template).update(provider).digest('hex').slice(0, 12);
  const dir = `${ROOT}.tmp/prisma/${hash}`;
  if (!existsSync(`${dir}/client/client.ts`)) {
    // Made aside and renamed into place: another test file may want the same client meanwhile.
    const aside = `${dir}.${process.pid}`;
    mkdirSync(aside, { recursive: true });
    writeFileSync(`${aside}/schema.prisma`, template.replace('"PROVIDER"', JSON.stringify(provider)).replace('"OUTPUT"', JSON.stringify('./client')));
    generatePrismaClient(`${aside}/schema.prisma`);
    try {
      renameSync(aside, dir);
    } catch {
      // Another process put its copy there first.
      rmSync(aside, { recursive: true, force: true });
    }
  }
  const module = (await import(pathToFileURL(`${dir}/client/client.ts`).href)) as { PrismaClient: TestPrismaClientClass };
  return module.PrismaClient;
}
