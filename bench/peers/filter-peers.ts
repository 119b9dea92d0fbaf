/**
 * The peer libraries as filter engines: each turns its form of a workload into a record
 * predicate, the way its documentation says to use it (compile once, test each record).
 */
import { Query } from 'mingo';
import sift from 'sift';
import { guard } from '@ucast/mongo2js';
import { compileExpression } from 'filtrex';
import { parse as liqeParse, test as liqeTest } from 'liqe';
import jsonLogic from 'json-logic-js';
import { parse as celParse } from '@marcbachmann/cel-js';
import type { JsonLogicRule, MongoFilter, PeerForm, PeerForms } from '../workloads/filter-workloads.js';

export type RecordPredicate = (record: unknown) => unknown;

/** LIKE as these benches define it for peers without one: the design's `toLowerCase().includes`. */
function like(text: unknown, needle: unknown): boolean {
  return typeof text === 'string' && typeof needle === 'string' && text.toLowerCase().includes(needle.toLowerCase());
}

jsonLogic.add_operation('like', like);

export interface FilterPeer<F extends PeerForm = PeerForm> {
  readonly id: string;
  readonly label: string;
  /** Which form of the workload it evaluates. */
  readonly form: F;
  readonly compile: (form: Exclude<PeerForms[F], { readonly na: string }>) => RecordPredicate;
}

const peer = <F extends PeerForm>(p: FilterPeer<F>): FilterPeer<F> => p;

/** Every peer, in the order the tables list them. */
export const FILTER_PEERS = [
  peer({ id: 'sift', label: 'sift 17', form: 'mongo', compile: (f: MongoFilter) => sift(f as never) as RecordPredicate }),
  peer({
    id: 'mingo',
    label: 'mingo 7',
    form: 'mongo',
    compile: (f: MongoFilter) => {
      const q = new Query(f as never);
      return (r) => q.test(r as never);
    },
  }),
  peer({ id: 'ucast', label: '@ucast/mongo2js 2', form: 'mongo', compile: (f: MongoFilter) => guard(f as never) as RecordPredicate }),
  peer({
    id: 'filtrex',
    label: 'filtrex 3 (custom like())',
    form: 'filtrex',
    compile: (f: string) => compileExpression(f, { extraFunctions: { like } }) as RecordPredicate,
  }),
  peer({
    id: 'liqe',
    label: 'liqe 3',
    form: 'liqe',
    compile: (f: string) => {
      const ast = liqeParse(f);
      return (r) => liqeTest(ast, r as never);
    },
  }),
  peer({
    id: 'json-logic',
    label: 'json-logic-js 2 (custom like)',
    form: 'jsonLogic',
    compile: (f: JsonLogicRule) => (r) => jsonLogic.apply(f as never, r),
  }),
  peer({
    id: 'cel',
    label: '@marcbachmann/cel-js 8',
    form: 'cel',
    compile: (f: string) => {
      const evaluate = celParse(f);
      return (r) => evaluate({ r });
    },
  }),
] as const;
