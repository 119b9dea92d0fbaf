/**
 * The playground in a real headless Chromium: the test builds the page, serves it on 127.0.0.1,
 * types filters and reads what the page shows, comparing it with what the package computes in
 * Node for the same input. It saves playground/dist/screenshot.png for a person to look at.
 *
 * Needs /usr/bin/chromium (Debian's `chromium` package). Without it the suite is skipped with a
 * warning, except in CI (CI=true), where a missing browser is a failure.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import ts from 'typescript';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { compileSql, type SqlDialectName } from '../../src/backends/sql/index.js';
import type { TqlError } from '../../src/errors/tql-error.js';
import { SHOWN_RECORDS, type PlaygroundInput } from '../../playground/src/evaluate.js';
import { COMPLETION_INTERACTION_DELAY_MS } from '../../playground/src/editor.js';
import { IDS, SQL_PANE_IDS } from '../../playground/src/ids.js';
import { writeHash } from '../../playground/src/state.js';
import { serveStatic, type StaticServer } from '../../playground/static-server.js';
import { buildPlayground, PLAYGROUND_DIST } from '../../scripts/build-playground.js';
import { warnings } from '../../src/tooling/warnings.js';
import { tqlErrorOf } from '../support/tql-error.js';
import { ENTITY_VIEWS } from '../../playground/src/apps.js';

// ---- the browser ----

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The filter box: the editable part of the CodeMirror editor. */
const FILTER = `#${IDS.filter} .cm-content`;
/** Bounds every wait on the page, so a broken page fails instead of hanging. */
const WAIT_MS = 10_000;

const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  const message = `${CHROMIUM} is missing: install Debian's chromium package (apt-get install -y chromium) to run the playground browser test.`;
  if (process.env['CI'] === 'true') throw new Error(`CI: ${message}`);
  console.warn(`\n${'!'.repeat(100)}\n!! SKIPPING test/playground/playground.test.ts: ${message}\n${'!'.repeat(100)}\n`);
}

// ---- what Node computes for the same input ----

function expected(i: PlaygroundInput) {
  const view = ENTITY_VIEWS[i.entity];
  const q = check(i.text, view.schema, i.entity, { profile: i.profile, timeZone: i.timeZone });
  const sql = (dialect: SqlDialectName) => compileSql(q, { dialect, mapping: view.mapping });
  const records = view.records();
  return { postgres: sql('postgres'), sqlite: sql('sqlite'), mysql: sql('mysql'), duckdb: sql('duckdb'), mongo: compileMongo(q), count: filterRecords(q, records).length, total: records.length };
}

function failure(i: PlaygroundInput): TqlError {
  return tqlErrorOf(() => check(i.text, ENTITY_VIEWS[i.entity].schema, i.entity, { profile: i.profile, timeZone: i.timeZone }));
}

const agent = (text: string, more: Partial<PlaygroundInput> = {}): PlaygroundInput => ({ text, entity: 'agent', profile: 'extended', timeZone: 'UTC', ...more });

// ---- tests ----

