/**
 * docs/performance.md, generated from a results file: the machine, how to rerun, the goals, the
 * decisions (bench/report/decisions.md) and every section's tables, with the prose that says
 * what each number means. The bench's notebook (bench/NOTEBOOK.md) is not part of it.
 */
import { groupTitles, machineLine, ratioMatrix, sectionTable, targetTable } from './render.js';
import type { BenchResults } from './results.js';
import { markdownTable } from './table.js';

const INTRO = `# Performance

What parsing, validation and each backend cost, against hand-written code and against other
libraries, and how to measure it again. This page is generated from the committed results
(\`bench/results/baseline.json\`, and \`sql-latest.json\` and \`server-latest.json\` for the SQL
and server sections) and the hand-written decisions; do not edit it by hand.`;

const HOW = `## How to rerun

\`\`\`sh
npm run bench                      # the full suite (a few minutes); prints every table
npm run bench -- --save-baseline   # … and makes the new results the committed baseline
npm run bench -- --save-baseline --write-docs   # … and rewrites this page from them
npm run bench -- --docs-only       # rewrites this page from bench/results/baseline.json, without running
npm run bench -- --only=parse,cache   # some sections only (ids: see the headings below)
npm run bench:quick                # tiny sizes, 1–2 samples: checks the suite works (the tests run this)
npm run bench:sql                  # tql's SQL against hand-written SQL, 1M requests on PostgreSQL and SQLite
npm run bench:sql -- --write-docs  # … and rewrites this page's SQL section (--quick: 3,000 rows, what the tests run)
npm run bench:server               # the list server against a hand-written endpoint under autocannon, on PostgreSQL and MariaDB
npm run bench:server -- --write-docs  # … and rewrites this page's server section (--quick: one 1 s round)
npm run bench:sql -- --docs-only   # (and bench:server) rewrite their section from the committed results
\`\`\`

The full run builds the package first (\`npm run build\`, for the cold-start section; \`--no-build\`
skips that), writes \`bench/results/latest.json\` (not committed) and prints, for every row, the
change of its median against the previous run and against \`bench/results/baseline.json\`.
Run it on a quiet machine: absolute times drift by ±30% between runs on a shared 2-core VM;
the ratios are the numbers to trust.`;

