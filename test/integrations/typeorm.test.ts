/**
 * `tqlWhere` in real TypeORM query builders: the whole backend contract on SQLite
 * (better-sqlite3, TypeORM 1.x and 0.3), a PostgreSQL server and a MariaDB server, each under an alias other than the
 * table's name; its parameters beside the app's own; a schema derived from entities filtering
 * alike in memory, over the entities TypeORM hydrates, and through TypeORM; and the refusals.
 */
import Database from 'better-sqlite3';
import { Brackets, DataSource, EntitySchema, type SelectQueryBuilder } from 'typeorm';
import * as typeorm03 from 'typeorm-0.3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import type { CaseFolding, SqlDialectName } from '../../src/backends/sql/dialects.js';
import { registerTqlFunctions } from '../../src/backends/sql/sqlite-functions.js';
import { tqlWhere, schemaFromTypeorm, typeormDialect } from '../../src/integrations/typeorm.js';
import type { Agent } from '../../src/models/scheduling/records.js';
import { schedulingSchema, type SchedulingEntityName } from '../../src/models/scheduling/schema.js';
import { createSchedulingTables, loadSchedulingData } from '../../src/models/scheduling/sql/load.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { CONTRACT_DATA, describeBackendContract, type ContractOptions, type ContractRecord } from '../backends/contract/cases.js';
import { CONTRACT_INPUT, engineDivergences } from '../backends/sql/engines.js';
import { sortedIds } from '../support/ids.js';
import { mariadbAvailable, startLoadedMariadb, type MariadbServer } from '../support/mariadb-server.js';
import { postgresAvailable, startLoadedPostgres, type PostgresServer } from '../support/postgres-server.js';

/** The scheduling tables as TypeORM entities: the key is all these tests select. */
const ENTITIES = Object.fromEntries(
  (['agent', 'team', 'resource', 'scheduling_request'] as const).map((name) => [name, new EntitySchema<{ id: string }>({ name, tableName: name, columns: { id: { type: String, primary: true } } })]),
) as Record<SchedulingEntityName, EntitySchema<{ id: string }>>;

/** An alias unlike every table's name. */
const ALIAS = 'x';

/** `SELECT x.id FROM <entity's table> x` with tqlWhere over `x`. */
const idsOf = async (qb: SelectQueryBuilder<{ id: string }>) => sortedIds(await qb.select(`${ALIAS}.id`, 'id').getRawMany<{ id: string }>());

/**
 * The contract on one engine, through a DataSource of its driver; then tqlWhere after a where of
 * TypeORM's own with a parameter, and beside another tqlWhere.
 */
function describeTypeorm(name: string, engine: SqlDialectName, caseFolding: CaseFolding, open: () => Promise<DataSource>, divergences?: ContractOptions['divergences']) {
  describe(name, () => {
    let dataSource: DataSource;
    beforeAll(async () => {
      dataSource = await open();
    }, 120_000);
    afterAll(() => dataSource?.destroy());
    const from = (entity: SchedulingEntityName) => dataSource.getRepository(ENTITIES[entity]).createQueryBuilder(ALIAS);

    test(`the DataSource's driver type says ${engine}`, () => {
      expect(typeormDialect(dataSource)).toBe(engine);
    });

    describeBackendContract(
      `typeorm (${name})`,
      (query, entity) => idsOf(from(entity).where(tqlWhere(query, { mapping: schedulingSqlMapping, caseFolding }))),
      divergences === undefined ? {} : { divergences },
    );

    test("agent.name LIKE a OR agent.schedulable EQ false, after a where of TypeORM's own with a parameter", async () => {
      const q = check('agent.name LIKE a OR agent.schedulable EQ false', schedulingSchema, 'agent');
      const qb = from('agent').where(`${ALIAS}.role = :role`, { role: 'User' }).andWhere(tqlWhere(q, { caseFolding }));
      // TypeORM's own = follows the column's collation: on MySQL's default one, 'user' is 'User' too.
      const isUser = engine === 'mysql' ? (role: string | null | undefined) => role?.toLowerCase() === 'user' : (role: string | null | undefined) => role === 'User';
      const expected = sortedIds(filterRecords<ContractRecord<Agent>>(q, CONTRACT_DATA.agent).filter((a) => isUser(a.role)));
      expect(expected.length).toBeGreaterThan(0);
      expect(await idsOf(qb)).toEqual(expected);
    });

    test('two conditions on one builder, the second in orWhere: each value its own parameter', async () => {
      const a = check('scheduling_request.team_id EQ team_a', schedulingSchema, 'scheduling_request');
      const b = check('scheduling_request.team_id EQ team_b', schedulingSchema, 'scheduling_request');
      const qb = from('scheduling_request').where(tqlWhere(a, { mapping: schedulingSqlMapping })).orWhere(tqlWhere(b, { mapping: schedulingSqlMapping }));
      expect(qb.getParameters()).toEqual({ tql_0: 'team_a', tql_1: 'team_b' });
      const records = CONTRACT_DATA.scheduling_request;
      expect(await idsOf(qb)).toEqual(sortedIds([...new Set([...filterRecords<ContractRecord<{ id: string }>>(a, records), ...filterRecords<ContractRecord<{ id: string }>>(b, records)])]));
    });
  });
}

