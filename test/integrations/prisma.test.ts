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
import { prismaMapping, schemaFromPrisma, tqlWhere, type PrismaMapping } from '../../src/integrations/prisma.js';
import fc from 'fast-check';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/compile-predicate.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { queryArbitrary } from '../../src/testing/query-arbitrary.js';
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
  const expectedSkips = Object.values(skipped).reduce<number>((a, b) => a + (b ?? 0), 0);
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

/** The billing app's tables, as a migration of billing.prisma would make them. */
const BILLING_DDL = `
CREATE TYPE "Plan" AS ENUM ('free', 'pro', 'enterprise');
CREATE TABLE accounts (id uuid PRIMARY KEY, name text NOT NULL, email text, plan "Plan" NOT NULL, seats integer,
  balance numeric(10, 2), created_at timestamp(3) NOT NULL, tags text[] NOT NULL DEFAULT '{}');
CREATE TABLE invoices (id integer PRIMARY KEY, account_id uuid NOT NULL REFERENCES accounts (id), number text NOT NULL,
  total double precision NOT NULL, paid_at timestamp(3));
`;

/** Accounts at the edges: nulls, empty lists, seconds with milliseconds, wildcards and case in text, big and negative numbers. */
const ACCOUNTS = [
  { id: '0b5c3f8e-1d2a-4c3b-9e8f-7a6b5c4d3e2f', name: 'Acme', email: 'ops@acme.test', plan: 'pro', seats: 12, balance: '120.50', createdAt: new Date('2025-06-01T00:00:00.000Z'), tags: ['vip', 'eu'] },
  { id: '1c6d4f9f-2e3b-4d4c-8f90-8b7c6d5e4f30', name: '100% Sure_Ltd', email: null, plan: 'free', seats: null, balance: null, createdAt: new Date('2025-06-01T00:00:00.999Z'), tags: [] },
  { id: '2d7e5a0a-3f4c-4e5d-9a01-9c8d7e6f5a41', name: 'ÉCOLE ÅNGSTRÖM', email: 'Admin@Ecole.test', plan: 'enterprise', seats: 2147483647, balance: '-3.25', createdAt: new Date('2025-05-31T23:59:59.500Z'), tags: ['EU'] },
  { id: '3e8f6b1b-4a5d-4f6e-8b12-ad9e8f7a6b52', name: 'globex', email: 'a\\b@globex.test', plan: 'pro', seats: -5, balance: '0.00', createdAt: new Date('2024-01-15T12:00:00.000Z'), tags: ['vip'] },
  { id: '4f9a7c2c-5b6e-4a7f-9c23-bea09a8b7c63', name: 'Initech', email: 'it@initech.test', plan: 'free', seats: 0, balance: '99999999.99', createdAt: new Date('2030-12-31T23:59:59.000Z'), tags: ['%', 'eu', 'vip'] },
] as const;
const INVOICES = [
  { id: 1, accountId: ACCOUNTS[0].id, number: 'INV-1', total: 99.5, paidAt: new Date('2025-06-02T10:00:00.000Z') },
  { id: 2, accountId: ACCOUNTS[0].id, number: 'INV-2', total: 0, paidAt: null },
  { id: 3, accountId: ACCOUNTS[2].id, number: 'inv-3', total: -1.5, paidAt: new Date('2025-06-01T00:00:00.250Z') },
  { id: 4, accountId: ACCOUNTS[3].id, number: '100%', total: 1e9, paidAt: null },
] as const;

