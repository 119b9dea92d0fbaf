/**
 * The SQL each column storage compiles to, per dialect (docs/backends-sql.md, Column storage):
 * a range on the raw column with bounds of its own type, then an exact test where the raw
 * order is not the instants'; the refusals where an engine cannot compare exactly; uuid ids
 * compared canonically; and the mapping's `storage` entries checked where they are defined.
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compileSql } from '../../../src/backends/sql/compile-sql.js';
import { defineSqlMapping } from '../../../src/backends/sql/define-mapping.js';
import { postgres, type SqlDialect, type SqlDialectName } from '../../../src/backends/sql/dialects.js';
import { indexAdvice } from '../../../src/backends/sql/index-advice.js';
import type { SqlColumnStorage } from '../../../src/backends/sql/mapping.js';
import { statementPieces } from '../../../src/backends/sql/statement-pieces.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import { isTqlError } from '../../../src/errors/tql-error.js';
import { tqlErrorOf } from '../../support/tql-error.js';

const schema = defineSchema({
  entities: {
    event: {
      attributes: {
        happened_at: { type: 'Timestamp', nullable: true },
        owner_id: { type: 'ID', id: { kind: 'uuid' }, nullable: true },
        device_id: { type: 'ID', id: { kind: 'uuid' } },
      },
    },
  },
});

const DIALECTS: readonly SqlDialectName[] = ['postgres', 'sqlite', 'mysql', 'duckdb'];

/** `tql` compiled on every dialect with `happened_at` stored as `storage`: text, or the error's message. */
function compiled(tql: string, storage: SqlColumnStorage) {
  const mapping = defineSqlMapping(schema, { event: { table: 'event', key: 'id', storage: { happened_at: storage, device_id: 'uuid' } } });
  const query = check(tql, schema, 'event');
  return Object.fromEntries(
    DIALECTS.map((dialect) => {
      try {
        const { text, values } = compileSql(query, { dialect, mapping });
        return [dialect, { text, values }];
      } catch (error) {
        if (!isTqlError(error)) throw error;
        return [dialect, `${error.code}: ${error.issues[0].message}`];
      }
    }),
  );
}

describe('numbers of seconds and milliseconds', () => {
  test('event.happened_at EQ 2024-05-01T09:30:00Z, in seconds', () => {
    expect(compiled('event.happened_at EQ 2024-05-01T09:30:00Z', { kind: 'unix_seconds' })).toMatchInlineSnapshot(`
      {
        "duckdb": {
          "text": "("happened_at" >= CAST($1 AS BIGINT) AND "happened_at" < CAST($2 AS BIGINT))",
          "values": [
            1714555800,
            1714555801,
          ],
        },
        "mysql": {
          "text": "(\`happened_at\` >= ? AND \`happened_at\` < ?)",
          "values": [
            1714555800,
            1714555801,
          ],
        },
        "postgres": {
          "text": "("happened_at" >= $1::bigint AND "happened_at" < $2::bigint)",
          "values": [
            1714555800,
            1714555801,
          ],
        },
        "sqlite": {
          "text": "("happened_at" >= ? AND "happened_at" < ?)",
          "values": [
            1714555800,
            1714555801,
          ],
        },
      }
    `);
  });
  test('event.happened_at GTE 2024-05-01, in milliseconds', () => {
    expect(compiled('event.happened_at GTE 2024-05-01', { kind: 'unix_milliseconds' })).toMatchInlineSnapshot(`
      {
        "duckdb": {
          "text": "("happened_at" >= CAST($1 AS BIGINT) AND "happened_at" < CAST($2 AS BIGINT))",
          "values": [
            1714521600000,
            8640000000000001,
          ],
        },
        "mysql": {
          "text": "(\`happened_at\` >= ? AND \`happened_at\` < ?)",
          "values": [
            1714521600000,
            8640000000000001,
          ],
        },
        "postgres": {
          "text": "("happened_at" >= $1::bigint AND "happened_at" < $2::bigint)",
          "values": [
            1714521600000,
            8640000000000001,
          ],
        },
        "sqlite": {
          "text": "("happened_at" >= ? AND "happened_at" < ?)",
          "values": [
            1714521600000,
            8640000000000001,
          ],
        },
      }
    `);
  });
  test('event.happened_at NOT_EQ 2024-05-01: the complement, NULL and invalid values included', () => {
    expect(compiled('event.happened_at NOT_EQ 2024-05-01', { kind: 'unix_seconds' })).toMatchInlineSnapshot(`
      {
        "duckdb": {
          "text": "("happened_at" IS NULL OR "happened_at" < CAST($1 AS BIGINT) OR "happened_at" >= CAST($2 AS BIGINT))",
          "values": [
            1714521600,
            1714521601,
          ],
        },
        "mysql": {
          "text": "(\`happened_at\` IS NULL OR \`happened_at\` < ? OR \`happened_at\` >= ?)",
          "values": [
            1714521600,
            1714521601,
          ],
        },
        "postgres": {
          "text": "("happened_at" IS NULL OR "happened_at" < $1::bigint OR "happened_at" >= $2::bigint)",
          "values": [
            1714521600,
            1714521601,
          ],
        },
        "sqlite": {
          "text": "("happened_at" IS NULL OR "happened_at" < ? OR "happened_at" >= ?)",
          "values": [
            1714521600,
            1714521601,
          ],
        },
      }
    `);
  });
  test('event.happened_at EQ null: no valid instant', () => {
    expect(compiled('event.happened_at EQ null', { kind: 'unix_milliseconds' })).toMatchInlineSnapshot(`
      {
        "duckdb": {
          "text": "("happened_at" IS NULL OR "happened_at" < CAST($1 AS BIGINT) OR "happened_at" >= CAST($2 AS BIGINT))",
          "values": [
            -8640000000000000,
            8640000000000001,
          ],
        },
        "mysql": {
          "text": "(\`happened_at\` IS NULL OR \`happened_at\` < ? OR \`happened_at\` >= ?)",
          "values": [
            -8640000000000000,
            8640000000000001,
          ],
        },
        "postgres": {
          "text": "("happened_at" IS NULL OR "happened_at" < $1::bigint OR "happened_at" >= $2::bigint)",
          "values": [
            -8640000000000000,
            8640000000000001,
          ],
        },
        "sqlite": {
          "text": "("happened_at" IS NULL OR "happened_at" < ? OR "happened_at" >= ?)",
          "values": [
            -8640000000000000,
            8640000000000001,
          ],
        },
      }
    `);
  });
});

