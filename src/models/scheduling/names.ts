/**
 * Word pools for sample data. Each name comes with the ASCII form used in emails and URL slugs,
 * written out rather than derived, so generation does no Unicode work per record.
 */

/** A display form and its ASCII form for emails and slugs. */
export type Name = readonly [display: string, ascii: string];

export const FIRST_NAMES = [
  ['John', 'john'], ['Jane', 'jane'], ['José', 'jose'], ['Zoë', 'zoe'], ['Łukasz', 'lukasz'],
  ['İlkay', 'ilkay'], ['Chloé', 'chloe'], ['Søren', 'soren'], ['François', 'francois'], ['Anaïs', 'anais'],
  ['Björn', 'bjorn'], ['Mary', 'mary'], ['Ahmed', 'ahmed'], ['Priya', 'priya'], ['Wei', 'wei'],
  ['Yuki', 'yuki'], ['Olga', 'olga'], ['Ana', 'ana'], ['Liam', 'liam'], ['Emma', 'emma'],
  ['Noah', 'noah'], ['Aisha', 'aisha'], ['Mateo', 'mateo'], ['Sofia', 'sofia'], ['Kenji', 'kenji'],
  ['Fatima', 'fatima'], ['Oluwaseun', 'oluwaseun'], ['Siobhán', 'siobhan'], ['Dmitri', 'dmitri'], ['Johanna', 'johanna'],
  ['Pat', 'pat'], ['Sam', 'sam'], ['Chris', 'chris'], ['Alex', 'alex'], ['Maria', 'maria'],
  ['Jürgen', 'juergen'], ['Ægir', 'aegir'], ['Zoltán', 'zoltan'], ['Nuño', 'nuno'], ['Amélie', 'amelie'],
] as const satisfies readonly [Name, ...Name[]];

export const LAST_NAMES = [
  ['Smith', 'smith'], ['Müller', 'mueller'], ['Ångström', 'angstrom'], ["O'Brien", 'obrien'], ['García', 'garcia'],
  ['Kowalski', 'kowalski'], ['Nguyễn', 'nguyen'], ['Johnson', 'johnson'], ['Williams', 'williams'], ['Brown', 'brown'],
  ['Schmidt', 'schmidt'], ['Strauß', 'strauss'], ['Dubois', 'dubois'], ['Rossi', 'rossi'], ['Svensson', 'svensson'],
  ['Yılmaz', 'yilmaz'], ['Øvergård', 'overgard'], ['Papadopoulos', 'papadopoulos'], ['Kim', 'kim'], ['Patel', 'patel'],
  ['Tanaka', 'tanaka'], ['Silva', 'silva'], ['van der Berg', 'vanderberg'], ['Johansson', 'johansson'], ['Novák', 'novak'],
  ['Lefèvre', 'lefevre'], ['Ivanova', 'ivanova'], ['Okafor', 'okafor'], ['Hernández', 'hernandez'], ['Jones', 'jones'],
  ['MacDonald', 'macdonald'], ["D'Angelo", 'dangelo'], ['Łęcki', 'lecki'], ['Çelik', 'celik'], ['Nørgaard', 'norgaard'],
] as const satisfies readonly [Name, ...Name[]];

/** Whole names that do not split into first and last in Western order. */
export const WHOLE_NAMES = [
  ['王芳', 'wang.fang'], ['李伟', 'li.wei'], ['张敏', 'zhang.min'], ['佐藤 健', 'sato.ken'], ['김민준', 'kim.minjun'],
  ['Μαρία Παπαδοπούλου', 'maria.papadopoulou'], ['Александр Иванов', 'alexander.ivanov'], ['محمد علي', 'mohammed.ali'],
] as const satisfies readonly [Name, ...Name[]];

/**
 * Rare names and email local parts that break naive filters: LIKE wildcards, quotes,
 * backslashes, the `~` separator and commas.
 */
export const AWKWARD_NAMES = [
  ['100% Effort', '100%effort'], ['Under_Score', 'under_score'], ['Back\\Slash', 'back\\slash'],
  ['"Doc" Brown', '"doc".brown'], ['Smith, John', '"smith,john"'], ['Tilde~Name', 'tilde~name'],
  ["Ann O'Neil-Smith", "ann.o'neil-smith"], ['Straße Ångström', 'strasse.angstrom'],
] as const satisfies readonly [Name, ...Name[]];

export const EMAIL_DOMAINS = [
  'example.com', 'example.org', 'example.net', 'contoso.example', 'acme.example', 'müller-bau.example',
] as const satisfies readonly [string, ...string[]];

export const CUSTOM_ROLES = ['Dispatcher', 'Team Lead', 'Billing', 'Read-only', 'Scheduler_Admin'] as const satisfies readonly [
  string,
  ...string[],
];

/** Team names: internal, external (null when the team shows no name outside), slug. */
export const TEAM_NAMES = [
  ['Tier 1 Support', 'Support', 'tier-1-support'],
  ['Tier 2 Support', 'Support', 'tier-2-support'],
  ['Field Services – North', 'Field Services', 'field-north'],
  ['Field Services – South', 'Field Services', 'field-south'],
  ['Projects_EMEA', 'Projects', 'projects-emea'],
  ['Projects_APAC', 'Projects', 'projects-apac'],
  ['Onboarding', 'Welcome Team', 'onboarding'],
  ['Sales 50% Quota', 'Sales', 'sales'],
  ['München Service', 'Service München', 'muenchen-service'],
  ['Hauptstraße Büro', null, 'hauptstrasse'],
  ['Network \\ Infra', 'Network & Infrastructure', 'network-infra'],
  ['"Gold" Customers', 'Premium Support', 'gold'],
  ['Backups, Recovery', 'Backup & Recovery', 'backups'],
  ['Dispatch', null, 'dispatch'],
  ['Security Ops', 'Security', 'secops'],
] as const satisfies readonly [readonly [string, string | null, string], ...(readonly [string, string | null, string])[]];

export const TEAM_TYPES = ['psa_b/project', 'psa_b/service', 'psa_a/queue', 'psa_c/board', 'round_robin'] as const satisfies readonly [
  string,
  ...string[],
];

export const TIME_ZONES = [
  'America/New_York', 'America/Chicago', 'America/Los_Angeles', 'America/Sao_Paulo', 'Europe/London', 'Europe/Berlin',
  'Europe/Istanbul', 'Asia/Kolkata', 'Asia/Shanghai', 'Asia/Tokyo', 'Australia/Sydney', 'Pacific/Auckland',
] as const satisfies readonly [string, ...string[]];
