/** The ids of the page's elements, shared by index.html's script, the renderers and the browser test. */
export const IDS = {
  filter: 'filter',
  entity: 'entity',
  profile: 'profile',
  timeZone: 'time-zone',
  timeZones: 'time-zones',
  example: 'example',
  attributes: 'attributes',
  attributeCount: 'attribute-count',
  status: 'status',
  issues: 'issues',
  warnings: 'warnings',
  printed: 'printed',
  ast: 'ast',
  sqlPostgres: 'sql-postgres',
  sqlSqlite: 'sql-sqlite',
  sqlMysql: 'sql-mysql',
  sqlDuckdb: 'sql-duckdb',
  mongo: 'mongo',
  matchCount: 'match-count',
  records: 'records',
} as const;

/** The SQL pane of each dialect, in the order the page shows them. */
export const SQL_PANE_IDS = {
  postgres: IDS.sqlPostgres,
  sqlite: IDS.sqlSqlite,
  mysql: IDS.sqlMysql,
  duckdb: IDS.sqlDuckdb,
} as const;
