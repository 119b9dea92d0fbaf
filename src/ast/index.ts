/**
 * `tql/ast`: building and transforming syntax trees in code, for services that make queries from
 * their own UI or JSON rather than from text. `validate` (from `tql`) checks a tree built here
 * with the same rules and limits as text.
 *
 * ```ts
 * import { and, predicate, query } from 'tql/ast';
 * import { print, validate } from 'tql';
 *
 * const tree = query(and(predicate('agent.role', 'IN', 'Owner', 'Administrator'), predicate('agent.schedulable', 'EQ', 'true')));
 * print(tree); // 'agent.role IN Owner,Administrator AND agent.schedulable EQ true'
 * ```
 *
 * @module tql/ast
 */

export { and, or, group, not, predicate, attribute, text, nullValue, query, type ValueInput } from './builders.js';
export { stripSpans, type Unspanned } from './strip-spans.js';
export { OPERATORS } from './nodes.js';
export { toAst } from '../validate/to-ast.js';
export type {
  And,
  AttributeRef,
  Conjunct,
  Disjunct,
  Expr,
  Group,
  Node,
  NodeKind,
  Not,
  NullValue,
  Operator,
  OperatorRef,
  Or,
  Predicate,
  Query,
  Span,
  TextValue,
  Value,
} from './nodes.js';
