/**
 * The filter box: a CodeMirror 6 editor driven by tql's own tooling. Highlighting follows the
 * roles tql's lenient scan gives each word, the completion popup is `complete()`, tooltips are
 * `hover()`, and the underlines are the errors and warnings of the page's evaluation, so the
 * editor and the panels below it never disagree.
 */
import { autocompletion, type Completion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState, RangeSetBuilder } from '@codemirror/state';
import { Decoration, EditorView, hoverTooltip, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import type { Profile, Schema } from '../../src/index.js';
import { complete, type CompletionKind } from '../../src/tooling/completion.js';
import { hover } from '../../src/tooling/hover.js';
import { scan, type Role } from '../../src/tooling/scan.js';
import type { Evaluation } from './evaluate.js';
import { h } from './dom.js';
import { withFix } from './render-issues.js';

/** What the filter is checked against, read when it is needed (the form may change). */
export interface EditorContext {
  readonly schema: Schema;
  readonly entity: string;
  readonly profile: Profile;
  readonly timeZone: string;
}

/** The page's handle on the editor. */
export interface FilterEditor {
  readonly view: EditorView;
  text(): string;
  setText(text: string): void;
  focus(): void;
  /** Underlines the errors or warnings of an evaluation of the current text. */
  showDiagnostics(e: Evaluation, applyFix: (fixed: string) => void): void;
}

/** A class per role, styled by the theme below. */
const ROLE_MARKS: { readonly [R in Role]: Decoration } = {
  attribute: Decoration.mark({ class: 'tql-attribute' }),
  operator: Decoration.mark({ class: 'tql-operator' }),
  value: Decoration.mark({ class: 'tql-value' }),
  keyword: Decoration.mark({ class: 'tql-keyword' }),
  open: Decoration.mark({ class: 'tql-paren' }),
  close: Decoration.mark({ class: 'tql-paren' }),
  comma: Decoration.mark({ class: 'tql-paren' }),
  extra: Decoration.mark({ class: 'tql-extra' }),
};

/**
 * How long the completion popup ignores Enter and clicks after it opens or changes, so a key
 * pressed in the same moment is not taken as a choice (CodeMirror's default, set here so the
 * browser test can wait for it).
 */
export const COMPLETION_INTERACTION_DELAY_MS = 75;

/** CodeMirror's icon types for tql's kinds of candidate. */
const COMPLETION_TYPES: { readonly [K in CompletionKind]: string } = {
  attribute: 'property',
  operator: 'keyword',
  value: 'constant',
  keyword: 'keyword',
  punctuation: 'text',
};

function decorations(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  scan(view.state.doc.toString(), Infinity, (token) => builder.add(token.start, token.end, ROLE_MARKS[token.role]));
  return builder.finish();
}

const highlighting = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = decorations(view);
    }
    update(update: ViewUpdate): void {
      if (update.docChanged) this.decorations = decorations(update.view);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

const theme = EditorView.theme({
  '&': { border: '1px solid var(--line)', borderRadius: '8px', fontSize: '16px', background: 'var(--paper)' },
  '&.cm-focused': { outline: '2px solid var(--accent)', outlineOffset: '-1px' },
  '.cm-content': { fontFamily: 'var(--mono)', padding: '10px 12px', minHeight: '4.5em', caretColor: 'var(--ink)' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.5' },
  '.tql-attribute': { color: '#1d4ed8' },
  '.tql-operator': { color: '#9333ea', fontWeight: '600' },
  '.tql-value': { color: '#047857' },
  '.tql-keyword': { color: '#b45309', fontWeight: '700' },
  '.tql-paren': { color: '#6b7280' },
  '.tql-extra': { color: '#b91c1c' },
  '.tql-hover': { padding: '6px 10px', maxWidth: '36em', fontSize: '13px' },
  '.tql-hover .title': { fontFamily: 'var(--mono)', fontWeight: '600' },
  '.tql-hover .detail': { whiteSpace: 'pre-wrap', margin: '4px 0 0' },
});

/**
 * Makes the editor in `parent`.
 *
 * @example
 * ```ts
 * const editor = createFilterEditor(byId('filter', HTMLElement), readContext, updateSoon);
 * editor.setText('agent.name LIKE john');
 * ```
 */
export function createFilterEditor(parent: HTMLElement, context: () => EditorContext, onChange: () => void): FilterEditor {
  const source = (ctx: CompletionContext): CompletionResult | null => {
    // Typing opens the popup inside a word or after a separator; Ctrl-Space opens it anywhere.
    // Checked before complete(), which reads the whole text: a key that opens nothing costs nothing.
    const inWord = ctx.matchBefore(/[^\s~(),"]+/) !== null;
    if (!ctx.explicit && !inWord && !/[\s~(,]/.test(ctx.state.sliceDoc(Math.max(0, ctx.pos - 1), ctx.pos))) return null;
    const { schema, entity, profile } = context();
    const items = complete(ctx.state.doc.toString(), ctx.pos, schema, entity, { profile }).items;
    if (items.length === 0) return null;
    const { start, end } = items[0]!.replace;
    const options: Completion[] = items.map((i) => ({ label: i.label, type: COMPLETION_TYPES[i.kind], detail: i.kind, info: i.detail, apply: i.insert }));
    // Without `to`, an item replaces up to the cursor as it is when the item is taken, also when
    // the popup still shows the result of a key before: a fixed end would leave that key behind.
    return end > ctx.pos ? { from: start, to: end, options, filter: false } : { from: start, options, filter: false };
  };
  const tooltips = hoverTooltip((view, pos) => {
    const { schema, entity, profile, timeZone } = context();
    const found = hover(view.state.doc.toString(), pos, schema, entity, { profile, timeZone });
    if (found === undefined) return null;
    return {
      pos: found.span.start,
      end: found.span.end,
      above: true,
      create: () => ({ dom: h('div', { className: 'tql-hover' }, h('div', { className: 'title' }, found.title), h('p', { className: 'detail' }, found.detail)) }),
    };
  });
  const view = new EditorView({
    parent,
    state: EditorState.create({
      extensions: [
        highlighting,
        autocompletion({ override: [source], activateOnTyping: true, icons: true, interactionDelay: COMPLETION_INTERACTION_DELAY_MS }),
        tooltips,
        theme,
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': 'Filter', spellcheck: 'false', autocapitalize: 'off', autocorrect: 'off' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) onChange();
        }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }),
    focus: () => view.focus(),
    showDiagnostics: (e, applyFix) => view.dispatch(setDiagnostics(view.state, diagnostics(e, applyFix))),
  };
}

/** Errors of an invalid text, warnings of a valid one: one underline each, with the fix as an action. */
function diagnostics(e: Evaluation, applyFix: (fixed: string) => void): Diagnostic[] {
  if (e.stage !== 'done') {
    const text = e.error.text;
    return e.error.issues.map((issue) => {
      const to = Math.min(Math.max(issue.span.end, issue.span.start), text.length);
      const fix = issue.suggestion;
      return {
        from: Math.min(issue.span.start, to),
        to,
        severity: 'error',
        source: issue.code,
        message: issue.message,
        actions: fix === undefined ? [] : [{ name: `Replace with ${fix}`, apply: () => applyFix(withFix(text, issue.span, fix)) }],
      };
    });
  }
  const text = e.query.text;
  return e.warnings.map((w) => {
    const fix = w.fix;
    return {
      from: w.span.start,
      to: w.span.end,
      severity: 'warning',
      source: w.code,
      message: w.message,
      actions: fix === undefined ? [] : [{ name: `Replace with ${fix}`, apply: () => applyFix(withFix(text, w.span, fix)) }],
    };
  });
}
