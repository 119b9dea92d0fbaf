/**
 * Divergences are open: a backend declares a capability of its own, named `<owner>:<what>`, for
 * the cases of a suite of its own, and the contract reports them as skipped with its reason; the
 * built-in names stay checked by the compiler, and the registry grants an own capability on no
 * context.
 */
import { expect, test } from 'vitest';
import { BACKENDS, contractOptions, runContract, type ContractSuite, type Divergences, type RegisteredBackend } from '../../../src/backends/index.js';
import { filterRecords } from '../../../src/backends/memory/compile-predicate.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import type { ValidatedQuery } from '../../../src/validate/validated-query.js';

const schema = defineSchema({ entities: { word: { attributes: { text: { type: 'String', nullable: true } } } } });

/** Two words that SQL Server's `=` takes for one: it pads the shorter with spaces. */
const words = [
  { id: 'plain', text: 'ab' },
  { id: 'padded', text: 'ab ' },
];

const suite: ContractSuite<'word'> = {
  schema,
  now: 0,
  data: { word: words },
  cases: [
    { rule: 5, entity: 'word', query: 'word.text EQ ab', expected: ['plain'], needs: 'padding:trailing-spaces' },
    { rule: 5, entity: 'word', query: 'word.text LIKE b', expected: ['plain', 'padded'] },
  ],
};

/** A store whose equality ignores trailing spaces, as its entry in the registry declares. */
const run = (query: ValidatedQuery) => filterRecords(query, words.map((w) => ({ ...w, text: w.text.trimEnd() }))).map((w) => w.id);

const padding: RegisteredBackend<ValidatedQuery> = {
  name: 'padding',
  title: 'Padding store',
  compile: (query) => query,
  show: (query) => query.text,
  divergences: { 'padding:trailing-spaces': "its = pads the shorter text with spaces, as SQL Server's does" },
};

test('a case needing a capability of the backend’s own naming is skipped with its reason; the others run', async () => {
  const outcomes = await runContract(suite, run, contractOptions(BACKENDS.with(padding).get('padding'), {}));
  expect(outcomes.map((o) => [o.case.query, o.status, o.status === 'skipped' ? o.reason : ''])).toEqual([
    ['word.text EQ ab', 'skipped', "its = pads the shorter text with spaces, as SQL Server's does"],
    ['word.text LIKE b', 'passed', ''],
  ]);
});

test('undeclared, the same case fails: the store selects both words', async () => {
  const outcomes = await runContract(suite, run);
  expect(outcomes.map((o) => (o.status === 'failed' ? o.selected : o.status))).toEqual([['padded', 'plain'], 'passed']);
});

test('a misspelt built-in capability does not compile; an own one needs its owner', () => {
  // @ts-expect-error the built-in name is unicode-case-folding
  const misspelt: Divergences = { 'unicode-case-foldin': 'typo' };
  const own: Divergences = { 'padding:trailing-spaces': 'declared' };
  expect(Object.keys({ ...misspelt, ...own })).toEqual(['unicode-case-foldin', 'padding:trailing-spaces']);
});
