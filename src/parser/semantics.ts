/**
 * Ohm semantics that turn a successful match of grammar/tql.ohm into the syntax tree of
 * src/ast/nodes.ts. Built once, on the first match to convert (with the grammar, see grammar.ts):
 * creating semantics per call would cost more than the parse itself.
 */
import type { IterationNode, MatchResult, Node as OhmNode, Semantics } from 'ohm-js';
import type {
  AttributeRef,
  Conjunct,
  Disjunct,
  Expr,
  Group,
  Operator,
  OperatorRef,
  Predicate,
  Span,
  Value,
} from '../ast/nodes.js';
import type { TQLActionDict } from '../../grammar/tql.ohm-bundle.js';
import { tqlGrammar } from './grammar.js';
import { spanAcross } from '../ast/span.js';


// Ohm gives every node one dynamic method per operation; these wrappers type them once.
const exprOf = (node: OhmNode): Expr => node['expr']() as Expr;
const valueOf = (node: OhmNode): Value => node['value']() as Value;
const spanOf = (node: OhmNode): Span => ({ start: node.source.startIdx, end: node.source.endIdx });

/** The operands of an n-ary `AND`/`OR` level: the first node, then the last iteration's nodes. */
function operands(first: OhmNode, rest: IterationNode): Expr[] {
  return [exprOf(first), ...rest.children.map(exprOf)];
}

/** The grammar's semantics with the two operations `expr` and `value`. */
function buildSemantics(): Semantics {
  const semantics = tqlGrammar().createSemantics();
  semantics.addOperation<Expr>('expr', EXPR);
  semantics.addOperation<Value>('value', VALUE);
  return semantics;
}

const EXPR: TQLActionDict<Expr> = {
  query(_leading, disjunction, _trailing, _end) {
    return exprOf(disjunction);
  },
  disjunction(first, _sep1, _or, _sep2, rest) {
    if (rest.numChildren === 0) return exprOf(first);
    // The grammar puts only conjunctions (And, Not, Group, Predicate) between ORs.
    const list = operands(first, rest) as [Disjunct, Disjunct, ...Disjunct[]];
    return { kind: 'Or', operands: list, span: spanAcross(list) };
  },
  conjunction(first, _sep1, _and, _sep2, rest) {
    if (rest.numChildren === 0) return exprOf(first);
    // The grammar puts only primaries (Not, Group, Predicate) between ANDs.
    const list = operands(first, rest) as [Conjunct, Conjunct, ...Conjunct[]];
    return { kind: 'And', operands: list, span: spanAcross(list) };
  },
  negation(_not, _sep, group) {
    // The parentheses belong to the negation: it holds what they enclose.
    return { kind: 'Not', expression: (exprOf(group) as Group).expression, span: spanOf(this) };
  },
  group(_open, _sep1, disjunction, _sep2, _close) {
    return { kind: 'Group', expression: exprOf(disjunction), span: spanOf(this) };
  },
  predicate(attribute, _sep1, operator, _sep2, values): Predicate {
    const first = valueOf(values.child(0));
    const rest = (values.child(2) as IterationNode).children.map(valueOf);
    return {
      kind: 'Predicate',
      attribute: attributeOf(attribute),
      operator: operatorOf(operator),
      values: [first, ...rest],
      span: { start: this.source.startIdx, end: values.source.endIdx },
    };
  },
};

const VALUE: TQLActionDict<Value> = {
  quoted(_open, _chars, _close) {
    const raw = this.sourceString;
    // The grammar allows only the escapes \" and \\, so one replace undoes both.
    return { kind: 'Text', text: raw.slice(1, -1).replace(/\\(["\\])/g, '$1'), span: spanOf(this) };
  },
  nullWord(_null) {
    return { kind: 'Null', span: spanOf(this) };
  },
  bare(_chars) {
    return { kind: 'Text', text: this.sourceString, span: spanOf(this) };
  },
};

function attributeOf(node: OhmNode): AttributeRef {
  const [entity = '', property = ''] = node.sourceString.split('.');
  return { kind: 'Attribute', entity, property, span: spanOf(node) };
}

function operatorOf(node: OhmNode): OperatorRef {
  // The grammar admits only the ten spellings of OPERATORS.
  return { kind: 'Operator', name: node.sourceString as Operator, span: spanOf(node) };
}

let semantics: Semantics | undefined;

/** The expression of a successful match of the `query` rule. */
export function toExpr(match: MatchResult): Expr {
  semantics ??= buildSemantics();
  return exprOf(semantics(match) as OhmNode);
}