describe('native timestamp types', () => {
  test('event.happened_at LT 2024-05-01, an instant (timestamptz)', () => {
    expect(compiled('event.happened_at LT 2024-05-01', { kind: 'timestamptz' })).toMatchInlineSnapshot(`
      {
        "duckdb": {
          "text": "("happened_at" >= to_timestamp(CAST($1 AS DOUBLE)) AND "happened_at" < to_timestamp(CAST($2 AS DOUBLE)))",
          "values": [
            -8640000000000,
            1714521600,
          ],
        },
        "mysql": {
          "text": "(\`happened_at\` >= FROM_UNIXTIME(?) AND \`happened_at\` <= FROM_UNIXTIME(?) AND UNIX_TIMESTAMP(\`happened_at\`) >= ? AND UNIX_TIMESTAMP(\`happened_at\`) < ?)",
          "values": [
            0,
            1714608000,
            1,
            1714521600,
          ],
        },
        "postgres": {
          "text": "("happened_at" >= to_timestamp($1) AND "happened_at" < to_timestamp($2))",
          "values": [
            -210866803200,
            1714521600,
          ],
        },
        "sqlite": "unsupported: event.happened_at cannot be compared on sqlite: SQLite has no timestamp with time zone type: store the instant as iso_text or unix_seconds.",
      }
    `);
  });
  test('event.happened_at EQ 2024-05-01T09:30:00Z, a wall-clock time in a fixed zone', () => {
    expect(compiled('event.happened_at EQ 2024-05-01T09:30:00Z', { kind: 'timestamp', timeZone: 'Etc/GMT-2' })).toMatchInlineSnapshot(`
      {
        "duckdb": {
          "text": "("happened_at" >= make_timestamp(CAST($1 AS BIGINT) * 1000000) AND "happened_at" < make_timestamp(CAST($2 AS BIGINT) * 1000000))",
          "values": [
            1714563000,
            1714563001,
          ],
        },
        "mysql": {
          "text": "(\`happened_at\` > ? AND \`happened_at\` <= ? AND MONTH(\`happened_at\`) <> 0 AND DAYOFMONTH(\`happened_at\`) <> 0)",
          "values": [
            "2024-05-01 11:29:59.999999",
            "2024-05-01 11:30:00.999999",
          ],
        },
        "postgres": {
          "text": "("happened_at" >= (to_timestamp($1) AT TIME ZONE 'UTC') AND "happened_at" < (to_timestamp($2) AT TIME ZONE 'UTC'))",
          "values": [
            1714563000,
            1714563001,
          ],
        },
        "sqlite": "unsupported: event.happened_at cannot be compared on sqlite: SQLite has no timestamp type: store the instant as iso_text or unix_seconds.",
      }
    `);
  });
  test('event.happened_at GT 2024-10-27, a wall-clock time in a zone with DST', () => {
    expect(compiled('event.happened_at GT 2024-10-27', { kind: 'timestamp', timeZone: 'Europe/Berlin' })).toMatchInlineSnapshot(`
      {
        "duckdb": {
          "text": "("happened_at" >= make_timestamp(CAST($1 AS BIGINT) * 1000000) AND "happened_at" < make_timestamp(CAST($2 AS BIGINT) * 1000000) AND (SELECT tql_w - CASE WHEN tql_vb AND tql_va THEN GREATEST(tql_a, tql_b) WHEN tql_vb THEN tql_b WHEN tql_va THEN tql_a ELSE tql_b END FROM (SELECT tql_w, tql_a, tql_b, (epoch(timezone('Europe/Berlin', to_timestamp(tql_w - tql_b))) - (tql_w - tql_b)) = tql_b AS tql_vb, (epoch(timezone('Europe/Berlin', to_timestamp(tql_w - tql_a))) - (tql_w - tql_a)) = tql_a AS tql_va FROM (SELECT tql_w, (epoch(timezone('Europe/Berlin', to_timestamp(tql_w - 43200))) - (tql_w - 43200)) AS tql_b, (epoch(timezone('Europe/Berlin', to_timestamp(tql_w + 43200))) - (tql_w + 43200)) AS tql_a FROM (SELECT CASE WHEN epoch("happened_at") BETWEEN -8639999913600 AND 8640000000000 THEN floor(epoch("happened_at")) END AS tql_w) AS tql_0) AS tql_1) AS tql_2) BETWEEN CAST($3 AS BIGINT) AND CAST($4 AS BIGINT))",
          "values": [
            1729900801,
            8640000000001,
            1729987201,
            8640000000000,
          ],
        },
        "mysql": "unsupported: event.happened_at cannot be compared on mysql: MySQL/MariaDB cannot read DATETIME values in Europe/Berlin without time-zone tables: declare UTC or a fixed-offset zone (Etc/GMT-2), or use a TIMESTAMP column (timestamptz).",
        "postgres": {
          "text": "("happened_at" >= (to_timestamp($1) AT TIME ZONE 'UTC') AND "happened_at" < (to_timestamp($2) AT TIME ZONE 'UTC') AND (SELECT tql_w - CASE WHEN tql_vb AND tql_va THEN GREATEST(tql_a, tql_b) WHEN tql_vb THEN tql_b WHEN tql_va THEN tql_a ELSE tql_b END FROM (SELECT tql_w, tql_a, tql_b, (extract(epoch from (to_timestamp(tql_w - tql_b) AT TIME ZONE 'Europe/Berlin')) - (tql_w - tql_b)) = tql_b AS tql_vb, (extract(epoch from (to_timestamp(tql_w - tql_a) AT TIME ZONE 'Europe/Berlin')) - (tql_w - tql_a)) = tql_a AS tql_va FROM (SELECT tql_w, (extract(epoch from (to_timestamp(tql_w - 43200) AT TIME ZONE 'Europe/Berlin')) - (tql_w - 43200)) AS tql_b, (extract(epoch from (to_timestamp(tql_w + 43200) AT TIME ZONE 'Europe/Berlin')) - (tql_w + 43200)) AS tql_a FROM (SELECT CASE WHEN extract(epoch from "happened_at") BETWEEN -210866716800 AND 8640000000000 THEN floor(extract(epoch from "happened_at")) END AS tql_w) AS tql_0) AS tql_1) AS tql_2) BETWEEN $3::bigint AND $4::bigint)",
          "values": [
            1729900801,
            8640000000001,
            1729987201,
            8640000000000,
          ],
        },
        "sqlite": "unsupported: event.happened_at cannot be compared on sqlite: SQLite has no timestamp type: store the instant as iso_text or unix_seconds.",
      }
    `);
  });
});

