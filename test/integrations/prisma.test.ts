/**
 * `tqlWhere` of tql/prisma in real Prisma Client 7 queries: the whole backend contract through
 * `findMany` on SQLite (better-sqlite3 adapter), PGlite (its adapter) and a PostgreSQL server (the
 * pg adapter), over the scheduling tables described by test/integrations/prisma/scheduling.prisma.
 * Each engine's outcome is counted: every case passes but those the backend declares it cannot
 * express there, each skipped with its reason.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runContract, type ContractOutcome } from '../../src/backends/contract/run-contract.js';
import type { ContractCapability } from '../../src/backends/contract/suite.js';
import { prismaBackend } from '../../src/integrations/prisma-backend.js';
import { prismaMapping, tqlWhere, type PrismaMapping } from '../../src/integrations/prisma.js';
import { readPrismaSchema } from '../../src/integrations/prisma-schema-file.js';
import { schedulingContract } from '../../src/models/scheduling/contract/cases.js';
import { createSchedulingTables, loadSchedulingData } from '../../src/models/scheduling/sql/load.js';
import { CONTRACT_INPUT, engineDivergences } from '../backends/sql/engines.js';
import type { Divergences } from '../../src/backends/contract/run-contract.js';
import { postgresAvailable, startPostgres, type PostgresServer } from '../support/postgres-server.js';
import { prismaClient, type TestPrismaClient, type TestProvider } from '../support/prisma-clients.js';

const SCHEMA_FILE = 'test/integrations/prisma/scheduling.prisma';

/** The scheduling schema's entities on the models of scheduling.prisma. */
function schedulingPrismaMapping(provider: TestProvider): PrismaMapping {
  const text = readFileSync(new URL(`../../${SCHEMA_FILE}`, import.meta.url), 'utf8').replace('"PROVIDER"', JSON.stringify(provider));
  return prismaMapping(readPrismaSchema(text), {
    scheduling_request: {
      model: 'SchedulingRequest',
      collections: {
        associated_entities: { relation: 'associated_entities' },
        resources: { relation: 'request_resources', discriminator: { field: 'role', value: 'resource' } },
        scheduled_agents: { relation: 'request_resources', discriminator: { field: 'role', value: 'scheduled_agent' } },
      },
    },
    agent: { model: 'Agent' },
    team: { model: 'Team' },
    resource: { model: 'Resource' },
  });
}

/** The client's property for each entity's model. */
const DELEGATES = { scheduling_request: 'schedulingRequest', agent: 'agent', team: 'team', resource: 'resource' } as const;

/** The failed outcomes, as `query selected [ids]` lines. */
const notPassed = (outcomes: readonly ContractOutcome[]) => outcomes.flatMap((o) => (o.status === 'failed' ? [`${o.case.query} selected ${JSON.stringify(o.selected)}`] : []));

/** The contract through `findMany` on one engine, counted: the cases skipped, by the capability they need. */
function describePrisma(
  name: string,
  provider: TestProvider,
  open: (PrismaClient: Awaited<ReturnType<typeof prismaClient>>) => Promise<{ prisma: TestPrismaClient; close(): Promise<void> }>,
  skipped: Partial<Record<ContractCapability, number>>,
  /** The divergences to run with, where the engine's measured behaviour differs from what the backend declares for any such engine. */
  divergences?: Divergences,
) {
  const expectedSkips = Object.values(skipped).reduce((a, b) => a + b, 0);
  describe(`Prisma Client on ${name}`, () => {
    let prisma: TestPrismaClient;
    let close: () => Promise<void>;
    const mapping = schedulingPrismaMapping(provider);
    const backend = prismaBackend({ mapping });
    beforeAll(async () => {
      ({ prisma, close } = await open(await prismaClient(SCHEMA_FILE, provider)));
    }, 120_000);
    afterAll(() => close?.());

    test(`the ${schedulingContract.cases.length} contract cases: ${schedulingContract.cases.length - expectedSkips} pass, ${expectedSkips} skipped as declared`, async () => {
      const outcomes = await runContract(schedulingContract, async (query, entity) => {
        const rows = await prisma[DELEGATES[entity]]!.findMany({ where: tqlWhere(query, { mapping }), select: { id: true } });
        return rows.map((r) => r.id as string);
      }, { divergences: divergences ?? backend.divergences ?? {} });
      expect(notPassed(outcomes)).toEqual([]);
      const counted: Partial<Record<ContractCapability, number>> = {};
      for (const o of outcomes) if (o.status === 'skipped') counted[o.case.needs!] = (counted[o.case.needs!] ?? 0) + 1;
      expect(counted).toEqual(skipped);
      expect(outcomes.filter((o) => o.status === 'passed').length).toBe(schedulingContract.cases.length - expectedSkips);
    }, 120_000);
  });
}

describePrisma('SQLite (better-sqlite3)', 'sqlite', async (PrismaClient) => {
  const dir = mkdtempSync(join(tmpdir(), 'tql-prisma-'));
  const file = join(dir, 'scheduling.db');
  const raw = new Database(file);
  await createSchedulingTables(raw);
  await loadSchedulingData(raw, CONTRACT_INPUT);
  raw.close();
  const prisma = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: `file:${file}` }) });
  return {
    prisma,
    close: async () => {
      await prisma.$disconnect();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}, { 'unicode-case-folding': 11, 'literal-wildcards': 15 });

describePrisma('PGlite', 'postgresql', async (PrismaClient) => {
  const db = await PGlite.create({ extensions: { pg_trgm } });
  await createSchedulingTables(db);
  await loadSchedulingData(db, CONTRACT_INPUT);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) });
  return {
    prisma,
    close: async () => {
      await prisma.$disconnect();
      await db.close();
    },
  };
}, { 'unicode-case-folding': 11 });

describe.runIf(postgresAvailable())('a PostgreSQL server', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
    const pool = new pg.Pool({ connectionString: server.connectionString, max: 1 });
    await createSchedulingTables(pool);
    await loadSchedulingData(pool, CONTRACT_INPUT);
    await pool.end();
  }, 120_000);
  afterAll(() => server?.stop());

  describePrisma('a PostgreSQL server (pg adapter)', 'postgresql', async (PrismaClient) => {
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: server.connectionString, max: 2 }) });
    return { prisma, close: () => prisma.$disconnect() };
    // The test server's locale folds ILIKE as JavaScript does (folding.test.ts measures it): nothing to skip.
  }, {}, engineDivergences('postgres-server'));
});
