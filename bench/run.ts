/**
 * `npm run bench`: runs the performance suite, prints its tables and the goals, writes the
 * results as JSON and compares them row by row with the previous run and the committed
 * baseline. See docs/performance.md for what every number means.
 *
 *   --quick           tiny sizes, 1–2 samples (what the tests run)
 *   --only=a,b        only these sections (parse, predicate-curve, cache, allocation, cold-start, isolated,
 *                     filter, record-curve); written to latest-partial.json, compared with the last whole run
 *   --no-build        do not run `npm run build` before the cold-start section (full mode builds)
 *   --save-baseline   make this run bench/results/baseline.json
 *   --write-docs      with --save-baseline: rewrite docs/performance.md from this run
 *   --docs-only       rewrite docs/performance.md from bench/results/baseline.json without running
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot as findRepoRoot } from './paths.js';
import { earlierValues, readResults } from './report/compare-runs.js';
import { PERFORMANCE_PAGE, readDecisions } from './report/doc-sections.js';
import { performanceDoc } from './report/docs.js';
import { groupTitles, machineLine, ratioMatrix, sectionTable, targetTable } from './report/render.js';
import type { BenchResults } from './report/results.js';
import { textTable } from './report/table.js';
import { fullSettings, quickSettings } from './settings.js';
import { keepServerSection } from './server/server-report.js';
import { keepSqlSection } from './sql/sql-report.js';
import { runBench, SECTION_IDS, type SectionId } from './suite.js';

const repoRoot = findRepoRoot();
const resultsDir = path.join(repoRoot, 'bench', 'results');
const docsFile = path.join(repoRoot, PERFORMANCE_PAGE);

/** A mistake in how the command was called: reported as one line, without a stack trace. */
class UsageError extends Error {}

interface Args {
  readonly quick: boolean;
  readonly only: readonly SectionId[] | undefined;
  readonly build: boolean;
  readonly writeDocs: boolean;
  readonly docsOnly: boolean;
  readonly saveBaseline: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const flags = new Set(argv.filter((a) => !a.startsWith('--only=')));
  const known = ['--quick', '--no-build', '--write-docs', '--docs-only', '--save-baseline'];
  const unknown = [...flags].filter((f) => !known.includes(f));
  if (unknown.length > 0) throw new UsageError(`unknown option ${unknown.join(', ')}; known: ${[...known, '--only=…'].join(' ')}`);
  const onlyArg = argv.find((a) => a.startsWith('--only='));
  let only: SectionId[] | undefined;
  if (onlyArg !== undefined) {
    const ids = onlyArg.slice('--only='.length).split(',');
    const bad = ids.filter((id) => !(SECTION_IDS as readonly string[]).includes(id));
    if (bad.length > 0) throw new UsageError(`unknown section ${bad.join(', ')}; sections: ${SECTION_IDS.join(', ')}`);
    only = ids as SectionId[];
  }
  return {
    quick: flags.has('--quick'),
    only,
    build: !flags.has('--no-build'),
    writeDocs: flags.has('--write-docs') || flags.has('--docs-only'),
    docsOnly: flags.has('--docs-only'),
    saveBaseline: flags.has('--save-baseline'),
  };
}

function log(line: string): void {
  process.stderr.write(`[bench] ${line}\n`);
}

function build(): void {
  log('npm run build (for the cold-start section)');
  const r = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, encoding: 'utf8' });
  if (r.status !== 0) log(`build failed, cold start will be n/a:\n${(r.stdout + r.stderr).trim().split('\n').slice(-5).join('\n')}`);
}

function print(results: BenchResults, previous: BenchResults | null, baseline: BenchResults | null): void {
  const comparisons = { previous: earlierValues(previous, results.mode), baseline: earlierValues(baseline, results.mode) };
  const out: string[] = [`tql benchmarks (${results.mode}): ${machineLine(results)}`];
  for (const section of results.sections) {
    const took = section.durationMs === undefined ? '' : ` (${(section.durationMs / 1000).toFixed(0)} s)`;
    out.push('', `== ${section.title} [${section.id}]${took}`, section.about);
    if (section.id === 'filter' || section.id === 'parse') {
      out.push('', ...groupTitles(section), '', `ratio to the ${section.ratioTo ?? 'limit'}:`, textTable(ratioMatrix(section)));
    }
    out.push('', textTable(sectionTable(section, comparisons)));
  }
  out.push('', '== Goals', textTable(targetTable(results.targets)), '');
  process.stdout.write(out.join('\n'));
}

/** Writes docs/performance.md from `results`, keeping the sections that `npm run bench:sql` and `npm run bench:server` wrote there. */
function writeDocs(results: BenchResults): void {
  const page = performanceDoc(results, readDecisions(repoRoot, 'suite'));
  const previous = existsSync(docsFile) ? readFileSync(docsFile, 'utf8') : '';
  writeFileSync(docsFile, keepServerSection(keepSqlSection(page, previous), previous));
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const latestFile = path.join(resultsDir, args.quick ? 'latest-quick.json' : 'latest.json');
  // A partial run is compared with the last whole one but does not replace it.
  const outFile = args.only === undefined ? latestFile : path.join(resultsDir, args.quick ? 'latest-quick-partial.json' : 'latest-partial.json');
  const baselineFile = path.join(resultsDir, 'baseline.json');

  if (args.only !== undefined && (args.writeDocs || args.saveBaseline)) {
    throw new UsageError('--only runs part of the suite; the docs and the baseline need the whole of it');
  }
  // The page shows the committed baseline, so that anyone can regenerate it from the repository.
  if (args.writeDocs && !args.docsOnly && !args.saveBaseline) {
    throw new UsageError('the docs show the committed baseline: add --save-baseline to --write-docs, or use --docs-only');
  }
  if (args.docsOnly) {
    const baseline = readResults(baselineFile);
    if (baseline === null) throw new UsageError(`no results in ${baselineFile}: run npm run bench -- --save-baseline first`);
    if (baseline.sections.length < SECTION_IDS.length) throw new UsageError(`${baselineFile} holds a partial run (--only): run the whole suite first`);
    writeDocs(baseline);
    log(`wrote ${path.relative(repoRoot, docsFile)} from ${path.relative(repoRoot, baselineFile)}`);
    return;
  }

  const settings = args.quick ? quickSettings(log) : fullSettings(log);
  const wantsColdStart = args.only === undefined || args.only.includes('cold-start');
  if (!args.quick && args.build && wantsColdStart) build();

  const previous = readResults(latestFile);
  const baseline = readResults(baselineFile);
  const results = runBench({ settings, repoRoot, only: args.only });
  print(results, previous, baseline);

  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(results, null, 1)}\n`);
  log(`wrote ${path.relative(repoRoot, outFile)}`);
  if (args.saveBaseline) {
    copyFileSync(outFile, baselineFile);
    log(`wrote ${path.relative(repoRoot, baselineFile)}`);
  }
  if (args.writeDocs) {
    writeDocs(results);
    log(`wrote ${path.relative(repoRoot, docsFile)}`);
  }
}

try {
  main();
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  log(error.message);
  process.exitCode = 2;
}