/** Filters a person would write, on every attribute the derivation made. */
const BILLING_QUERIES = [
  'account.name LIKE acme',
  'account.name LIKE "100%"',
  'account.name LIKE école',
  'account.name STARTS_WITH "100% s"',
  'account.email EQ null',
  'account.email NOT_EQ ops@acme.test',
  'account.email ENDS_WITH .test',
  'account.plan IN pro,enterprise',
  'account.plan NOT_EQ free',
  'account.seats GT 1.5',
  'account.seats LT 3000000000',
  'account.seats GTE 2147483647',
  'account.seats NOT_EQ 12',
  'account.balance LT 100',
  'account.balance EQ 120.5',
  'account.balance NOT_IN -3.25,0',
  'account.created_at EQ 2025-06-01',
  'account.created_at GTE 2025-06-01 AND account.created_at LT 2025-06-02',
  'account.created_at GT now-365d',
  'account.id EQ 0B5C3F8E-1D2A-4C3B-9E8F-7A6B5C4D3E2F',
  'account.tags EQ vip',
  'account.tags NOT_EQ vip',
  'account.tags IN eu,EU',
  'account.tags EQ "%"',
  'account.invoices_total GT 0',
  'account.invoices_number EQ inv-3',
  'account.invoices_number LIKE "100%"',
  'account.invoices_paid_at GTE 2025-06-01 AND account.invoices_paid_at LT 2025-06-02',
  'NOT (account.tags EQ vip OR account.seats LT 1)',
  'NOT (account.invoices_total LT 100) AND account.plan EQ pro',
];

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

  describe('an app’s own Prisma schema (billing.prisma), derived, filters alike in memory and through findMany', () => {
    const text = readFileSync(new URL('./prisma/billing.prisma', import.meta.url), 'utf8').replace('"PROVIDER"', '"postgresql"');
    const { definition, mapping, skipped } = schemaFromPrisma(text);
    const billing = defineSchema(definition);
    let prisma: TestPrismaClient;
    /** The accounts as findMany returns them with their invoices, Decimals as numbers (the derivation's note). */
    let rows: Record<string, unknown>[];
    beforeAll(async () => {
      const pool = new pg.Pool({ connectionString: server.connectionString, max: 1 });
      await pool.query(`CREATE SCHEMA billing; SET search_path TO billing; ${BILLING_DDL}`);
      await pool.end();
      const PrismaClient = await prismaClient('test/integrations/prisma/billing.prisma', 'postgresql');
      prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: server.connectionString, max: 2 }, { schema: 'billing' }) });
      await prisma.account!.createMany({ data: ACCOUNTS.map((a) => ({ ...a, tags: [...a.tags] })) });
      await prisma.invoice!.createMany({ data: [...INVOICES] });
      const found = await prisma.account!.findMany({ include: { invoices: true } } as object);
      rows = found.map((r) => ({ ...r, balance: r.balance === null ? null : Number(String(r.balance)) }));
    }, 120_000);
    afterAll(() => prisma?.$disconnect());

    test('nothing of it is skipped but the relation to one account, filtered by its key', () => {
      expect(skipped.map((s) => s.path)).toEqual(['invoice.account']);
    });

    /** The ids memory and Prisma select for `text`, and whether they are the same. */
    const disagreement = async (text: string) => {
      const query = check(text, billing, 'account');
      const inMemory = filterRecords(query, rows, { now: 1_764_000_000 }).map((r) => r.id as string).sort();
      const found = await prisma.account!.findMany({ where: tqlWhere(query, { mapping, now: 1_764_000_000 }), select: { id: true } });
      const viaPrisma = found.map((r) => r.id as string).sort();
      return { text, inMemory, viaPrisma, same: JSON.stringify(inMemory) === JSON.stringify(viaPrisma) };
    };

    test.for(BILLING_QUERIES)('%s', async (text) => {
      const { inMemory, viaPrisma } = await disagreement(text);
      expect(viaPrisma).toEqual(inMemory);
    });

    test('300 generated queries agree', async () => {
      const texts = fc.sample(queryArbitrary(billing, 'account', { depth: 2 }), { numRuns: 300, seed: 20251129 });
      const outcomes = [];
      for (const text of texts) outcomes.push(await disagreement(text));
      expect(outcomes.filter((o) => !o.same)).toEqual([]);
      // Not a run of empty answers: some queries select accounts, some all of them.
      expect(outcomes.filter((o) => o.inMemory.length > 0).length).toBeGreaterThan(100);
      expect(outcomes.filter((o) => o.inMemory.length === ACCOUNTS.length).length).toBeGreaterThan(10);
    }, 120_000);
  });
});
