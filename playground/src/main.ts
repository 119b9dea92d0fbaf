/**
 * The playground page: reads the form, evaluates the filter as the user types (debounced) and
 * shows every result. All of tql runs here, in the browser, on the bundled sample data.
 */
import { PROFILES } from '../../src/index.js';
import { ENTITY_VIEWS, PLAYGROUND_ENTITIES, type PlaygroundEntity } from './apps.js';
import { byId, h, show } from './dom.js';
import { evaluate, SHOWN_RECORDS, type Evaluation, type PlaygroundInput } from './evaluate.js';
import { IDS } from './ids.js';
import { renderAst } from './render-ast.js';
import { renderAttributes } from './render-attributes.js';
import { createFilterEditor } from './editor.js';
import { renderIssues, renderWarnings } from './render-issues.js';
import { renderMongo, renderOutcome, renderRecords, renderSql } from './render-output.js';
import { readHash, writeHash } from './state.js';

/** Long enough to skip the keystrokes of a word, short enough to feel immediate. */
const DEBOUNCE_MS = 150;

const form = {
  entity: byId(IDS.entity, HTMLSelectElement),
  profile: byId(IDS.profile, HTMLSelectElement),
  timeZone: byId(IDS.timeZone, HTMLInputElement),
  example: byId(IDS.example, HTMLSelectElement),
};
const out = {
  attributes: byId(IDS.attributes, HTMLElement),
  attributeCount: byId(IDS.attributeCount, HTMLElement),
  status: byId(IDS.status, HTMLElement),
  issues: byId(IDS.issues, HTMLElement),
  warnings: byId(IDS.warnings, HTMLElement),
  printed: byId(IDS.printed, HTMLElement),
  ast: byId(IDS.ast, HTMLElement),
  postgres: byId(IDS.sqlPostgres, HTMLElement),
  sqlite: byId(IDS.sqlSqlite, HTMLElement),
  mysql: byId(IDS.sqlMysql, HTMLElement),
  duckdb: byId(IDS.sqlDuckdb, HTMLElement),
  mongo: byId(IDS.mongo, HTMLElement),
  matchCount: byId(IDS.matchCount, HTMLElement),
  records: byId(IDS.records, HTMLElement),
};

const editor = createFilterEditor(
  byId(IDS.filter, HTMLElement),
  () => {
    const input = readForm();
    return { schema: ENTITY_VIEWS[input.entity].schema, entity: input.entity, profile: input.profile, timeZone: input.timeZone };
  },
  () => updateSoon(),
);

function readForm(): PlaygroundInput {
  return {
    text: editor.text(),
    entity: form.entity.value as PlaygroundEntity,
    profile: form.profile.value === 'timezest' ? 'timezest' : 'extended',
    timeZone: form.timeZone.value.trim() === '' ? 'UTC' : form.timeZone.value.trim(),
  };
}

function fillForm(input: PlaygroundInput): void {
  if (editor.text() !== input.text) editor.setText(input.text);
  form.entity.value = input.entity;
  form.profile.value = input.profile;
  form.timeZone.value = input.timeZone;
  showEntity(input.entity);
}

/** What depends on the entity only: its examples and its attributes. */
function showEntity(entity: PlaygroundEntity): void {
  const view = ENTITY_VIEWS[entity];
  show(form.example, h('option', { value: '' }, 'Examples…'), ...view.examples.map((e) => h('option', { value: e }, e)));
  show(out.attributes, renderAttributes(entity));
  show(out.attributeCount, `of ${entity} (${view.entity.attributeNames.length})`);
}

function placeholder(text: string): HTMLElement {
  return h('p', { className: 'placeholder' }, text);
}

function renderStatus(e: Evaluation, input: PlaygroundInput): HTMLElement {
  if (e.stage !== 'done') {
    const n = e.error.issues.length;
    return h('span', { className: 'bad' }, `✗ ${n} ${n === 1 ? 'problem' : 'problems'}`, e.stage === 'parse' ? ' (syntax)' : '');
  }
  return h('span', { className: 'good' }, `✓ Valid ${input.entity} filter`);
}

