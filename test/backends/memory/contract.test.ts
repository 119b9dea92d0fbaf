/**
 * The in-memory backend passes every contract case: it is the reference the others follow. It
 * runs as a backend author's would, through the registry and the package's contract runner.
 */
import { BACKENDS, contractRun } from '../../../src/backends/index.js';
import { schedulingContract } from '../../../src/models/scheduling/index.js';
import { describeBackendContract } from '../contract/cases.js';

describeBackendContract('memory', contractRun(BACKENDS.get('memory'), schedulingContract)!);