describeTypeorm('SQLite (better-sqlite3)', 'sqlite', 'unicode', () =>
  new DataSource({
    type: 'better-sqlite3',
    database: ':memory:',
    entities: Object.values(ENTITIES),
    // The raw better-sqlite3 handle, before TypeORM uses it: tql_lower folds LIKE as JavaScript does.
    prepareDatabase: async (db: Database.Database) => {
      registerTqlFunctions(db);
      await createSchedulingTables(db);
      await loadSchedulingData(db, CONTRACT_INPUT);
    },
  }).initialize(),
);

// The older release most apps still run: its DataSource (`qb.connection`, the `sqlite`-style
// driver types) and query builder, typed as 1.x's for the calls the tests share.
describeTypeorm('TypeORM 0.3 on SQLite (better-sqlite3)', 'sqlite', 'unicode', () =>
  new typeorm03.DataSource({
    type: 'better-sqlite3',
    database: ':memory:',
    entities: Object.values(ENTITIES).map((e) => new typeorm03.EntitySchema(e.options as never)),
    prepareDatabase: async (db: Database.Database) => {
      registerTqlFunctions(db);
      await createSchedulingTables(db);
      await loadSchedulingData(db, CONTRACT_INPUT);
    },
  }).initialize() as unknown as Promise<DataSource>,
);

describe.runIf(postgresAvailable())('a PostgreSQL server', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startLoadedPostgres(CONTRACT_INPUT);
  }, 120_000);
  afterAll(() => server?.stop());

  describeTypeorm('a PostgreSQL server (postgres driver)', 'postgres', 'database', () =>
    new DataSource({ type: 'postgres', url: server.connectionString, entities: Object.values(ENTITIES), poolSize: 2 }).initialize(),
  );
});

describe.runIf(mariadbAvailable())('a MariaDB server', () => {
  let server: MariadbServer;
  beforeAll(async () => {
    server = await startLoadedMariadb(CONTRACT_INPUT);
  }, 120_000);
  afterAll(() => server?.stop());

  // The default collation (utf8mb4_general_ci) folds LIKE by MariaDB's own table (engines.ts).
  describeTypeorm(
    'a MariaDB server (mariadb driver)',
    'mysql',
    'database',
    () => new DataSource({ type: 'mariadb', url: server.url, entities: Object.values(ENTITIES), poolSize: 2 }).initialize(),
    engineDivergences('mariadb'),
  );
});

/** The scheduling entities with their tables on an in-memory SQLite database, for the statements' text. */
async function schedulingSqlite(): Promise<DataSource> {
  return new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: Object.values(ENTITIES), synchronize: true }).initialize();
}