function update(): void {
  const input = readForm();
  const e = evaluate(input);
  history.replaceState(null, '', writeHash(input));
  out.status.dataset['state'] = e.stage === 'done' ? 'valid' : 'invalid';
  show(out.status, renderStatus(e, input));
  show(out.issues, e.stage === 'done' ? null : renderIssues(e.error, applyFix));
  out.issues.hidden = e.stage === 'done';
  const warned = e.stage === 'done' && e.warnings.length > 0;
  show(out.warnings, warned ? renderWarnings(e.query.text, e.warnings, applyFix) : null);
  out.warnings.hidden = !warned;
  editor.showDiagnostics(e, applyFix);
  show(out.ast, e.stage === 'parse' ? placeholder('The filter does not parse.') : renderAst(e.ast));
  if (e.stage !== 'done') {
    const why = placeholder('Fix the problems above to see this.');
    show(out.printed, why.cloneNode(true));
    for (const pane of [out.postgres, out.sqlite, out.mysql, out.duckdb, out.mongo, out.records]) show(pane, why.cloneNode(true));
    show(out.matchCount, '–');
  } else {
    show(out.printed, h('dl', {}, h('dt', {}, 'readable'), h('dd', {}, h('code', {}, e.printed.readable)), h('dt', {}, 'url'), h('dd', {}, h('code', {}, e.printed.url))));
    show(out.postgres, renderOutcome(e.sql.postgres, renderSql));
    show(out.sqlite, renderOutcome(e.sql.sqlite, renderSql));
    show(out.mysql, renderOutcome(e.sql.mysql, renderSql));
    show(out.duckdb, renderOutcome(e.sql.duckdb, renderSql));
    show(out.mongo, renderOutcome(e.mongo, renderMongo));
    if (e.matches.ok) {
      const m = e.matches.value;
      show(out.matchCount, `${m.count} of ${m.total}`);
      show(
        out.records,
        m.count === 0 ? placeholder('No sample record matches.') : renderRecords(input.entity, m.first, input.timeZone),
        m.count > SHOWN_RECORDS && placeholder(`The first ${SHOWN_RECORDS} of ${m.count} are shown.`),
      );
    } else {
      show(out.matchCount, '–');
      show(out.records, renderOutcome(e.matches, () => h('span')));
    }
  }
  // The browser test waits for this to know the page shows this input.
  out.status.dataset['evaluated'] = JSON.stringify(input);
}

function applyFix(fixed: string): void {
  editor.setText(fixed);
  update();
  editor.focus();
}

let timer: ReturnType<typeof setTimeout> | undefined;
function updateSoon(): void {
  clearTimeout(timer);
  timer = setTimeout(update, DEBOUNCE_MS);
}

function start(): void {
  // One group per app: the scheduling models, and a shop whose products have Number attributes.
  const apps = [...new Set(PLAYGROUND_ENTITIES.map((e) => ENTITY_VIEWS[e].app))];
  show(form.entity, ...apps.map((app) => h('optgroup', { label: app }, ...PLAYGROUND_ENTITIES.filter((e) => ENTITY_VIEWS[e].app === app).map((n) => h('option', { value: n }, n)))));
  show(form.profile, ...PROFILES.map((p) => h('option', { value: p }, p)));
  show(byId(IDS.timeZones, HTMLDataListElement), ...Intl.supportedValuesOf('timeZone').map((z) => h('option', { value: z })));
  fillForm(readHash(location.hash));
  form.timeZone.addEventListener('input', updateSoon);
  form.profile.addEventListener('change', update);
  form.entity.addEventListener('change', () => {
    showEntity(readForm().entity);
    update();
  });
  form.example.addEventListener('change', () => {
    if (form.example.value === '') return;
    const example = form.example.value;
    form.example.value = '';
    editor.setText(example);
    update();
  });
  update();
}

start();