describe('ISO-8601 text', () => {
  test('event.happened_at EQ 2024-05-01T09:30:00Z, in UTC', () => {
    expect(compiled('event.happened_at EQ 2024-05-01T09:30:00Z', { kind: 'iso_text' })).toMatchInlineSnapshot(`
      {
        "duckdb": {
          "text": "("happened_at" >= $1 AND "happened_at" < $2 AND CASE WHEN translate("happened_at", '0123456789+zT', '9999999999-Z ') IN ('9999-99-99', '9999-99-99 99:99', '9999-99-99 99:99Z', '9999-99-99 99:99-99', '9999-99-99 99:99-9999', '9999-99-99 99:99-99:99', '9999-99-99 99:99:99', '9999-99-99 99:99:99Z', '9999-99-99 99:99:99-99', '9999-99-99 99:99:99-9999', '9999-99-99 99:99:99-99:99', '9999-99-99 99:99:99.9', '9999-99-99 99:99:99.9Z', '9999-99-99 99:99:99.9-99', '9999-99-99 99:99:99.9-9999', '9999-99-99 99:99:99.9-99:99', '9999-99-99 99:99:99.99', '9999-99-99 99:99:99.99Z', '9999-99-99 99:99:99.99-99', '9999-99-99 99:99:99.99-9999', '9999-99-99 99:99:99.99-99:99', '9999-99-99 99:99:99.999', '9999-99-99 99:99:99.999Z', '9999-99-99 99:99:99.999-99', '9999-99-99 99:99:99.999-9999', '9999-99-99 99:99:99.999-99:99', '9999-99-99 99:99:99.9999', '9999-99-99 99:99:99.9999Z', '9999-99-99 99:99:99.9999-99', '9999-99-99 99:99:99.9999-9999', '9999-99-99 99:99:99.9999-99:99', '9999-99-99 99:99:99.99999', '9999-99-99 99:99:99.99999Z', '9999-99-99 99:99:99.99999-99', '9999-99-99 99:99:99.99999-9999', '9999-99-99 99:99:99.99999-99:99', '9999-99-99 99:99:99.999999', '9999-99-99 99:99:99.999999Z', '9999-99-99 99:99:99.999999-99', '9999-99-99 99:99:99.999999-9999', '9999-99-99 99:99:99.999999-99:99', '9999-99-99 99:99:99.9999999', '9999-99-99 99:99:99.9999999Z', '9999-99-99 99:99:99.9999999-99', '9999-99-99 99:99:99.9999999-9999', '9999-99-99 99:99:99.9999999-99:99', '9999-99-99 99:99:99.99999999', '9999-99-99 99:99:99.99999999Z', '9999-99-99 99:99:99.99999999-99', '9999-99-99 99:99:99.99999999-9999', '9999-99-99 99:99:99.99999999-99:99', '9999-99-99 99:99:99.999999999', '9999-99-99 99:99:99.999999999Z', '9999-99-99 99:99:99.999999999-99', '9999-99-99 99:99:99.999999999-9999', '9999-99-99 99:99:99.999999999-99:99') THEN CASE WHEN TRY_CAST(substr("happened_at", 1, 4) AS INTEGER) >= 1 AND TRY_CAST(substr("happened_at", 6, 2) AS INTEGER) BETWEEN 1 AND 12 AND TRY_CAST(substr("happened_at", 9, 2) AS INTEGER) BETWEEN 1 AND CASE WHEN TRY_CAST(substr("happened_at", 6, 2) AS INTEGER) = 2 THEN CASE WHEN TRY_CAST(substr("happened_at", 1, 4) AS INTEGER) % 4 = 0 AND (TRY_CAST(substr("happened_at", 1, 4) AS INTEGER) % 100 <> 0 OR TRY_CAST(substr("happened_at", 1, 4) AS INTEGER) % 400 = 0) THEN 29 ELSE 28 END WHEN TRY_CAST(substr("happened_at", 6, 2) AS INTEGER) IN (4, 6, 9, 11) THEN 30 ELSE 31 END AND TRY_CAST(substr(CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END, 1, 2) AS INTEGER) <= 23 AND TRY_CAST(substr(CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END, 4, 2) AS INTEGER) <= 59 AND TRY_CAST(substr(CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END, 7, 2) AS INTEGER) <= 59 AND CASE WHEN length("happened_at") = 10 THEN 1 = 1 WHEN substr("happened_at", length("happened_at") - 5, 1) IN ('+', '-') THEN TRY_CAST(substr("happened_at", length("happened_at") - 4, 2) AS INTEGER) <= 23 AND TRY_CAST(substr("happened_at", length("happened_at") - 1, 2) AS INTEGER) <= 59 WHEN substr("happened_at", length("happened_at") - 4, 1) IN ('+', '-') THEN TRY_CAST(substr("happened_at", length("happened_at") - 3, 2) AS INTEGER) <= 23 AND TRY_CAST(substr("happened_at", length("happened_at") - 1, 2) AS INTEGER) <= 59 WHEN substr("happened_at", length("happened_at") - 2, 1) IN ('+', '-') THEN TRY_CAST(substr("happened_at", length("happened_at") - 1, 2) AS INTEGER) <= 23 ELSE 1 = 1 END THEN CASE WHEN length("happened_at") = 10 THEN CAST(epoch(TRY_CAST(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END AS TIMESTAMP)) AS BIGINT) WHEN substr("happened_at", length("happened_at"), 1) IN ('Z', 'z') THEN CAST(epoch(TRY_CAST(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END AS TIMESTAMP)) AS BIGINT) WHEN substr("happened_at", length("happened_at") - 5, 1) IN ('+', '-') THEN (CAST(epoch(TRY_CAST(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END AS TIMESTAMP)) AS BIGINT) - CASE WHEN substr("happened_at", length("happened_at") - 5, 1) = '-' THEN -1 ELSE 1 END * (TRY_CAST(substr("happened_at", length("happened_at") - 4, 2) AS INTEGER) * 3600 + TRY_CAST(substr("happened_at", length("happened_at") - 1, 2) AS INTEGER) * 60)) WHEN substr("happened_at", length("happened_at") - 4, 1) IN ('+', '-') THEN (CAST(epoch(TRY_CAST(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END AS TIMESTAMP)) AS BIGINT) - CASE WHEN substr("happened_at", length("happened_at") - 4, 1) = '-' THEN -1 ELSE 1 END * (TRY_CAST(substr("happened_at", length("happened_at") - 3, 2) AS INTEGER) * 3600 + TRY_CAST(substr("happened_at", length("happened_at") - 1, 2) AS INTEGER) * 60)) WHEN substr("happened_at", length("happened_at") - 2, 1) IN ('+', '-') THEN (CAST(epoch(TRY_CAST(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END AS TIMESTAMP)) AS BIGINT) - CASE WHEN substr("happened_at", length("happened_at") - 2, 1) = '-' THEN -1 ELSE 1 END * (TRY_CAST(substr("happened_at", length("happened_at") - 1, 2) AS INTEGER) * 3600)) ELSE CAST(epoch(TRY_CAST(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END AS TIMESTAMP)) AS BIGINT) END END END BETWEEN CAST($3 AS BIGINT) AND CAST($4 AS BIGINT))",
          "values": [
            "2024-04-30",
            "2024-05-03",
            1714555800,
            1714555800,
          ],
        },
        "mysql": {
          "text": "(\`happened_at\` >= ? AND \`happened_at\` < ? AND CASE WHEN CAST(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(\`happened_at\`, '0', '9'), '1', '9'), '2', '9'), '3', '9'), '4', '9'), '5', '9'), '6', '9'), '7', '9'), '8', '9'), '+', '-'), 'z', 'Z'), 'T', ' ') AS BINARY) IN ('9999-99-99', '9999-99-99 99:99', '9999-99-99 99:99Z', '9999-99-99 99:99-99', '9999-99-99 99:99-9999', '9999-99-99 99:99-99:99', '9999-99-99 99:99:99', '9999-99-99 99:99:99Z', '9999-99-99 99:99:99-99', '9999-99-99 99:99:99-9999', '9999-99-99 99:99:99-99:99', '9999-99-99 99:99:99.9', '9999-99-99 99:99:99.9Z', '9999-99-99 99:99:99.9-99', '9999-99-99 99:99:99.9-9999', '9999-99-99 99:99:99.9-99:99', '9999-99-99 99:99:99.99', '9999-99-99 99:99:99.99Z', '9999-99-99 99:99:99.99-99', '9999-99-99 99:99:99.99-9999', '9999-99-99 99:99:99.99-99:99', '9999-99-99 99:99:99.999', '9999-99-99 99:99:99.999Z', '9999-99-99 99:99:99.999-99', '9999-99-99 99:99:99.999-9999', '9999-99-99 99:99:99.999-99:99', '9999-99-99 99:99:99.9999', '9999-99-99 99:99:99.9999Z', '9999-99-99 99:99:99.9999-99', '9999-99-99 99:99:99.9999-9999', '9999-99-99 99:99:99.9999-99:99', '9999-99-99 99:99:99.99999', '9999-99-99 99:99:99.99999Z', '9999-99-99 99:99:99.99999-99', '9999-99-99 99:99:99.99999-9999', '9999-99-99 99:99:99.99999-99:99', '9999-99-99 99:99:99.999999', '9999-99-99 99:99:99.999999Z', '9999-99-99 99:99:99.999999-99', '9999-99-99 99:99:99.999999-9999', '9999-99-99 99:99:99.999999-99:99', '9999-99-99 99:99:99.9999999', '9999-99-99 99:99:99.9999999Z', '9999-99-99 99:99:99.9999999-99', '9999-99-99 99:99:99.9999999-9999', '9999-99-99 99:99:99.9999999-99:99', '9999-99-99 99:99:99.99999999', '9999-99-99 99:99:99.99999999Z', '9999-99-99 99:99:99.99999999-99', '9999-99-99 99:99:99.99999999-9999', '9999-99-99 99:99:99.99999999-99:99', '9999-99-99 99:99:99.999999999', '9999-99-99 99:99:99.999999999Z', '9999-99-99 99:99:99.999999999-99', '9999-99-99 99:99:99.999999999-9999', '9999-99-99 99:99:99.999999999-99:99') THEN CASE WHEN CAST(substr(\`happened_at\`, 1, 4) AS SIGNED) >= 1 AND CAST(substr(\`happened_at\`, 6, 2) AS SIGNED) BETWEEN 1 AND 12 AND CAST(substr(\`happened_at\`, 9, 2) AS SIGNED) BETWEEN 1 AND CASE WHEN CAST(substr(\`happened_at\`, 6, 2) AS SIGNED) = 2 THEN CASE WHEN CAST(substr(\`happened_at\`, 1, 4) AS SIGNED) % 4 = 0 AND (CAST(substr(\`happened_at\`, 1, 4) AS SIGNED) % 100 <> 0 OR CAST(substr(\`happened_at\`, 1, 4) AS SIGNED) % 400 = 0) THEN 29 ELSE 28 END WHEN CAST(substr(\`happened_at\`, 6, 2) AS SIGNED) IN (4, 6, 9, 11) THEN 30 ELSE 31 END AND CAST(substr(CASE WHEN length(\`happened_at\`) = 10 THEN '00:00:00' WHEN substr(\`happened_at\`, 17, 1) = ':' THEN substr(\`happened_at\`, 12, 8) ELSE CONCAT(substr(\`happened_at\`, 12, 5), ':00') END, 1, 2) AS SIGNED) <= 23 AND CAST(substr(CASE WHEN length(\`happened_at\`) = 10 THEN '00:00:00' WHEN substr(\`happened_at\`, 17, 1) = ':' THEN substr(\`happened_at\`, 12, 8) ELSE CONCAT(substr(\`happened_at\`, 12, 5), ':00') END, 4, 2) AS SIGNED) <= 59 AND CAST(substr(CASE WHEN length(\`happened_at\`) = 10 THEN '00:00:00' WHEN substr(\`happened_at\`, 17, 1) = ':' THEN substr(\`happened_at\`, 12, 8) ELSE CONCAT(substr(\`happened_at\`, 12, 5), ':00') END, 7, 2) AS SIGNED) <= 59 AND CASE WHEN length(\`happened_at\`) = 10 THEN 1 = 1 WHEN substr(\`happened_at\`, length(\`happened_at\`) - 5, 1) IN ('+', '-') THEN CAST(substr(\`happened_at\`, length(\`happened_at\`) - 4, 2) AS SIGNED) <= 23 AND CAST(substr(\`happened_at\`, length(\`happened_at\`) - 1, 2) AS SIGNED) <= 59 WHEN substr(\`happened_at\`, length(\`happened_at\`) - 4, 1) IN ('+', '-') THEN CAST(substr(\`happened_at\`, length(\`happened_at\`) - 3, 2) AS SIGNED) <= 23 AND CAST(substr(\`happened_at\`, length(\`happened_at\`) - 1, 2) AS SIGNED) <= 59 WHEN substr(\`happened_at\`, length(\`happened_at\`) - 2, 1) IN ('+', '-') THEN CAST(substr(\`happened_at\`, length(\`happened_at\`) - 1, 2) AS SIGNED) <= 23 ELSE 1 = 1 END THEN CASE WHEN length(\`happened_at\`) = 10 THEN TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', CAST(CONCAT(substr(\`happened_at\`, 1, 10), ' ', CASE WHEN length(\`happened_at\`) = 10 THEN '00:00:00' WHEN substr(\`happened_at\`, 17, 1) = ':' THEN substr(\`happened_at\`, 12, 8) ELSE CONCAT(substr(\`happened_at\`, 12, 5), ':00') END) AS DATETIME)) WHEN substr(\`happened_at\`, length(\`happened_at\`), 1) IN ('Z', 'z') THEN TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', CAST(CONCAT(substr(\`happened_at\`, 1, 10), ' ', CASE WHEN length(\`happened_at\`) = 10 THEN '00:00:00' WHEN substr(\`happened_at\`, 17, 1) = ':' THEN substr(\`happened_at\`, 12, 8) ELSE CONCAT(substr(\`happened_at\`, 12, 5), ':00') END) AS DATETIME)) WHEN substr(\`happened_at\`, length(\`happened_at\`) - 5, 1) IN ('+', '-') THEN (TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', CAST(CONCAT(substr(\`happened_at\`, 1, 10), ' ', CASE WHEN length(\`happened_at\`) = 10 THEN '00:00:00' WHEN substr(\`happened_at\`, 17, 1) = ':' THEN substr(\`happened_at\`, 12, 8) ELSE CONCAT(substr(\`happened_at\`, 12, 5), ':00') END) AS DATETIME)) - CASE WHEN substr(\`happened_at\`, length(\`happened_at\`) - 5, 1) = '-' THEN -1 ELSE 1 END * (CAST(substr(\`happened_at\`, length(\`happened_at\`) - 4, 2) AS SIGNED) * 3600 + CAST(substr(\`happened_at\`, length(\`happened_at\`) - 1, 2) AS SIGNED) * 60)) WHEN substr(\`happened_at\`, length(\`happened_at\`) - 4, 1) IN ('+', '-') THEN (TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', CAST(CONCAT(substr(\`happened_at\`, 1, 10), ' ', CASE WHEN length(\`happened_at\`) = 10 THEN '00:00:00' WHEN substr(\`happened_at\`, 17, 1) = ':' THEN substr(\`happened_at\`, 12, 8) ELSE CONCAT(substr(\`happened_at\`, 12, 5), ':00') END) AS DATETIME)) - CASE WHEN substr(\`happened_at\`, length(\`happened_at\`) - 4, 1) = '-' THEN -1 ELSE 1 END * (CAST(substr(\`happened_at\`, length(\`happened_at\`) - 3, 2) AS SIGNED) * 3600 + CAST(substr(\`happened_at\`, length(\`happened_at\`) - 1, 2) AS SIGNED) * 60)) WHEN substr(\`happened_at\`, length(\`happened_at\`) - 2, 1) IN ('+', '-') THEN (TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', CAST(CONCAT(substr(\`happened_at\`, 1, 10), ' ', CASE WHEN length(\`happened_at\`) = 10 THEN '00:00:00' WHEN substr(\`happened_at\`, 17, 1) = ':' THEN substr(\`happened_at\`, 12, 8) ELSE CONCAT(substr(\`happened_at\`, 12, 5), ':00') END) AS DATETIME)) - CASE WHEN substr(\`happened_at\`, length(\`happened_at\`) - 2, 1) = '-' THEN -1 ELSE 1 END * (CAST(substr(\`happened_at\`, length(\`happened_at\`) - 1, 2) AS SIGNED) * 3600)) ELSE TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', CAST(CONCAT(substr(\`happened_at\`, 1, 10), ' ', CASE WHEN length(\`happened_at\`) = 10 THEN '00:00:00' WHEN substr(\`happened_at\`, 17, 1) = ':' THEN substr(\`happened_at\`, 12, 8) ELSE CONCAT(substr(\`happened_at\`, 12, 5), ':00') END) AS DATETIME)) END END END BETWEEN ? AND ?)",
          "values": [
            "2024-04-30",
            "2024-05-03",
            1714555800,
            1714555800,
          ],
        },
        "postgres": {
          "text": "("happened_at" >= $1 AND "happened_at" < $2 AND CASE WHEN translate("happened_at", '0123456789+zT', '9999999999-Z ') IN ('9999-99-99', '9999-99-99 99:99', '9999-99-99 99:99Z', '9999-99-99 99:99-99', '9999-99-99 99:99-9999', '9999-99-99 99:99-99:99', '9999-99-99 99:99:99', '9999-99-99 99:99:99Z', '9999-99-99 99:99:99-99', '9999-99-99 99:99:99-9999', '9999-99-99 99:99:99-99:99', '9999-99-99 99:99:99.9', '9999-99-99 99:99:99.9Z', '9999-99-99 99:99:99.9-99', '9999-99-99 99:99:99.9-9999', '9999-99-99 99:99:99.9-99:99', '9999-99-99 99:99:99.99', '9999-99-99 99:99:99.99Z', '9999-99-99 99:99:99.99-99', '9999-99-99 99:99:99.99-9999', '9999-99-99 99:99:99.99-99:99', '9999-99-99 99:99:99.999', '9999-99-99 99:99:99.999Z', '9999-99-99 99:99:99.999-99', '9999-99-99 99:99:99.999-9999', '9999-99-99 99:99:99.999-99:99', '9999-99-99 99:99:99.9999', '9999-99-99 99:99:99.9999Z', '9999-99-99 99:99:99.9999-99', '9999-99-99 99:99:99.9999-9999', '9999-99-99 99:99:99.9999-99:99', '9999-99-99 99:99:99.99999', '9999-99-99 99:99:99.99999Z', '9999-99-99 99:99:99.99999-99', '9999-99-99 99:99:99.99999-9999', '9999-99-99 99:99:99.99999-99:99', '9999-99-99 99:99:99.999999', '9999-99-99 99:99:99.999999Z', '9999-99-99 99:99:99.999999-99', '9999-99-99 99:99:99.999999-9999', '9999-99-99 99:99:99.999999-99:99', '9999-99-99 99:99:99.9999999', '9999-99-99 99:99:99.9999999Z', '9999-99-99 99:99:99.9999999-99', '9999-99-99 99:99:99.9999999-9999', '9999-99-99 99:99:99.9999999-99:99', '9999-99-99 99:99:99.99999999', '9999-99-99 99:99:99.99999999Z', '9999-99-99 99:99:99.99999999-99', '9999-99-99 99:99:99.99999999-9999', '9999-99-99 99:99:99.99999999-99:99', '9999-99-99 99:99:99.999999999', '9999-99-99 99:99:99.999999999Z', '9999-99-99 99:99:99.999999999-99', '9999-99-99 99:99:99.999999999-9999', '9999-99-99 99:99:99.999999999-99:99') THEN CASE WHEN CAST(substr("happened_at", 1, 4) AS integer) >= 1 AND CAST(substr("happened_at", 6, 2) AS integer) BETWEEN 1 AND 12 AND CAST(substr("happened_at", 9, 2) AS integer) BETWEEN 1 AND CASE WHEN CAST(substr("happened_at", 6, 2) AS integer) = 2 THEN CASE WHEN CAST(substr("happened_at", 1, 4) AS integer) % 4 = 0 AND (CAST(substr("happened_at", 1, 4) AS integer) % 100 <> 0 OR CAST(substr("happened_at", 1, 4) AS integer) % 400 = 0) THEN 29 ELSE 28 END WHEN CAST(substr("happened_at", 6, 2) AS integer) IN (4, 6, 9, 11) THEN 30 ELSE 31 END AND CAST(substr(CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END, 1, 2) AS integer) <= 23 AND CAST(substr(CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END, 4, 2) AS integer) <= 59 AND CAST(substr(CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END, 7, 2) AS integer) <= 59 AND CASE WHEN length("happened_at") = 10 THEN 1 = 1 WHEN substr("happened_at", length("happened_at") - 5, 1) IN ('+', '-') THEN CAST(substr("happened_at", length("happened_at") - 4, 2) AS integer) <= 23 AND CAST(substr("happened_at", length("happened_at") - 1, 2) AS integer) <= 59 WHEN substr("happened_at", length("happened_at") - 4, 1) IN ('+', '-') THEN CAST(substr("happened_at", length("happened_at") - 3, 2) AS integer) <= 23 AND CAST(substr("happened_at", length("happened_at") - 1, 2) AS integer) <= 59 WHEN substr("happened_at", length("happened_at") - 2, 1) IN ('+', '-') THEN CAST(substr("happened_at", length("happened_at") - 1, 2) AS integer) <= 23 ELSE 1 = 1 END THEN CASE WHEN length("happened_at") = 10 THEN extract(epoch from CAST(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END AS timestamp)) WHEN substr("happened_at", length("happened_at"), 1) IN ('Z', 'z') THEN extract(epoch from CAST(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END AS timestamp)) WHEN substr("happened_at", length("happened_at") - 5, 1) IN ('+', '-') THEN (extract(epoch from CAST(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END AS timestamp)) - CASE WHEN substr("happened_at", length("happened_at") - 5, 1) = '-' THEN -1 ELSE 1 END * (CAST(substr("happened_at", length("happened_at") - 4, 2) AS integer) * 3600 + CAST(substr("happened_at", length("happened_at") - 1, 2) AS integer) * 60)) WHEN substr("happened_at", length("happened_at") - 4, 1) IN ('+', '-') THEN (extract(epoch from CAST(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END AS timestamp)) - CASE WHEN substr("happened_at", length("happened_at") - 4, 1) = '-' THEN -1 ELSE 1 END * (CAST(substr("happened_at", length("happened_at") - 3, 2) AS integer) * 3600 + CAST(substr("happened_at", length("happened_at") - 1, 2) AS integer) * 60)) WHEN substr("happened_at", length("happened_at") - 2, 1) IN ('+', '-') THEN (extract(epoch from CAST(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END AS timestamp)) - CASE WHEN substr("happened_at", length("happened_at") - 2, 1) = '-' THEN -1 ELSE 1 END * (CAST(substr("happened_at", length("happened_at") - 1, 2) AS integer) * 3600)) ELSE extract(epoch from CAST(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END AS timestamp)) END END END BETWEEN $3::bigint AND $4::bigint)",
          "values": [
            "2024-04-30",
            "2024-05-03",
            1714555800,
            1714555800,
          ],
        },
        "sqlite": {
          "text": "("happened_at" >= ? AND "happened_at" < ? AND CASE WHEN replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace("happened_at", '0', '9'), '1', '9'), '2', '9'), '3', '9'), '4', '9'), '5', '9'), '6', '9'), '7', '9'), '8', '9'), '+', '-'), 'z', 'Z'), 'T', ' ') IN ('9999-99-99', '9999-99-99 99:99', '9999-99-99 99:99Z', '9999-99-99 99:99-99', '9999-99-99 99:99-9999', '9999-99-99 99:99-99:99', '9999-99-99 99:99:99', '9999-99-99 99:99:99Z', '9999-99-99 99:99:99-99', '9999-99-99 99:99:99-9999', '9999-99-99 99:99:99-99:99', '9999-99-99 99:99:99.9', '9999-99-99 99:99:99.9Z', '9999-99-99 99:99:99.9-99', '9999-99-99 99:99:99.9-9999', '9999-99-99 99:99:99.9-99:99', '9999-99-99 99:99:99.99', '9999-99-99 99:99:99.99Z', '9999-99-99 99:99:99.99-99', '9999-99-99 99:99:99.99-9999', '9999-99-99 99:99:99.99-99:99', '9999-99-99 99:99:99.999', '9999-99-99 99:99:99.999Z', '9999-99-99 99:99:99.999-99', '9999-99-99 99:99:99.999-9999', '9999-99-99 99:99:99.999-99:99', '9999-99-99 99:99:99.9999', '9999-99-99 99:99:99.9999Z', '9999-99-99 99:99:99.9999-99', '9999-99-99 99:99:99.9999-9999', '9999-99-99 99:99:99.9999-99:99', '9999-99-99 99:99:99.99999', '9999-99-99 99:99:99.99999Z', '9999-99-99 99:99:99.99999-99', '9999-99-99 99:99:99.99999-9999', '9999-99-99 99:99:99.99999-99:99', '9999-99-99 99:99:99.999999', '9999-99-99 99:99:99.999999Z', '9999-99-99 99:99:99.999999-99', '9999-99-99 99:99:99.999999-9999', '9999-99-99 99:99:99.999999-99:99', '9999-99-99 99:99:99.9999999', '9999-99-99 99:99:99.9999999Z', '9999-99-99 99:99:99.9999999-99', '9999-99-99 99:99:99.9999999-9999', '9999-99-99 99:99:99.9999999-99:99', '9999-99-99 99:99:99.99999999', '9999-99-99 99:99:99.99999999Z', '9999-99-99 99:99:99.99999999-99', '9999-99-99 99:99:99.99999999-9999', '9999-99-99 99:99:99.99999999-99:99', '9999-99-99 99:99:99.999999999', '9999-99-99 99:99:99.999999999Z', '9999-99-99 99:99:99.999999999-99', '9999-99-99 99:99:99.999999999-9999', '9999-99-99 99:99:99.999999999-99:99') THEN CASE WHEN CAST(substr("happened_at", 1, 4) AS INTEGER) >= 1 AND CAST(substr("happened_at", 6, 2) AS INTEGER) BETWEEN 1 AND 12 AND CAST(substr("happened_at", 9, 2) AS INTEGER) BETWEEN 1 AND CASE WHEN CAST(substr("happened_at", 6, 2) AS INTEGER) = 2 THEN CASE WHEN CAST(substr("happened_at", 1, 4) AS INTEGER) % 4 = 0 AND (CAST(substr("happened_at", 1, 4) AS INTEGER) % 100 <> 0 OR CAST(substr("happened_at", 1, 4) AS INTEGER) % 400 = 0) THEN 29 ELSE 28 END WHEN CAST(substr("happened_at", 6, 2) AS INTEGER) IN (4, 6, 9, 11) THEN 30 ELSE 31 END AND CAST(substr(CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END, 1, 2) AS INTEGER) <= 23 AND CAST(substr(CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END, 4, 2) AS INTEGER) <= 59 AND CAST(substr(CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END, 7, 2) AS INTEGER) <= 59 AND CASE WHEN length("happened_at") = 10 THEN 1 = 1 WHEN substr("happened_at", length("happened_at") - 5, 1) IN ('+', '-') THEN CAST(substr("happened_at", length("happened_at") - 4, 2) AS INTEGER) <= 23 AND CAST(substr("happened_at", length("happened_at") - 1, 2) AS INTEGER) <= 59 WHEN substr("happened_at", length("happened_at") - 4, 1) IN ('+', '-') THEN CAST(substr("happened_at", length("happened_at") - 3, 2) AS INTEGER) <= 23 AND CAST(substr("happened_at", length("happened_at") - 1, 2) AS INTEGER) <= 59 WHEN substr("happened_at", length("happened_at") - 2, 1) IN ('+', '-') THEN CAST(substr("happened_at", length("happened_at") - 1, 2) AS INTEGER) <= 23 ELSE 1 = 1 END THEN CASE WHEN length("happened_at") = 10 THEN unixepoch(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END) WHEN substr("happened_at", length("happened_at"), 1) IN ('Z', 'z') THEN unixepoch(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END) WHEN substr("happened_at", length("happened_at") - 5, 1) IN ('+', '-') THEN (unixepoch(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END) - CASE WHEN substr("happened_at", length("happened_at") - 5, 1) = '-' THEN -1 ELSE 1 END * (CAST(substr("happened_at", length("happened_at") - 4, 2) AS INTEGER) * 3600 + CAST(substr("happened_at", length("happened_at") - 1, 2) AS INTEGER) * 60)) WHEN substr("happened_at", length("happened_at") - 4, 1) IN ('+', '-') THEN (unixepoch(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END) - CASE WHEN substr("happened_at", length("happened_at") - 4, 1) = '-' THEN -1 ELSE 1 END * (CAST(substr("happened_at", length("happened_at") - 3, 2) AS INTEGER) * 3600 + CAST(substr("happened_at", length("happened_at") - 1, 2) AS INTEGER) * 60)) WHEN substr("happened_at", length("happened_at") - 2, 1) IN ('+', '-') THEN (unixepoch(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END) - CASE WHEN substr("happened_at", length("happened_at") - 2, 1) = '-' THEN -1 ELSE 1 END * (CAST(substr("happened_at", length("happened_at") - 1, 2) AS INTEGER) * 3600)) ELSE unixepoch(substr("happened_at", 1, 10) || ' ' || CASE WHEN length("happened_at") = 10 THEN '00:00:00' WHEN substr("happened_at", 17, 1) = ':' THEN substr("happened_at", 12, 8) ELSE substr("happened_at", 12, 5) || ':00' END) END END END BETWEEN ? AND ?)",
          "values": [
            "2024-04-30",
            "2024-05-03",
            1714555800,
            1714555800,
          ],
        },
      }
    `);
  });
  test('event.happened_at LTE 2024-05-01, in a zone with DST', () => {
    const out = compiled('event.happened_at LTE 2024-05-01', { kind: 'iso_text', timeZone: 'America/New_York' });
    expect({ sqlite: out['sqlite'], mysql: out['mysql'] }).toMatchInlineSnapshot(`
      {
        "mysql": "unsupported: event.happened_at cannot be compared on mysql: MySQL/MariaDB has no time-zone rules to read wall-clock times in America/New_York: declare UTC or a fixed-offset zone (Etc/GMT-2), or store instants.",
        "sqlite": "unsupported: event.happened_at cannot be compared on sqlite: SQLite has no time-zone rules to read wall-clock times in America/New_York: declare UTC or a fixed-offset zone (Etc/GMT-2), or store instants.",
      }
    `);
  });
});