describe('the statement TypeORM runs', () => {
  let dataSource: DataSource;
  beforeAll(async () => {
    dataSource = await schedulingSqlite();
  });
  afterAll(() => dataSource?.destroy());
  const from = (entity: SchedulingEntityName) => dataSource.getRepository(ENTITIES[entity]).createQueryBuilder(ALIAS).select(`${ALIAS}.id`, 'id');
  const q = check('agent.name LIKE jo AND agent.schedulable EQ true', schedulingSchema, 'agent');

  test('columns are qualified by the alias, values named parameters, booleans literals', () => {
    const qb = from('agent').where(tqlWhere(q));
    expect(qb.getQuery()).toBe(`SELECT "x"."id" AS "id" FROM "agent" "x" WHERE ("x"."name" LIKE :tql_0 ESCAPE '\\' AND "x"."schedulable" = TRUE)`);
    expect(qb.getParameters()).toEqual({ tql_0: '%jo%' });
  });

  test('a collection is a subquery over its table that refers to the alias', () => {
    const r = check('scheduling_request.team_id EQ team_blue', schedulingSchema, 'scheduling_request');
    expect(from('scheduling_request').where(tqlWhere(r, { mapping: schedulingSqlMapping })).getQuery()).toBe(
      `SELECT "x"."id" AS "id" FROM "scheduling_request" "x" WHERE "x"."id" IN (SELECT "request_resource"."request_id" FROM "request_resource" WHERE "request_resource"."role" = 'resource' AND "request_resource"."type" = 'team' AND "request_resource"."id" = :tql_0)`,
    );
  });

  test("the app's own parameter tql_0 is kept: tql takes the next free name", () => {
    const qb = from('agent').where('x.id <> :tql_0', { tql_0: 'agnt_ada' }).andWhere(tqlWhere(q));
    expect(qb.getQuery()).toContain('"x"."name" LIKE :tql_1');
    expect(qb.getParameters()).toEqual({ tql_0: 'agnt_ada', tql_1: '%jo%' });
  });

  test('inside Brackets, beside a where of its own, the names stay apart', () => {
    const other = check('agent.role EQ User', schedulingSchema, 'agent');
    const qb = from('agent').where(new Brackets((b) => b.where(tqlWhere(q)).orWhere(tqlWhere(other))));
    expect(qb.getQuery()).toBe(`SELECT "x"."id" AS "id" FROM "agent" "x" WHERE (("x"."name" LIKE :tql_0 ESCAPE '\\' AND "x"."schedulable" = TRUE) OR "x"."role" = :tql_1)`);
    expect(qb.getParameters()).toEqual({ tql_0: '%jo%', tql_1: 'User' });
  });

  test('alias names a joined entity: the condition is over that one', () => {
    const team = check('team.url_slug EQ blue', schedulingSchema, 'team');
    const qb = from('agent').innerJoin('team', 't', '1 = 1').andWhere(tqlWhere(team, { alias: 't' }));
    expect(qb.getQuery()).toBe('SELECT "x"."id" AS "id" FROM "agent" "x" INNER JOIN "team" "t" ON 1 = 1 WHERE "t"."url_slug" = :tql_0');
  });

  test('an explicit dialect wins over the driver type', () => {
    expect(from('agent').where(tqlWhere(q, { dialect: 'postgres' })).getQuery()).toContain(`lower("x"."name") LIKE :tql_0 ESCAPE E'\\\\'`);
  });

  test('the refusals, each a TqlError saying what to do', () => {
    const r = check('scheduling_request.team_id EQ team_blue', schedulingSchema, 'scheduling_request');
    expect(() => from('scheduling_request').where(tqlWhere(r))).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_mapping: Invalid SQL mapping: scheduling_request.collections.resources: missing: scheduling_request.team_id looks in this array; add { table, foreignKey } for its elements.]`);
    expect(() => from('agent').where(tqlWhere(q, { alias: 'nope' }))).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: This query builder has no alias "nope": name the main one or a joined one, { alias: 'x' }.]`);
    expect(() => dataSource.createQueryBuilder().select('a.id').from('request_resource', 'a').where(tqlWhere(q))).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: The alias "a" of this query builder names no entity: pass tqlWhere the mapping, { mapping }.]`);
    expect(() => tqlWhere(q)({} as never)).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: tqlWhere's condition is for a TypeORM query builder: pass it to where, andWhere or orWhere, qb.andWhere(tqlWhere(query)).]`);
    expect(() => tqlWhere(q, null as never)).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: tqlWhere takes the query and options { mapping, alias, dialect, caseFolding, now }, each optional.]`);
    expect(() => from('agent').where(tqlWhere(q, { dialect: 'oracle' as never }))).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: Unknown SQL dialect "oracle": use one of postgres, sqlite, mysql, duckdb.]`);
  });

  test.for([['mssql'], ['cockroachdb'], ['sqljs'], [undefined]] as const)('a DataSource of type %s: tql does not guess its SQL', ([type]) => {
    expect(() => typeormDialect({ options: { type } } as never)).toThrow(/tqlWhere cannot tell the SQL engine of a TypeORM DataSource of type .*: name it, \{ dialect: 'postgres' \| 'sqlite' \| 'mysql' \}/);
  });
});