describe.skipIf(!haveChromium)('the playground in headless Chromium', () => {
  let server: StaticServer;
  let profileDir: string;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await buildPlayground();
    server = await serveStatic(PLAYGROUND_DIST);
    profileDir = await mkdtemp(join(tmpdir(), 'tql-chromium-'));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport: { width: 1280, height: 900 },
      timeout: 30_000,
    });
    context.setDefaultTimeout(WAIT_MS);
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => pageErrors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(`console: ${m.text()}`);
    });
    await page.goto(server.url);
    await page.locator(`#${IDS.status}[data-evaluated]`).waitFor();
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (profileDir !== undefined) await rm(profileDir, { recursive: true, force: true });
  });

  afterEach(() => {
    // A script error or failed request on the page fails the test that caused it.
    expect(pageErrors.splice(0)).toEqual([]);
  });

  /** Sets the form to `i` as a user would, and waits until the page shows its result. */
  async function enter(i: PlaygroundInput, how: 'fill' | 'type' = 'fill'): Promise<void> {
    await page.selectOption(`#${IDS.entity}`, i.entity);
    await page.selectOption(`#${IDS.profile}`, i.profile);
    await page.fill(`#${IDS.timeZone}`, i.timeZone);
    if (how === 'type') {
      await page.fill(FILTER, '');
      await page.locator(FILTER).pressSequentially(i.text);
    } else {
      await page.fill(FILTER, i.text);
    }
    await shows(i);
  }

  async function shows(i: PlaygroundInput): Promise<void> {
    await page.waitForFunction(
      ([id, want]) => {
        const got = JSON.parse(document.getElementById(id)?.dataset['evaluated'] ?? 'null') as PlaygroundInput | null;
        return got !== null && got.text === want.text && got.entity === want.entity && got.profile === want.profile && got.timeZone === want.timeZone;
      },
      [IDS.status, i] as const,
      { timeout: WAIT_MS },
    );
  }

  const text = (id: string, inner = '') => page.locator(`#${id} ${inner}`.trim()).innerText();
  const texts = (selector: string) => page.locator(selector).allInnerTexts();

  test.for([
    agent('agent.role EQ Administrator'),
    agent('agent.name~LIKE~john~AND~agent.two_factor_enabled~EQ~false'),
    agent('agent.url_slug EQ null OR agent.email LIKE example.org'),
    { text: 'scheduling_request.status IN new,sent AND scheduling_request.psa_b_ticket_number NOT_EQ 1234', entity: 'scheduling_request', profile: 'extended', timeZone: 'UTC' },
    { text: 'scheduling_request.created_at GTE 2024-06-01', entity: 'scheduling_request', profile: 'extended', timeZone: 'Pacific/Auckland' },
    { text: 'resource.internal_name LIKE a', entity: 'resource', profile: 'timezest', timeZone: 'UTC' },
    { text: 'product.price GT -1.5 AND product.price LTE 1e3', entity: 'product', profile: 'extended', timeZone: 'UTC' },
  ] satisfies PlaygroundInput[])('$text ($entity, $profile, $timeZone) shows the SQL, Mongo filter and matches tql computes', async (i) => {
    await enter(i);
    const want = expected(i);
    expect(await page.locator(`#${IDS.status}`).getAttribute('data-state')).toBe('valid');
    expect(await page.locator(`#${IDS.issues}`).isHidden()).toBe(true);
    for (const dialect of ['postgres', 'sqlite', 'mysql', 'duckdb'] as const) {
      const id = SQL_PANE_IDS[dialect];
      expect(await text(id, '.sql-text'), dialect).toBe(want[dialect].text);
      expect(await texts(`#${id} .params li`), dialect).toEqual(want[dialect].values.map((v) => JSON.stringify(v)));
    }
    expect(JSON.parse(await text(IDS.mongo, '.json')), 'mongo').toEqual(JSON.parse(JSON.stringify(want.mongo)));
    expect(await text(IDS.matchCount)).toBe(`${want.count} of ${want.total}`);
    expect(await page.locator(`#${IDS.records} tbody tr`).count()).toBe(Math.min(want.count, SHOWN_RECORDS));
  });

  test('typing key by key is debounced into one result for the whole text', async () => {
    const i = agent('agent.schedulable EQ true AND agent.role NOT_IN User');
    await enter(i, 'type');
    expect(await text(IDS.matchCount)).toBe(`${expected(i).count} of ${expected(i).total}`);
  });

  test.for([
    agent('agent.name eq john'),
    agent('agent.nme EQ x AND agent.schedulable EQ maybe'),
    agent('agent.name EQ "Pat Smith'),
    agent('resource.url_slug EQ alice'),
    agent('agent.role EQ Owner OR agent.role EQ Admin', { profile: 'timezest' }),
  ])('$text shows every issue with its code and carets under the right column', async (i) => {
    await enter(i);
    const error = failure(i);
    expect(await page.locator(`#${IDS.status}`).getAttribute('data-state')).toBe('invalid');
    const issues = page.locator(`#${IDS.issues} .issue`);
    expect(await issues.evaluateAll((items) => items.map((li) => li.getAttribute('data-code')))).toEqual(error.issues.map((x) => x.code));
    expect(await issues.locator('.code').allInnerTexts()).toEqual(error.issues.map((x) => x.code));
    expect(await issues.locator('.message').allInnerTexts()).toEqual(error.issues.map((x) => x.message));
    const carets = await issues.locator('.carets').allTextContents();
    const lines = await issues.locator('.excerpt-line').allTextContents();
    error.issues.forEach((issue, n) => {
      expect(lines[n], 'the excerpt shows the query').toBe(i.text);
      expect(carets[n]!.indexOf('^') + 1, `carets of issue ${n + 1}`).toBe(issue.position.column);
      expect(carets[n]!.trim().length, `caret count of issue ${n + 1}`).toBe(Math.max(1, Math.min(issue.span.end, i.text.length) - issue.span.start));
    });
    expect(await issues.locator('.where').allInnerTexts()).toEqual(error.issues.map((x) => `line ${x.position.line}, column ${x.position.column}`));
    expect(await text(IDS.matchCount)).toBe('–');
  });

  test('the fix button applies the suggestion', async () => {
    await enter(agent('agent.name eq john'));
    await page.click(`#${IDS.issues} .fix`);
    await shows(agent('agent.name EQ john'));
    expect(await page.locator(`#${IDS.status}`).getAttribute('data-state')).toBe('valid');
  });

  test('switching the entity revalidates the same text against the new entity', async () => {
    const asAgent = agent('resource.url_slug NOT_IN alice,bob');
    await enter(asAgent);
    expect(await page.locator(`#${IDS.issues} .issue`).getAttribute('data-code')).toBe('wrong_entity');
    const asResource = { ...asAgent, entity: 'resource' } as const;
    await page.selectOption(`#${IDS.entity}`, 'resource');
    await shows(asResource);
    expect(await text(IDS.matchCount)).toBe(`${expected(asResource).count} of ${expected(asResource).total}`);
    expect(await text(IDS.attributeCount)).toBe('of resource (3)');
  });

  test('switching the profile to timezest rejects OR where the extended profile accepts it', async () => {
    const extended = agent('agent.role EQ Owner OR agent.schedulable EQ false');
    await enter(extended);
    expect(await page.locator(`#${IDS.status}`).getAttribute('data-state')).toBe('valid');
    await page.selectOption(`#${IDS.profile}`, 'timezest');
    await shows({ ...extended, profile: 'timezest' });
    expect(await page.locator(`#${IDS.issues} .issue`).getAttribute('data-code')).toBe('profile_violation');
    expect((await text(IDS.issues, '.carets')).indexOf('^') + 1).toBe(failure({ ...extended, profile: 'timezest' }).position.column);
  });

  test('an unknown time zone is reported as an option error, without an excerpt', async () => {
    await enter(agent('agent.created_at GTE 2024-01-01', { timeZone: 'Mars/Olympus' }));
    expect(await page.locator(`#${IDS.issues} .issue`).getAttribute('data-code')).toBe('invalid_option');
    expect(await page.locator(`#${IDS.issues} .excerpt`).count()).toBe(0);
  });

  test('an example from the list replaces the filter', async () => {
    await enter(agent('agent.name EQ x'));
    await page.selectOption(`#${IDS.example}`, 'agent.role IN Administrator,User');
    await shows(agent('agent.role IN Administrator,User'));
    expect(await page.locator(`#${IDS.status}`).getAttribute('data-state')).toBe('valid');
  });

  test('the editor completes, underlines a warning with its message, explains on hover, and fixes', async () => {
    await enter(agent(''));
    const popup = page.locator('.cm-tooltip-autocomplete');
    const options = () => popup.locator('li .cm-completionLabel').allInnerTexts();
    // The popup updates after each key: wait for the options of this text, not for a popup.
    const offers = async (labels: string[]) => {
      await expect.poll(options, { timeout: WAIT_MS }).toEqual(labels);
      // The popup takes no Enter for a moment after it changes (see the constant).
      await page.waitForTimeout(2 * COMPLETION_INTERACTION_DELAY_MS);
    };
    await page.locator(FILTER).pressSequentially('agent.na');
    await offers(['agent.name']);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(FILTER).innerText(), { timeout: WAIT_MS }).toBe('agent.name');
    // After the attribute and a space: only its operators.
    await page.locator(FILTER).pressSequentially(' ');
    await offers(['EQ', 'NOT_EQ', 'LIKE', 'NOT_LIKE', 'IN', 'NOT_IN', 'STARTS_WITH', 'ENDS_WITH']);
    await page.locator(FILTER).pressSequentially('LI');
    await offers(['LIKE']);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(FILTER).innerText(), { timeout: WAIT_MS }).toBe('agent.name LIKE');
    await page.locator(FILTER).pressSequentially(' %john%');
    const typed = agent('agent.name LIKE %john%');
    await shows(typed);
    expect(await page.locator(FILTER).innerText()).toBe(typed.text);
    // Valid, with a warning: in the list below the box and as an underline in the editor.
    expect(await page.locator(`#${IDS.status}`).getAttribute('data-state')).toBe('valid');
    const warning = page.locator(`#${IDS.warnings} .warning`);
    expect(await warning.getAttribute('data-code')).toBe('percent_in_like');
    expect(await warning.locator('.message').innerText()).toBe(warnings(check(typed.text, ENTITY_VIEWS.agent.schema, 'agent'))[0]!.message);
    expect(await page.locator('.cm-lintRange-warning').count()).toBe(1);
    // Hover on the operator says what it means.
    await page.locator('.tql-operator').hover();
    await page.locator('.tql-hover').waitFor();
    expect(await page.locator('.tql-hover .title').innerText()).toBe('LIKE');
    await page.screenshot({ path: join(PLAYGROUND_DIST, 'screenshot-editor.png'), clip: { x: 0, y: 0, width: 1280, height: 560 } });
    // The fix removes the percent signs, and the warning goes.
    await warning.locator('.fix').click();
    await shows(agent('agent.name LIKE john'));
    expect(await page.locator(`#${IDS.warnings}`).isHidden()).toBe(true);
    expect(await page.locator('.cm-lintRange-warning').count()).toBe(0);
  });

  test('the address keeps the input, so a link reopens it', async () => {
    const i = { text: 'team.team_type EQ psa_b/project', entity: 'team', profile: 'extended', timeZone: 'Europe/Berlin' } as const;
    await page.goto('about:blank');
    await page.goto(`${server.url}${writeHash(i)}`);
    await shows(i);
    expect(await page.locator(FILTER).innerText()).toBe(i.text);
    expect(await page.inputValue(`#${IDS.timeZone}`)).toBe(i.timeZone);
  });

  test('screenshot: playground/dist/screenshot.png', async () => {
    await enter({ text: 'scheduling_request.status~IN~new,sent~AND~scheduling_request.end_user_email~LIKE~example', entity: 'scheduling_request', profile: 'extended', timeZone: 'UTC' });
    await page.screenshot({ path: join(PLAYGROUND_DIST, 'screenshot.png'), fullPage: true });
    await enter(agent('agent.nme EQ x AND agent.schedulable EQ maybe'));
    await page.screenshot({ path: join(PLAYGROUND_DIST, 'screenshot-errors.png'), fullPage: true });
    expect(existsSync(join(PLAYGROUND_DIST, 'screenshot.png'))).toBe(true);
  });
});

describe('the playground sources', () => {
  test('type-check in strict mode with the DOM library and without Node types', () => {
    const config = ts.getParsedCommandLineOfConfigFile(fileURLToPath(new URL('../../playground/tsconfig.json', import.meta.url)), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    expect(config, 'playground/tsconfig.json').toBeDefined();
    const program = ts.createProgram(config!.fileNames, config!.options);
    const ours = program.getSourceFiles().filter((f) => f.fileName.includes('/playground/src/'));
    const problems = ours.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]);
    expect(problems.map((d) => `${d.file?.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)).toEqual([]);
  });
});
