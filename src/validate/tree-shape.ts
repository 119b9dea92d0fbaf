/**
 * Checks that a value handed to `validate` is a syntax tree as `parse` and the builders make
 * one, so a hand-made or corrupted tree gets a TqlError instead of failing somewhere inside.
 */
import { OPERATORS } from '../ast/nodes.js';
import { isSpan } from '../ast/span.js';
import { describeValue } from '../errors/describe-value.js';
import { inputError, type TqlError } from '../errors/tql-error.js';

/** More nodes than any query within the limits has; a guard against cycles and shared-node bombs. */
const MAX_NODES = 1_000_000;

/**
 * The problem with `value` as a `Query`, or undefined when it has the shape of one.
 *
 * @example
 * ```ts
 * queryShapeError(parse('agent.name EQ x')); // undefined
 * queryShapeError({ kind: 'Query' })?.code;  // 'invalid_input'
 * ```
 */
export function queryShapeError(value: unknown): TqlError | undefined {
  if (!isObject(value) || value.kind !== 'Query' || typeof value.text !== 'string') return wrong('it is not a Query (the result of parse())');
  // An explicit stack, not recursion: a deep or cyclic tree cannot overflow the call stack here.
  const stack: unknown[] = [value.expression];
  for (let seen = 0; stack.length > 0; seen++) {
    if (seen > MAX_NODES) return wrong(`it has more than ${MAX_NODES} nodes, or a cycle`);
    const node = stack.pop();
    if (!isObject(node) || !isSpan(node.span)) return wrong('an expression is not a node with a span');
    switch (node.kind) {
      case 'Group':
      case 'Not':
        stack.push(node.expression);
        break;
      case 'And':
      case 'Or':
        if (!Array.isArray(node.operands) || node.operands.length < 2) return wrong(`an ${node.kind} needs two or more operands`);
        // One at a time: spreading hundreds of thousands of operands as arguments overflows the stack.
        for (const operand of node.operands as unknown[]) stack.push(operand);
        break;
      case 'Predicate': {
        const problem = predicateProblem(node);
        if (problem !== undefined) return wrong(problem);
        break;
      }
      default:
        return wrong(`${describeValue(node.kind)} is not a kind of expression`);
    }
  }
  return undefined;
}

function predicateProblem(p: Readonly<Record<string, unknown>>): string | undefined {
  const a = p.attribute;
  if (!isObject(a) || a.kind !== 'Attribute' || typeof a.entity !== 'string' || typeof a.property !== 'string' || !isSpan(a.span)) {
    return 'a predicate has no attribute { entity, property }';
  }
  const o = p.operator;
  if (!isObject(o) || o.kind !== 'Operator' || !(OPERATORS as readonly unknown[]).includes(o.name) || !isSpan(o.span)) {
    return 'a predicate has no operator';
  }
  if (!Array.isArray(p.values) || p.values.length === 0) return 'a predicate has no values';
  for (const v of p.values as unknown[]) {
    const ok = isObject(v) && isSpan(v.span) && ((v.kind === 'Text' && typeof v.text === 'string') || v.kind === 'Null');
    if (!ok) return 'a value is neither { kind: "Text", text } nor { kind: "Null" }';
  }
  return undefined;
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}

function wrong(why: string): TqlError {
  return inputError(`validate takes a syntax tree made by parse() or the builders, but ${why}.`);
}
