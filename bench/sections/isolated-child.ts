/**
 * Runs in a fresh process (started by isolated.ts): one filter workload, hand-written arrow
 * against tql, with no other query ever compiled in the process. Arguments: workload id,
 * record count, seed, samples, minimum sample ms. Prints the measurements as JSON.
 */
import { fixtureOf, makeDatasets } from '../data/datasets.js';
import { compare } from '../harness/compare.js';
import { filterWorkloads } from '../workloads/filter-workloads.js';
import { handAlternative, recordsOf, tqlAlternative } from './filter.js';

const [id = '', size = '0', seed = '0', samples = '1', minSampleMs = '0'] = process.argv.slice(2);
const data = makeDatasets(Number(size), Number(seed));
const workload = filterWorkloads(fixtureOf(data)).find((w) => w.id === id);
if (workload === undefined) throw new Error(`no filter workload ${id}`);
const records = recordsOf(workload, data, Number(size));
const measured = compare([handAlternative(workload, records), tqlAlternative(workload, records)], {
  samples: Number(samples),
  minSampleMs: Number(minSampleMs),
  warmupMs: Number(minSampleMs) * 2,
});
process.stdout.write(JSON.stringify(measured));