describe('a dialect object without instants writers', () => {
  const plain = { ...postgres, name: 'plain', instants: undefined } as unknown as SqlDialect;
  const mapping = (storage: SqlColumnStorage) => defineSqlMapping(schema, { event: { table: 'event', key: 'id', storage: { happened_at: storage } } });
  test('event.happened_at LT 2024-05-01 compares a column of seconds as it is', () => {
    expect(compileSql(check('event.happened_at LT 2024-05-01', schema, 'event'), { dialect: plain, mapping: mapping({ kind: 'unix_seconds' }) })).toEqual({
      text: '("happened_at" < $1)',
      values: [1714521600],
    });
  });
  test('event.happened_at LT 2024-05-01 on a timestamptz column is refused', () => {
    const error = tqlErrorOf(() => compileSql(check('event.happened_at LT 2024-05-01', schema, 'event'), { dialect: plain, mapping: mapping({ kind: 'timestamptz' }) }));
    expect(`${error.code}: ${error.issues[0].message}`).toMatchInlineSnapshot(`"unsupported: event.happened_at cannot be compared on plain: the dialect object has no instants writers for timestamptz columns."`);
  });
});

describe('uuid ids', () => {
  test('event.owner_id EQ 0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C4B3A: a text column, lower-cased', () => {
    expect(compiled('event.owner_id EQ 0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C4B3A', { kind: 'unix_seconds' })).toMatchInlineSnapshot(`
      {
        "duckdb": {
          "text": "lower("owner_id") = $1",
          "values": [
            "0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a",
          ],
        },
        "mysql": {
          "text": "LOWER(\`owner_id\`) = CAST(? AS BINARY)",
          "values": [
            "0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a",
          ],
        },
        "postgres": {
          "text": "lower("owner_id") = $1",
          "values": [
            "0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a",
          ],
        },
        "sqlite": {
          "text": "lower("owner_id") = ?",
          "values": [
            "0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a",
          ],
        },
      }
    `);
  });
  test('event.owner_id NOT_EQ 0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a', () => {
    expect(compiled('event.owner_id NOT_EQ 0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a', { kind: 'unix_seconds' })).toMatchInlineSnapshot(`
      {
        "duckdb": {
          "text": "("owner_id" IS NULL OR lower("owner_id") <> $1)",
          "values": [
            "0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a",
          ],
        },
        "mysql": {
          "text": "(\`owner_id\` IS NULL OR LOWER(\`owner_id\`) <> CAST(? AS BINARY))",
          "values": [
            "0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a",
          ],
        },
        "postgres": {
          "text": "("owner_id" IS NULL OR lower("owner_id") <> $1)",
          "values": [
            "0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a",
          ],
        },
        "sqlite": {
          "text": "lower("owner_id") IS NOT ?",
          "values": [
            "0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a",
          ],
        },
      }
    `);
  });
  test('event.device_id EQ 0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C4B3A: the engine uuid type', () => {
    expect(compiled('event.device_id EQ 0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C4B3A', { kind: 'unix_seconds' })).toMatchInlineSnapshot(`
      {
        "duckdb": {
          "text": ""device_id" = $1",
          "values": [
            "0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a",
          ],
        },
        "mysql": {
          "text": "\`device_id\` = ?",
          "values": [
            "0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a",
          ],
        },
        "postgres": {
          "text": ""device_id" = $1",
          "values": [
            "0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a",
          ],
        },
        "sqlite": {
          "text": ""device_id" = ?",
          "values": [
            "0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a",
          ],
        },
      }
    `);
  });
  test('a text column holding uuids gets an index on lower(column)', () => {
    const mapping = defineSqlMapping(schema, { event: { table: 'event', key: 'id', storage: { device_id: 'uuid' } } });
    expect(DIALECTS.map((dialect) => indexAdvice(schema, { dialect, mapping, listOrder: false }))).toMatchInlineSnapshot(`
      [
        [
          "CREATE INDEX IF NOT EXISTS "event_happened_at_idx" ON "event" ("happened_at");",
          "CREATE INDEX IF NOT EXISTS "event_owner_id_idx" ON "event" ((lower("owner_id")));",
          "CREATE INDEX IF NOT EXISTS "event_device_id_idx" ON "event" ("device_id");",
        ],
        [
          "CREATE INDEX IF NOT EXISTS "event_happened_at_idx" ON "event" ("happened_at");",
          "CREATE INDEX IF NOT EXISTS "event_owner_id_idx" ON "event" ((lower("owner_id")));",
          "CREATE INDEX IF NOT EXISTS "event_device_id_idx" ON "event" ("device_id");",
        ],
        [
          "CREATE INDEX \`event_happened_at_idx\` ON \`event\` (\`happened_at\`);",
          "CREATE INDEX \`event_device_id_idx\` ON \`event\` (\`device_id\`);",
        ],
        [
          "CREATE INDEX IF NOT EXISTS "event_happened_at_idx" ON "event" ("happened_at");",
          "CREATE INDEX IF NOT EXISTS "event_owner_id_idx" ON "event" ((lower("owner_id")));",
          "CREATE INDEX IF NOT EXISTS "event_device_id_idx" ON "event" ("device_id");",
        ],
      ]
    `);
  });
});

