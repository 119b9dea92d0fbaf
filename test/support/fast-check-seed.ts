/**
 * One fast-check seed for every property of a run, printed in each property file's output so a
 * failure can be replayed: `TQL_FC_SEED=<seed> npx vitest run <file>`. (The differential,
 * linear-work and hostile-record properties take their own seed variables and print them too.)
 */
import fc from 'fast-check';
import { beforeAll, expect } from 'vitest';

const SEED = Number(process.env.TQL_FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: SEED });

beforeAll(() => {
  if (expect.getState().testPath?.includes('/properties/')) console.info(`fast-check seed ${SEED}; replay with TQL_FC_SEED=${SEED}`);
});
