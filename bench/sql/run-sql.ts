/**
 * `npm run bench:sql`: the SQL section (bench/sql/sql-bench.ts). Prints the table; a full run
 * also writes bench/results/sql-latest.json (committed: the run the docs show).
 *
 *   --quick        a few thousand rows, one timed run: checks that the rows agree
 *   --write-docs   replace the SQL section of docs/performance.md with this run's table, and the
 *                  plans section of docs/backends-sql.md with its plans
 *   --requests=N   N scheduling requests and N/10 agents instead of 1M and 100k (a trial run)
 *   --docs-only    write the docs from bench/results/sql-latest.json without running
 *   --engines=sqlite[,postgres]         only these engines (a trial run)
 *   --workloads=email-in-100[,keyset-10,…]  only these workloads (a trial run)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../paths.js';
import { PERFORMANCE_PAGE, readDecisions } from '../report/doc-sections.js';
import { textTable } from '../report/table.js';
import { fullSqlSettings, quickSqlSettings, runSqlBench, type SqlBenchResults } from './sql-bench.js';
import type { BenchDialect } from './sql-engines.js';
import { SQL_PLANS_END, SQL_PLANS_START, sqlPerformanceSection, sqlPlansSection, sqlRatioTable, sqlSummary, withSection, withSqlSection } from './sql-report.js';

const log = (line: string) => process.stderr.write(`[bench:sql] ${line}\n`);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter(
    (a) => a !== '--quick' && a !== '--write-docs' && a !== '--docs-only' && !/^--requests=[1-9]\d*$/.test(a) && !/^--engines=(sqlite|postgres)(,(sqlite|postgres))*$/.test(a) && !/^--workloads=[a-z0-9-]+(,[a-z0-9-]+)*$/.test(a),
  );
  if (unknown.length > 0) {
    log(`unknown option ${unknown.join(', ')}; known: --quick --write-docs --docs-only --requests=N --engines=sqlite,postgres --workloads=id,…`);
    process.exitCode = 2;
    return;
  }
  const root = repoRoot();
  const file = path.join(root, 'bench', 'results', 'sql-latest.json');
  if (args.includes('--docs-only')) {
    if (!existsSync(file)) {
      log(`no ${path.relative(root, file)}: run npm run bench:sql first`);
      process.exitCode = 2;
      return;
    }
    writeDocs(root, JSON.parse(readFileSync(file, 'utf8')) as SqlBenchResults);
    return;
  }
  const quick = args.includes('--quick');
  const requests = args.find((a) => a.startsWith('--requests='));
  const base = quick ? quickSqlSettings(log) : fullSqlSettings(log);
  const n = requests === undefined ? undefined : Number(requests.slice('--requests='.length));
  const list = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3).split(',');
  const sized = n === undefined ? base : { ...base, requests: n, agents: Math.max(10, Math.floor(n / 10)) };
  const settings = { ...sized, engines: list('engines') as BenchDialect[] | undefined, workloads: list('workloads') };
  const partial = settings.engines !== undefined || settings.workloads !== undefined;
  const results = await runSqlBench(settings);
  process.stdout.write(`${[...sqlSummary(results), '', textTable(sqlRatioTable(results))].join('\n')}\n`);
  // Only a full run is kept: it is what docs/performance.md shows.
  if (quick || n !== undefined || partial) {
    if (args.includes('--write-docs')) log('--write-docs needs a full run (no --quick, --requests, --engines or --workloads): the docs were left as they are');
    return;
  }
  writeFileSync(file, `${JSON.stringify(results, null, 1)}\n`);
  log(`wrote ${path.relative(root, file)}`);
  if (args.includes('--write-docs')) writeDocs(root, results);
}

/** The SQL section of docs/performance.md and the plans of docs/backends-sql.md, from `results`. */
function writeDocs(root: string, results: SqlBenchResults): void {
  const docs = path.join(root, PERFORMANCE_PAGE);
  writeFileSync(docs, withSqlSection(readFileSync(docs, 'utf8'), sqlPerformanceSection(results, readDecisions(root, 'sql'))));
  log(`wrote the SQL section of ${path.relative(root, docs)}`);
  const sqlDocs = path.join(root, 'docs', 'backends-sql.md');
  writeFileSync(sqlDocs, withSection(readFileSync(sqlDocs, 'utf8'), sqlPlansSection(results), SQL_PLANS_START, SQL_PLANS_END));
  log(`wrote the plans section of ${path.relative(root, sqlDocs)}`);
}

await main();