describe('statementPieces cut the same statements at their values', () => {
  test('event.happened_at EQ 2024-05-01 on a timestamptz column', () => {
    const mapping = defineSqlMapping(schema, { event: { table: 'event', key: 'id', storage: { happened_at: 'timestamptz' } } });
    expect(statementPieces(check('event.happened_at EQ 2024-05-01', schema, 'event'), { dialect: 'postgres', mapping })).toMatchInlineSnapshot(`
      [
        {
          "sql": "("happened_at" >= to_timestamp(",
        },
        {
          "value": 1714521600,
        },
        {
          "sql": ") AND "happened_at" < to_timestamp(",
        },
        {
          "value": 1714521601,
        },
        {
          "sql": "))",
        },
      ]
    `);
  });
});

/** What defineSqlMapping says of each bad entry below, in order. */
const MAPPING_PROBLEMS: string[][] = [
  ['invalid_mapping: Invalid SQL mapping: event.storage.happened_at: a column storage is one of unix_seconds, unix_milliseconds, iso_text, iso_canonical, timestamptz, timestamp, uuid, integer, not "datetime".'],
  ['invalid_mapping: Invalid SQL mapping: event.storage.happened_at: timeZone is an IANA time zone such as "Europe/Paris", not "Mars/Olympus".'],
  ['invalid_mapping: Invalid SQL mapping: event.storage.owner_id: timestamptz is for Timestamp attributes, and event.owner_id is an ID.'],
  ['invalid_mapping: Invalid SQL mapping: event.storage.happened_at: uuid is for ID attributes with { kind: "uuid" } ids, and event.happened_at is not one.'],
  ['invalid_mapping: Invalid SQL mapping: event.storage.happened_at: integer is for Number attributes, and event.happened_at is a Timestamp.'],
  ['invalid_mapping: Invalid SQL mapping: event.storage.created: no attribute of event reads a field, column or attribute named "created"; key the entry by the record field.'],
  ['invalid_mapping: Invalid SQL mapping: event.storage: storage is an object: field → column storage ({ created_at: "timestamptz" }).'],
];

