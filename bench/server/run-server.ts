/**
 * `npm run bench:server`: the server section (bench/server/server-bench.ts). Prints the tables;
 * a full run also writes bench/results/server-latest.json (committed: the run the docs show).
 *
 *   --quick        one round of 1 s at 16 connections per engine: checks that the section works
 *   --write-docs   replace the server section of docs/performance.md with this run's tables
 *   --docs-only    write that section from bench/results/server-latest.json without running
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../paths.js';
import { PERFORMANCE_PAGE, readDecisions } from '../report/doc-sections.js';
import { textTable } from '../report/table.js';
import { fullServerSettings, quickServerSettings, runServerBench, type ServerBenchResults } from './server-bench.js';
import { serverEngineSummary, serverLoadTable, serverPerformanceSection, serverRunSummary, serverStatementTable, withServerSection } from './server-report.js';

const log = (line: string) => process.stderr.write(`[bench:server] ${line}\n`);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--quick' && a !== '--write-docs' && a !== '--docs-only');
  if (unknown.length > 0) {
    log(`unknown option ${unknown.join(', ')}; known: --quick --write-docs --docs-only`);
    process.exitCode = 2;
    return;
  }
  const root = repoRoot();
  const file = path.join(root, 'bench', 'results', 'server-latest.json');
  if (args.includes('--docs-only')) {
    if (!existsSync(file)) {
      log(`no ${path.relative(root, file)}: run npm run bench:server first`);
      process.exitCode = 2;
      return;
    }
    writeDocs(root, JSON.parse(readFileSync(file, 'utf8')) as ServerBenchResults);
    return;
  }
  const quick = args.includes('--quick');
  const results = await runServerBench(quick ? quickServerSettings(log) : fullServerSettings(log));
  if (results === undefined) {
    log('no PostgreSQL or MariaDB server binaries (and neither TQL_PG_URL nor TQL_MYSQL_URL is set): nothing was measured');
    process.exitCode = 1;
    return;
  }
  const out = serverRunSummary(results);
  for (const e of results.engines) out.push('', `== ${e.database}`, ...serverEngineSummary(e), '', textTable(serverLoadTable(e)), '', textTable(serverStatementTable(e)));
  process.stdout.write(`${out.join('\n')}\n`);
  // Only a full run is kept: it is what docs/performance.md shows.
  if (quick) {
    if (args.includes('--write-docs')) log('--write-docs needs a full run (no --quick): the docs were left as they are');
    return;
  }
  writeFileSync(file, `${JSON.stringify(results, null, 1)}\n`);
  log(`wrote ${path.relative(root, file)}`);
  if (args.includes('--write-docs')) writeDocs(root, results);
}

/** The server section of docs/performance.md, from `results`. */
function writeDocs(root: string, results: ServerBenchResults): void {
  const docs = path.join(root, PERFORMANCE_PAGE);
  writeFileSync(docs, withServerSection(readFileSync(docs, 'utf8'), serverPerformanceSection(results, readDecisions(root, 'server'))));
  log(`wrote the server section of ${path.relative(root, docs)}`);
}

await main();