const METHOD = `## What the numbers mean

- **median**: the median over samples of the time of one operation: one pass over all the
  records (filtering), one call (parsing, cache look-ups), or one process (cold start).
- **ratio**: time of the row / time of the group's first row (the *limit*: the hand-written
  arrow, the hand-written parser, one \`Map.get\`), computed within each sampling round and then
  as the median over rounds. Below 1.00x is faster than the limit.
- **ns/record, ns/char, ns/predicate, B/char**: the median divided by the size of the input.
- **matches**: the number of records the query matches. Before anything is timed, every
  alternative's count is asserted equal to the hand-written arrow's (and again after every
  sample); a disagreement stops the run.
- **Δ prev / Δ baseline** (terminal only): change of the median against the previous run of the
  same mode and against the committed baseline. Positive is slower.

How it is measured (\`bench/harness/\`):

- The alternatives of a group run **interleaved**, sample by sample, in the same process, the
  order rotating each round, after a warm-up; each sample lasts at least 50 ms (filtering at
  100k records, 5 samples) or 40 ms (calls, 9 samples); at 1M records a sample is one pass and
  there are 3. A young-generation collection runs before each timed sample (\`--expose-gc\`), so
  one alternative's garbage is not collected on another's clock.
- Every alternative runs through **its own loop function** (made with \`new Function\` and a
  nonce, in the bench only), so no alternative shares a call site's type feedback with another.
  Inside the libraries (tql's closures, sift's, …) code is shared between workloads, as it is in
  an application that runs many queries.
- Data: the project's seeded generator (\`generateSchedulingData\`), the same records on every
  machine; smaller sizes are prefixes of the 1M arrays.
- Filtering runs every workload in one process, one after another, as an application runs its
  queries; the \`isolated\` section runs three of them again, each alone in a fresh process.
- tql's filter is \`compilePredicate(check(text, schedulingSchema, entity))\`; the parse benches
  bypass the check cache (\`{ cache: false }\`) and a fresh \`ValidatedQuery\` means a fresh compile.
- The hand-written arrow is the plain function a developer would write for the query, in query
  order, with \`toLowerCase().includes()\` for LIKE (the design's definition of LIKE).
- Peers get the same query in their own language (see \`bench/workloads/filter-workloads.ts\`).
  sift, mingo and @ucast/mongo2js evaluate one MongoDB filter (\`$regex\` with \`i\` for LIKE,
  \`$elemMatch\` for collection attributes); filtrex and json-logic-js get a custom \`like\`
  function (they have no case-insensitive substring test); cel-js uses
  \`lowerAscii().contains()\` (it has no Unicode lower-casing; the counts still agree on this
  data because every needle is ASCII). liqe has no IN and cannot test two properties of the same
  array element, filtrex has no quantifier over arrays: those rows are n/a.
- Parse peers: liqe, @rsql/parser and cel-js parse; filtrex's \`compileExpression\` parses and
  compiles in one call. The hand-written parser (\`bench/peers/hand-parser.ts\`) reads the TQL
  text into a plain tree and does nothing else: it is the floor for reading the text.
- Allocation: a child process with \`--expose-gc\` and a 256 MB young generation runs a batch of
  calls with no collection in between (\`v8.GCProfiler\` confirms; otherwise the batch is halved)
  and divides the heap growth by the batch size.
- Cold start: a fresh \`node\` process per sample imports \`dist/index.js\` and \`dist/memory.js\`
  and compiles one query; the time is taken inside the process from before the import to the
  compiled predicate.`;

/** Whether other work was competing for the cores during the run. */
function busy(m: BenchResults['machine']): boolean {
  return Math.max(m.loadAverage.start, m.loadAverage.end) > m.cores;
}

/**
 * The whole page but the SQL and server sections, which their own commands write.
 *
 * @example
 * ```ts
 * writeFileSync('docs/performance.md', performanceDoc(results, readDecisions(repoRoot(), 'suite')));
 * ```
 */
export function performanceDoc(results: BenchResults, decisions: string): string {
  const m = results.machine;
  const parts: string[] = [
    INTRO,
    `## The run shown here

| | |
|---|---|
| machine | ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB memory |
| software | Node ${m.node} (V8 ${m.v8}), ${m.os} |
| run | ${results.startedAt}, ${results.mode} mode, ${(results.durationMs / 60_000).toFixed(1)} minutes, commit ${m.commit} |
| load | 1-minute load average ${m.loadAverage.start.toFixed(1)} at the start, ${m.loadAverage.end.toFixed(1)} at the end${busy(m) ? ` (above ${m.cores}: other processes were competing for the cores)` : ''} |`,
    HOW,
    `## Goals\n\n${markdownTable(targetTable(results.targets))}`,
    decisions.trim(),
  ];
  for (const section of results.sections) {
    const took = section.durationMs === undefined ? '' : ` The section took ${(section.durationMs / 1000).toFixed(0)} s.`;
    const lines = [`## ${section.title} (\`${section.id}\`)`, '', section.about + took, ''];
    if (section.id === 'filter' || section.id === 'parse') {
      lines.push('Workloads:', '', ...groupTitles(section).map((t) => `- \`${t.replace(/`/g, "'")}\``), '');
      lines.push(`Ratios to the ${section.ratioTo ?? 'limit'}:`, '', markdownTable(ratioMatrix(section)), '');
      lines.push('All rows:', '');
    }
    lines.push(markdownTable(sectionTable(section)));
    parts.push(lines.join('\n'));
  }
  parts.push(METHOD);
  parts.push(`<!-- ${machineLine(results)} -->`);
  return `${parts.join('\n\n')}\n`;
}