describe('the mapping says what a column holds; defineSqlMapping checks it', () => {
  test.for<[string, unknown]>([
    ['an unknown kind', { happened_at: 'datetime' }],
    ['a zone that is no IANA zone', { happened_at: { kind: 'timestamp', timeZone: 'Mars/Olympus' } }],
    ['a timestamp kind on a uuid id', { owner_id: 'timestamptz' }],
    ['uuid on a Timestamp', { happened_at: 'uuid' }],
    ['integer on a Timestamp', { happened_at: 'integer' }],
    ['a field no attribute reads', { created: 'timestamptz' }],
    ['not an object', 'timestamptz'],
  ])('%s', ([, storage]) => {
    const error = tqlErrorOf(() => defineSqlMapping(schema, { event: { table: 'event', key: 'id', storage } as never }));
    expect(error.issues.map((i) => `${i.code}: ${i.message}`)).toEqual(MAPPING_PROBLEMS.shift());
  });
  test('a checked mapping is a frozen copy, its storage entries too', () => {
    const storage = { happened_at: { kind: 'timestamp', timeZone: 'Europe/Berlin' } } as const;
    const mapping = defineSqlMapping(schema, { event: { table: 'event', key: 'id', storage } });
    expect(mapping.event.storage).toEqual(storage);
    expect(mapping.event.storage).not.toBe(storage);
    expect(Object.isFrozen(mapping.event.storage!['happened_at'])).toBe(true);
  });
});
