/**
 * `tql/tooling`: help for people who write filters by hand. `warnings(query)` finds what a valid
 * query probably does not mean (a list in brackets, a `%` in LIKE, `EQ NULL` as text, a timestamp
 * in milliseconds, duplicates, ranges that cannot meet), each with a code, a span and a fix.
 *
 * ```ts
 * import { check } from 'tql';
 * import { warnings } from 'tql/tooling';
 * ```
 *
 * @module tql/tooling
 */
export { warnings, WARNING_CODES, type TqlWarning, type WarningCode, type WarningsOptions } from './warnings.js';
export { complete, type CompleteOptions, type CompletionItem, type CompletionKind, type Completions } from './completion.js';
export { hover, type Hover, type HoverOptions } from './hover.js';