/** A helpdesk as an app declares it with TypeORM: people, and tickets assigned to them. */
interface PersonRow {
  id: number;
  name: string;
}
interface TicketRow {
  id: number;
  subject: string;
  priority: 'low' | 'high' | 'urgent';
  openedAt: Date;
  closedAt: Date | null;
  assigneeId: number | null;
}
const Person = new EntitySchema<PersonRow>({
  name: 'Person',
  tableName: 'people',
  columns: { id: { type: Number, primary: true }, name: { type: String } },
  relations: { tickets: { type: 'one-to-many', target: 'Ticket', inverseSide: 'assignee' } } as never,
});
const Ticket = new EntitySchema<TicketRow>({
  name: 'Ticket',
  tableName: 'tickets',
  columns: {
    id: { type: Number, primary: true },
    subject: { type: String },
    priority: { type: 'simple-enum', enum: ['low', 'high', 'urgent'] },
    openedAt: { type: Date, name: 'opened_at' },
    closedAt: { type: Date, name: 'closed_at', nullable: true },
    assigneeId: { type: Number, name: 'assignee_id', nullable: true },
  },
  relations: { assignee: { type: 'many-to-one', target: 'Person', joinColumn: { name: 'assignee_id' }, nullable: true } } as never,
});

describe('schemaFromTypeorm: a schema from the entities, alike in memory and through TypeORM on SQLite', () => {
  let dataSource: DataSource;
  beforeAll(async () => {
    dataSource = await new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Person, Ticket], synchronize: true }).initialize();
    await dataSource.getRepository(Person).insert([{ id: 1, name: 'Ada' }, { id: 2, name: 'Grace' }]);
    await dataSource.getRepository(Ticket).insert([
      { id: 1, subject: 'Printer jam', priority: 'high', openedAt: new Date('2024-05-01T09:30:00Z'), closedAt: null, assigneeId: 1 },
      { id: 2, subject: 'New laptop', priority: 'low', openedAt: new Date('2024-05-02T23:59:59.500Z'), closedAt: new Date('2024-05-03T08:00:00Z'), assigneeId: 2 },
      { id: 3, subject: 'printer toner', priority: 'urgent', openedAt: new Date('2023-12-31T23:00:00Z'), closedAt: null, assigneeId: null },
    ]);
  });
  afterAll(() => dataSource?.destroy());

  test('what it derives: the definition, the mapping, what it skipped', () => {
    expect(schemaFromTypeorm(dataSource)).toMatchInlineSnapshot(`
      {
        "definition": {
          "entities": {
            "person": {
              "attributes": {
                "id": {
                  "id": {
                    "kind": "integer",
                  },
                  "type": "ID",
                },
                "name": {
                  "type": "String",
                },
                "tickets_assignee_id": {
                  "id": {
                    "kind": "integer",
                  },
                  "source": {
                    "arrays": [
                      "tickets",
                    ],
                    "kind": "element",
                    "value": "assigneeId",
                  },
                  "type": "ID",
                },
                "tickets_closed_at": {
                  "source": {
                    "arrays": [
                      "tickets",
                    ],
                    "kind": "element",
                    "value": "closedAt",
                  },
                  "storage": "date",
                  "type": "Timestamp",
                },
                "tickets_id": {
                  "id": {
                    "kind": "integer",
                  },
                  "source": {
                    "arrays": [
                      "tickets",
                    ],
                    "kind": "element",
                    "value": "id",
                  },
                  "type": "ID",
                },
                "tickets_opened_at": {
                  "source": {
                    "arrays": [
                      "tickets",
                    ],
                    "kind": "element",
                    "value": "openedAt",
                  },
                  "storage": "date",
                  "type": "Timestamp",
                },
                "tickets_priority": {
                  "source": {
                    "arrays": [
                      "tickets",
                    ],
                    "kind": "element",
                    "value": "priority",
                  },
                  "type": "String",
                  "values": [
                    "low",
                    "high",
                    "urgent",
                  ],
                },
                "tickets_subject": {
                  "source": {
                    "arrays": [
                      "tickets",
                    ],
                    "kind": "element",
                    "value": "subject",
                  },
                  "type": "String",
                },
              },
            },
            "ticket": {
              "attributes": {
                "assignee_id": {
                  "id": {
                    "kind": "integer",
                  },
                  "nullable": true,
                  "source": {
                    "field": "assigneeId",
                    "kind": "field",
                  },
                  "type": "ID",
                },
                "closed_at": {
                  "nullable": true,
                  "source": {
                    "field": "closedAt",
                    "kind": "field",
                  },
                  "storage": "date",
                  "type": "Timestamp",
                },
                "id": {
                  "id": {
                    "kind": "integer",
                  },
                  "type": "ID",
                },
                "opened_at": {
                  "source": {
                    "field": "openedAt",
                    "kind": "field",
                  },
                  "storage": "date",
                  "type": "Timestamp",
                },
                "priority": {
                  "type": "String",
                  "values": [
                    "low",
                    "high",
                    "urgent",
                  ],
                },
                "subject": {
                  "type": "String",
                },
              },
            },
          },
        },
        "mapping": {
          "person": {
            "collections": {
              "tickets": {
                "columns": {
                  "assigneeId": "assignee_id",
                  "closedAt": "closed_at",
                  "openedAt": "opened_at",
                },
                "foreignKey": "assignee_id",
                "storage": {
                  "closedAt": {
                    "kind": "iso_text",
                  },
                  "openedAt": {
                    "kind": "iso_text",
                  },
                },
                "table": "tickets",
              },
            },
            "key": "id",
            "table": "people",
          },
          "ticket": {
            "columns": {
              "assigneeId": "assignee_id",
              "closedAt": "closed_at",
              "openedAt": "opened_at",
            },
            "key": "id",
            "storage": {
              "closedAt": {
                "kind": "iso_text",
              },
              "openedAt": {
                "kind": "iso_text",
              },
            },
            "table": "tickets",
          },
        },
        "notes": [],
        "skipped": [
          {
            "path": "person.tickets.assignee",
            "reason": "a many-to-one relation: entities hold the related entity; its key is the column assigneeId",
          },
          {
            "path": "ticket.assignee",
            "reason": "a many-to-one relation: entities hold the related entity; its key is the column assigneeId",
          },
        ],
      }
    `);
  });

  test.for([
    'ticket.priority IN high,urgent',
    'ticket.priority NOT_EQ low',
    'ticket.subject LIKE printer',
    'ticket.closed_at EQ null',
    'ticket.closed_at NOT_EQ null',
    'ticket.opened_at GTE 2024-05-01',
    'ticket.opened_at EQ 2024-05-02T23:59:59Z',
    'ticket.opened_at LT 2024-01-01T00:00:00+01:00',
    'ticket.assignee_id EQ 1 OR ticket.assignee_id EQ null',
    'ticket.id NOT_EQ 2 AND NOT (ticket.closed_at LT now)',
  ])('%s', async (text) => {
    const { definition } = schemaFromTypeorm(dataSource);
    const q = check(text, defineSchema(definition), 'ticket');
    const tickets = dataSource.getRepository(Ticket);
    const inMemory = filterRecords(q, await tickets.find()).map((t) => t.id);
    const throughTypeorm = (await tickets.createQueryBuilder('t').where(tqlWhere(q)).orderBy('t.id').getMany()).map((t) => t.id);
    expect(throughTypeorm).toEqual(inMemory.sort());
  });

  test.for([
    'person.tickets_subject LIKE printer',
    'person.tickets_priority EQ urgent',
    'person.tickets_priority NOT_IN high,urgent',
    'person.tickets_opened_at GTE 2024-05-02 OR person.name EQ Ada',
    'NOT (person.tickets_closed_at LT 2024-06-01)',
  ])('%s: a one-to-many relation, through the related rows', async (text) => {
    const { definition } = schemaFromTypeorm(dataSource);
    const q = check(text, defineSchema(definition), 'person');
    const people = dataSource.getRepository(Person);
    const inMemory = filterRecords(q, await people.find({ relations: { tickets: true } } as never)).map((p) => p.id);
    const throughTypeorm = (await people.createQueryBuilder('p').where(tqlWhere(q)).orderBy('p.id').getMany()).map((p) => p.id);
    expect(throughTypeorm).toEqual(inMemory.sort());
  });

  test('from some of its entity metadata, and its refusals', async () => {
    expect(Object.keys(schemaFromTypeorm([dataSource.getMetadata(Ticket)]).definition.entities)).toEqual(['ticket']);
    expect(() => schemaFromTypeorm(42 as never)).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_schema: schemaFromTypeorm takes a TypeORM DataSource or its entityMetadatas.]`);
    const uninitialized = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Person, Ticket] });
    expect(() => schemaFromTypeorm(uninitialized)).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_schema: schemaFromTypeorm reads the entity metadata TypeORM builds on initialize(): await dataSource.initialize() first.]`);
  });
});
