/**
 * The reference contract: queries over {@link CONTRACT_DATA} and the ids each must select, the
 * same for every backend (design doc, section 4). Each expected list was worked out by hand from
 * the records in `data.ts`; each case names the rule of docs/language.md it pins (its first
 * argument), and a comment says why a case is there when the title does not.
 *
 * A backend author runs it with `runContract(schedulingContract, run)` from `tql/backend`.
 */
import type { ContractCapability, ContractCase as GenericCase, ContractSuite } from '../../../backends/contract/suite.js';
import { schedulingSchema, type SchedulingEntityName } from '../schema.js';
import { CONTRACT_DATA } from './data.js';

export { CONTRACT_DATA, type ContractData, type ContractRecord, type UnknownResource } from './data.js';

/** A case of the reference contract. */
export type ContractCase = GenericCase<SchedulingEntityName>;

/** A case of `entity`: the rule(s) it pins first, then the query and the ids it selects. */
const caseOf =
  (entity: SchedulingEntityName) =>
  (rule: ContractCase['rule'], query: string, expected: readonly string[], needs?: ContractCapability): ContractCase =>
    needs === undefined ? { rule, entity, query, expected } : { rule, entity, query, expected, needs };
const agent = caseOf('agent');
const team = caseOf('team');
const resource = caseOf('resource');
const req = caseOf('scheduling_request');

const ALL_AGENTS = [
  'agnt_ada',
  'agnt_jose',
  'agnt_zoe',
  'agnt_pct',
  'agnt_quote',
  'agnt_wang',
  'agnt_ilkay',
  'agnt_lukasz',
  'agnt_sparse',
] as const;
const allAgentsBut = (...ids: string[]) => ALL_AGENTS.filter((id) => !ids.includes(id));

const ALL_REQUESTS = [
  'sreq_new1',
  'sreq_sent2',
  'sreq_sched3',
  'sreq_sched4',
  'sreq_cancel5',
  'sreq_closed6',
  'sreq_sparse7',
  'sreq_sched8',
] as const;
const allRequestsBut = (...ids: string[]) => ALL_REQUESTS.filter((id) => !ids.includes(id));

const ALL_RESOURCES = [
  'agnt_ada',
  'agnt_zoe',
  'agnt_wang',
  'agnt_sparse',
  'team_blue',
  'team_red',
  'team_ops',
  'team_sparse',
  'rsrc_bot',
] as const;

/** Every contract case, grouped by entity and then by type and operator. */
export const CONTRACT_CASES: readonly ContractCase[] = [
  // ---- agent: String ----
  agent(5, 'agent.name EQ "Ada Lovelace"', ['agnt_ada']),
  agent(5, 'agent.name EQ "ada lovelace"', []), // EQ is case-sensitive
  agent([2, 5], 'agent.name NOT_EQ "Ada Lovelace"', allAgentsBut('agnt_ada')), // includes the record without a name
  agent(5, 'agent.name IN "Ada Lovelace","王芳",nobody', ['agnt_ada', 'agnt_wang']),
  agent([2, 5], 'agent.name NOT_IN "Ada Lovelace","王芳",nobody', allAgentsBut('agnt_ada', 'agnt_wang')),
  agent(4, 'agent.name~LIKE~ada', ['agnt_ada']),
  agent(4, 'agent.name LIKE LOVE', ['agnt_ada']), // the needle is folded too
  agent(4, 'agent.name LIKE %', ['agnt_pct'], 'literal-wildcards'), // % is literal
  agent(4, 'agent.name LIKE _', ['agnt_pct'], 'literal-wildcards'), // _ is literal
  agent(4, 'agent.name LIKE "% s"', ['agnt_pct'], 'literal-wildcards'),
  agent(4, 'agent.name LIKE "\\""', ['agnt_quote']),
  agent(4, 'agent.name LIKE "\\\\"', ['agnt_quote']),
  agent(4, "agent.name LIKE O'B", ['agnt_quote']),
  agent(4, 'agent.name LIKE .', []), // regex characters are literal
  agent(4, 'agent.name LIKE "b*"', []),
  agent([2, 4], 'agent.name NOT_LIKE %', allAgentsBut('agnt_pct'), 'literal-wildcards'),
  agent(4, 'agent.name LIKE müller', ['agnt_jose']),
  agent(4, 'agent.name LIKE straße', ['agnt_ilkay']),
  agent(4, 'agent.name LIKE 王', ['agnt_wang']),
  agent(4, 'agent.name LIKE lkay', ['agnt_ilkay']),
  agent(4, 'agent.name LIKE a', ['agnt_ada', 'agnt_pct', 'agnt_quote', 'agnt_ilkay', 'agnt_lukasz']),
  agent([2, 4], 'agent.name NOT_LIKE a', ['agnt_jose', 'agnt_zoe', 'agnt_wang', 'agnt_sparse']),
  agent(4, 'agent.name LIKE ""', allAgentsBut('agnt_sparse')), // every text contains the empty text
  agent([2, 4], 'agent.name NOT_LIKE ""', ['agnt_sparse']),
  agent(4, 'agent.name LIKE MÜLLER', ['agnt_jose'], 'unicode-case-folding'),
  agent(4, 'agent.name LIKE zoë', ['agnt_zoe'], 'unicode-case-folding'),
  agent(4, 'agent.name LIKE ångström', ['agnt_zoe'], 'unicode-case-folding'),
  // 'İ'.toLowerCase() is 'i' + U+0307 COMBINING DOT ABOVE, so the name folds to 'i̇lkay straße'.
  agent(4, 'agent.name LIKE ilkay', [], 'unicode-case-folding'),
  agent([2, 4], 'agent.name NOT_LIKE ilkay', ALL_AGENTS, 'unicode-case-folding'),
  agent(5, 'agent.role EQ user', ['agnt_quote']),
  agent(5, 'agent.role IN User,Administrator', ['agnt_ada', 'agnt_jose', 'agnt_pct', 'agnt_wang', 'agnt_lukasz']),
  agent([2, 5], 'agent.role NOT_IN User,Administrator', ['agnt_zoe', 'agnt_quote', 'agnt_ilkay', 'agnt_sparse']),
  agent(4, 'agent.role LIKE user', ['agnt_jose', 'agnt_pct', 'agnt_quote', 'agnt_lukasz']),
  agent(4, 'agent.role LIKE "team lead"', ['agnt_ilkay']),
  agent(4, 'agent.email LIKE @example.com', ['agnt_ada', 'agnt_zoe', 'agnt_pct', 'agnt_quote', 'agnt_ilkay', 'agnt_lukasz']),
  agent(5, 'agent.email EQ "ilkay~a,b@example.com"', ['agnt_ilkay']),
  agent(5, 'agent.email IN "ilkay~a,b@example.com", ada@example.com', ['agnt_ilkay', 'agnt_ada']),
  agent(4, 'agent.email LIKE "%@"', ['agnt_pct'], 'literal-wildcards'),
  agent(4, 'agent.email LIKE _1', ['agnt_pct'], 'literal-wildcards'),
  agent([2, 4], 'agent.email NOT_LIKE example', ['agnt_sparse']),
  // STARTS_WITH and ENDS_WITH: LIKE's folding and literal characters, at the start or the end.
  agent(4, 'agent.name STARTS_WITH ada', ['agnt_ada']),
  agent(4, 'agent.name STARTS_WITH ADA', ['agnt_ada']), // the needle is folded too
  agent(4, 'agent.name STARTS_WITH lovelace', []), // in the name, not at its start
  agent(4, 'agent.name ENDS_WITH LOVELACE', ['agnt_ada']),
  agent(4, 'agent.name ENDS_WITH ada', []),
  agent(4, 'agent.name STARTS_WITH 100%', ['agnt_pct'], 'literal-wildcards'),
  agent(4, 'agent.name STARTS_WITH 1%', [], 'literal-wildcards'), // % is literal, not "any text"
  agent(4, 'agent.name ENDS_WITH _team', ['agnt_pct'], 'literal-wildcards'),
  agent(4, 'agent.name ENDS_WITH _', [], 'literal-wildcards'), // _ is literal, not "any character"
  agent(4, 'agent.name STARTS_WITH .', []), // regex characters are literal
  agent(4, 'agent.name STARTS_WITH "O\'B"', ['agnt_quote']),
  agent(4, 'agent.name ENDS_WITH "\\\\ Back"', ['agnt_quote']), // the name ends with a backslash, a space and Back
  agent(4, 'agent.name STARTS_WITH 王', ['agnt_wang']),
  agent([3, 4], 'agent.name STARTS_WITH ""', allAgentsBut('agnt_sparse')), // every text starts with the empty text
  agent([3, 4], 'agent.name ENDS_WITH ""', allAgentsBut('agnt_sparse')),
  agent(4, 'agent.name STARTS_WITH zoë', ['agnt_zoe'], 'unicode-case-folding'),
  agent(4, 'agent.name ENDS_WITH ångström', ['agnt_zoe'], 'unicode-case-folding'),
  agent(4, 'agent.name ENDS_WITH STRASSE', []), // ß folds to ß, never to ss
  agent(4, 'agent.name ENDS_WITH straße', ['agnt_ilkay']),
  // 'İlkay' folds to 'i̇lkay': it starts with 'i', but not with 'il'.
  agent(4, 'agent.name STARTS_WITH i', ['agnt_ilkay'], 'unicode-case-folding'),
  agent(4, 'agent.name STARTS_WITH ilkay', [], 'unicode-case-folding'),

  // ---- agent: Boolean ----
  agent(3, 'agent.two_factor_enabled EQ false', ['agnt_jose', 'agnt_zoe', 'agnt_quote', 'agnt_ilkay']),
  agent(3, 'agent.two_factor_enabled EQ true', ['agnt_ada', 'agnt_pct', 'agnt_wang', 'agnt_lukasz']),
  agent([2, 3], 'agent.two_factor_enabled NOT_EQ true', ['agnt_jose', 'agnt_zoe', 'agnt_quote', 'agnt_ilkay', 'agnt_sparse']),
  agent(3, 'agent.schedulable EQ true', ['agnt_ada', 'agnt_jose', 'agnt_pct', 'agnt_quote', 'agnt_ilkay', 'agnt_lukasz']),
  agent([2, 3], 'agent.schedulable NOT_EQ false', allAgentsBut('agnt_zoe', 'agnt_wang')),

  // ---- agent: nullable String (url_slug null on zoe, missing on wang and sparse) ----
  agent(3, 'agent.url_slug EQ null', ['agnt_zoe', 'agnt_wang', 'agnt_sparse']),
  agent([2, 3], 'agent.url_slug NOT_EQ null', ['agnt_ada', 'agnt_jose', 'agnt_pct', 'agnt_quote', 'agnt_ilkay', 'agnt_lukasz']),
  agent(5, 'agent.url_slug EQ "null"', []), // the text null
  agent([2, 5], 'agent.url_slug NOT_EQ "null"', ALL_AGENTS),
  agent([2, 5], 'agent.url_slug NOT_EQ ada', allAgentsBut('agnt_ada')),
  agent([2, 5], 'agent.url_slug NOT_IN ada,bob', allAgentsBut('agnt_ada')),
  agent(5, 'agent.url_slug IN ada,lukasz', ['agnt_ada', 'agnt_lukasz']),
  agent(4, 'agent.url_slug LIKE _', ['agnt_pct'], 'literal-wildcards'),
  agent([2, 4], 'agent.url_slug NOT_LIKE o', ['agnt_ada', 'agnt_pct', 'agnt_ilkay', 'agnt_lukasz', 'agnt_zoe', 'agnt_wang', 'agnt_sparse']),

  // ---- agent: Timestamp (jose at 2023-07-01T00:00:00Z, zoe one second earlier) ----
  agent(6, 'agent.created_at GTE 2023-07-01', ['agnt_jose', 'agnt_pct', 'agnt_quote', 'agnt_wang', 'agnt_ilkay', 'agnt_lukasz']),
  agent(6, 'agent.created_at GT 2023-07-01', ['agnt_pct', 'agnt_quote', 'agnt_wang', 'agnt_ilkay', 'agnt_lukasz']),
  agent(6, 'agent.created_at LT 2023-07-01', ['agnt_ada', 'agnt_zoe']),
  agent(6, 'agent.created_at LTE 2023-07-01', ['agnt_ada', 'agnt_zoe', 'agnt_jose']),
  agent(6, 'agent.created_at EQ 1688169600', ['agnt_jose']),
  agent(6, 'agent.created_at EQ 2023-07-01T00:00:00Z', ['agnt_jose']),
  agent(6, 'agent.created_at GTE 2023-07-01T01:00:00+01:00', ['agnt_jose', 'agnt_pct', 'agnt_quote', 'agnt_wang', 'agnt_ilkay', 'agnt_lukasz']),
  agent([2, 6], 'agent.created_at NOT_EQ 1688169600', allAgentsBut('agnt_jose')),
  // A missing timestamp orders against nothing, so even this misses it.
  agent([1, 3, 6], 'agent.created_at LT 2024-01-01 OR agent.created_at GTE 2024-01-01', allAgentsBut('agnt_sparse')),

  // ---- agent: AND / OR ----
  agent(1, 'agent.name LIKE a AND agent.two_factor_enabled EQ false', ['agnt_quote', 'agnt_ilkay']),
  agent(
    1, 'agent.name LIKE ada AND agent.two_factor_enabled EQ true AND agent.created_at GTE 2023-01-01',
    ['agnt_ada'],
  ),
  // AND binds tighter than OR.
  agent(1, 'agent.role EQ User OR agent.role EQ Administrator AND agent.schedulable EQ false', [
    'agnt_jose',
    'agnt_pct',
    'agnt_lukasz',
    'agnt_wang',
  ]),
  agent(1, '(agent.role EQ User OR agent.role EQ Administrator) AND agent.schedulable EQ false', ['agnt_wang']),
  agent(
    1, '(agent.name LIKE a OR agent.email LIKE example.org) AND agent.two_factor_enabled EQ false AND (agent.role IN Administrator,Dispatcher OR agent.created_at GTE 2024-01-01)',
    ['agnt_quote', 'agnt_ilkay'],
  ),
  agent([1, 3], 'agent.name NOT_LIKE a OR (agent.url_slug EQ null AND agent.schedulable EQ false)', [
    'agnt_jose',
    'agnt_zoe',
    'agnt_wang',
    'agnt_sparse',
  ]),
  agent(1, '(agent.name~LIKE~ada)~OR~(agent.name~LIKE~王)', ['agnt_ada', 'agnt_wang']),

  // ---- team (red has external_name null; sparse has only internal_name) ----
  team(3, 'team.external_name EQ null', ['team_red', 'team_sparse']),
  team([2, 3], 'team.external_name NOT_EQ null', ['team_blue', 'team_ops', 'team_munchen']),
  team([2, 5], 'team.external_name NOT_EQ Support', ['team_red', 'team_ops', 'team_sparse', 'team_munchen']),
  team(5, 'team.external_name EQ "Ops, Infra & Co"', ['team_ops']),
  team(5, 'team.external_name IN "Ops, Infra & Co",Support', ['team_ops', 'team_blue']),
  team([2, 5], 'team.external_name NOT_IN "Ops, Infra & Co",Support', ['team_red', 'team_sparse', 'team_munchen']),
  team(4, 'team.external_name LIKE münchen', ['team_munchen'], 'unicode-case-folding'),
  team(4, 'team.internal_name LIKE "\\\\ infra \\"core"', ['team_ops']),
  team(4, 'team.internal_name LIKE _team', ['team_red'], 'literal-wildcards'),
  team(4, 'team.internal_name LIKE 50%', ['team_red'], 'literal-wildcards'),
  team([2, 4], 'team.internal_name NOT_LIKE team', ['team_ops', 'team_sparse', 'team_munchen']),
  team(5, 'team.team_type EQ psa_b/project', ['team_blue', 'team_munchen']),
  team([2, 5], 'team.team_type NOT_IN psa_b/project,psa_b/service', ['team_red', 'team_sparse']),
  team(4, 'team.team_type LIKE psa_b', ['team_blue', 'team_ops', 'team_munchen'], 'literal-wildcards'),
  team([2, 5], 'team.url_slug NOT_EQ blue', ['team_red', 'team_ops', 'team_sparse', 'team_munchen']),
  team(5, 'team.url_slug IN red,blue', ['team_blue', 'team_red']),
  team(6, 'team.created_at GTE 2024-01-01', ['team_ops', 'team_munchen']),
  team(6, 'team.created_at LT 2024-01-01', ['team_blue', 'team_red']),
  team([2, 6], 'team.created_at NOT_EQ 1680000000', ['team_red', 'team_ops', 'team_sparse', 'team_munchen']),

  // ---- resource: an agent's name or a team's internal/external name; rsrc_bot is neither ----
  resource([4, 8], 'resource.internal_name LIKE a', ['agnt_ada', 'team_blue', 'team_red', 'team_ops', 'team_sparse']),
  resource([5, 8], 'resource.internal_name EQ "Blue Team"', ['team_blue']),
  resource([5, 8], 'resource.internal_name EQ "Ada Lovelace"', ['agnt_ada']),
  resource([5, 8], 'resource.internal_name EQ Robo', []),
  resource([2, 5, 8], 'resource.internal_name NOT_EQ Robo', ALL_RESOURCES),
  resource([5, 8], 'resource.internal_name IN "王芳",Sparse', ['agnt_wang', 'team_sparse']),
  resource([3, 8], 'resource.external_name EQ null', ['agnt_sparse', 'team_red', 'team_sparse', 'rsrc_bot']),
  resource([2, 3, 8], 'resource.external_name NOT_EQ null', ['agnt_ada', 'agnt_zoe', 'agnt_wang', 'team_blue', 'team_ops']),
  resource([5, 8], 'resource.external_name EQ "Ada Lovelace"', ['agnt_ada']),
  resource([4, 8], 'resource.external_name LIKE support', ['team_blue']),
  resource([2, 4, 8], 'resource.external_name NOT_LIKE o', ['agnt_wang', 'agnt_sparse', 'team_red', 'team_sparse', 'rsrc_bot']),
  resource([3, 8], 'resource.url_slug EQ null', ['agnt_zoe', 'agnt_wang', 'agnt_sparse', 'team_sparse', 'rsrc_bot']),
  resource([2, 5, 8], 'resource.url_slug NOT_IN alice,bob', ALL_RESOURCES),
  resource([5, 8], 'resource.url_slug IN ada,red,robo', ['agnt_ada', 'team_red']),
  resource([4, 8], 'resource.url_slug LIKE -', ['team_ops']),

  // ---- scheduling_request: String ----
  req(5, 'scheduling_request.status EQ new', ['sreq_new1', 'sreq_sparse7']),
  req(5, 'scheduling_request.status~IN~new,sent', ['sreq_new1', 'sreq_sent2', 'sreq_sparse7']),
  req([2, 5], 'scheduling_request.status NOT_IN new,sent', ['sreq_sched3', 'sreq_sched4', 'sreq_cancel5', 'sreq_closed6', 'sreq_sched8']),
  req([2, 5], 'scheduling_request.status NOT_EQ scheduled', ['sreq_new1', 'sreq_sent2', 'sreq_cancel5', 'sreq_closed6', 'sreq_sparse7']),
  req(4, 'scheduling_request.status LIKE e', ALL_REQUESTS),
  req(4, 'scheduling_request.status LIKE SCHED', ['sreq_sched3', 'sreq_sched4', 'sreq_sched8']),
  req(5, 'scheduling_request.end_user_name EQ "Pat Smith"', ['sreq_new1', 'sreq_cancel5']),
  req([2, 5], 'scheduling_request.end_user_name NOT_EQ "Pat Smith"', allRequestsBut('sreq_new1', 'sreq_cancel5')),
  req(1, 'scheduling_request.end_user_name~EQ~"Pat Smith"~AND~scheduling_request.status~EQ~new', ['sreq_new1']),
  req(4, "scheduling_request.end_user_name LIKE o'n", ['sreq_sched3']),
  req(4, 'scheduling_request.end_user_name LIKE %_', ['sreq_sched4'], 'literal-wildcards'),
  req(4, 'scheduling_request.end_user_name LIKE "\\\\ \\""', ['sreq_sched4']),
  req(4, 'scheduling_request.end_user_name LIKE zoë', ['sreq_sent2']),
  req(4, 'scheduling_request.end_user_name LIKE ÅNGSTRÖM', ['sreq_sent2'], 'unicode-case-folding'),
  req(4, 'scheduling_request.end_user_email LIKE @example.com', [
    'sreq_new1',
    'sreq_sched3',
    'sreq_sched4',
    'sreq_cancel5',
    'sreq_sched8',
  ]),
  req(1, 'scheduling_request.status~EQ~scheduled~AND~scheduling_request.end_user_email~LIKE~@example.com', [
    'sreq_sched3',
    'sreq_sched4',
    'sreq_sched8',
  ]),
  req(5, 'scheduling_request.end_user_email IN pat@example.com', ['sreq_new1']), // exact, so not PAT@EXAMPLE.COM
  req([2, 4], 'scheduling_request.end_user_email NOT_LIKE example', ['sreq_sparse7']),

  // ---- scheduling_request: Timestamp (null before booking; all missing on sparse7) ----
  req([3, 6], 'scheduling_request.selected_start_time EQ null', ['sreq_new1', 'sreq_sent2', 'sreq_closed6', 'sreq_sparse7']),
  req([2, 3, 6], 'scheduling_request.selected_start_time NOT_EQ null', ['sreq_sched3', 'sreq_sched4', 'sreq_cancel5', 'sreq_sched8']),
  req(1, 'scheduling_request.selected_start_time GTE 2023-11-01 AND scheduling_request.selected_start_time LTE 2024-02-01', [
    'sreq_sched3',
    'sreq_cancel5',
  ]),
  req(1, 'scheduling_request.selected_start_time GTE 2023-07-01 AND scheduling_request.selected_start_time LTE 2023-08-01', []),
  req(6, 'scheduling_request.selected_start_time~GTE~1700000000', ['sreq_sched3', 'sreq_sched4', 'sreq_cancel5']),
  req(6, 'scheduling_request.selected_start_time LT 1700000000', ['sreq_sched8']),
  req([2, 6], 'scheduling_request.selected_start_time NOT_EQ 1701000000', allRequestsBut('sreq_sched3')),
  req(6, 'scheduling_request.scheduled_at GT 2024-01-01', ['sreq_sched4', 'sreq_cancel5']),
  req([3, 6], 'scheduling_request.scheduled_at EQ null', ['sreq_new1', 'sreq_sent2', 'sreq_closed6', 'sreq_sparse7']),
  req(6, 'scheduling_request.created_at LT 2023-01-01', ['sreq_sched8']),
  req(6, 'scheduling_request.created_at GTE 2023-01-01', allRequestsBut('sreq_sparse7', 'sreq_sched8')),
  req(6, 'scheduling_request.created_at EQ 2024-01-01', ['sreq_cancel5']),

  // ---- scheduling_request: collections ("some element"; NOT_* = "no element") ----
  req(7, 'scheduling_request.psa_a_company_id EQ 5', ['sreq_new1', 'sreq_closed6']), // not psa_b/company 5, not psa_c/client 5
  req([2, 7], 'scheduling_request.psa_a_company_id NOT_EQ 5', allRequestsBut('sreq_new1', 'sreq_closed6')),
  req(7, 'scheduling_request.psa_a_company_id EQ 6', ['sreq_closed6']),
  // closed6 also has company 5, but NOT_EQ means "no company 6".
  req([2, 7], 'scheduling_request.psa_a_company_id NOT_EQ 6', allRequestsBut('sreq_closed6')),
  req(7, 'scheduling_request.psa_a_contact_id EQ 77', ['sreq_new1']),
  req(7, 'scheduling_request.psa_a_ticket_number EQ T-1001', ['sreq_new1']),
  req([4, 7], 'scheduling_request.psa_a_ticket_number LIKE t-100', ['sreq_new1', 'sreq_closed6']),
  req(7, 'scheduling_request.psa_a_ticket_number IN T-1002,T-9999', ['sreq_closed6']),
  req([2, 7], 'scheduling_request.psa_a_ticket_number NOT_IN T-1002,T-9999', allRequestsBut('sreq_closed6')),
  req([2, 4, 7], 'scheduling_request.psa_a_ticket_number NOT_LIKE 1001', allRequestsBut('sreq_new1')),
  req(7, 'scheduling_request.psa_b_company_id EQ 5', ['sreq_sent2']),
  req(7, 'scheduling_request.psa_b_company_id EQ 6', ['sreq_sched3']),
  req([2, 7], 'scheduling_request.psa_b_contact_id NOT_EQ 12', allRequestsBut('sreq_sent2')),
  req(7, 'scheduling_request.psa_b_ticket_number EQ #1234', ['sreq_sent2']),
  req(7, 'scheduling_request.psa_b_ticket_number EQ 1234', ['sreq_sent2']),
  req(7, 'scheduling_request.psa_b_ticket_number EQ 4321', ['sreq_sched3']), // a project ticket
  req(7, 'scheduling_request.psa_b_ticket_number EQ #55', ['sreq_sched3']), // a service ticket
  req(7, 'scheduling_request.psa_b_ticket_number EQ 1001', ['sreq_closed6']), // stored without '#'
  req(7, 'scheduling_request.psa_b_ticket_number EQ #1001', ['sreq_closed6']),
  // Only one leading '#' is ignored: '##77' is the number '#77'.
  req(7, 'scheduling_request.psa_b_ticket_number EQ 77', []),
  req(7, 'scheduling_request.psa_b_ticket_number EQ ##77', ['sreq_sched8']),
  // A prefix or suffix of the number without its one ignored '#'.
  req([4, 7], 'scheduling_request.psa_b_ticket_number STARTS_WITH 12', ['sreq_sent2']),
  req([4, 7], 'scheduling_request.psa_b_ticket_number STARTS_WITH 5', ['sreq_sched3']),
  req([4, 7], 'scheduling_request.psa_b_ticket_number STARTS_WITH ##7', ['sreq_sched8']),
  req([4, 7], 'scheduling_request.psa_b_ticket_number ENDS_WITH 1', ['sreq_sched3', 'sreq_closed6']),
  req([4, 7], 'scheduling_request.psa_a_ticket_number STARTS_WITH t-100', ['sreq_new1', 'sreq_closed6']),
  req([4, 7], 'scheduling_request.psa_a_ticket_number ENDS_WITH 100', []),
  req(7, 'scheduling_request.psa_b_ticket_number IN 1234,#55', ['sreq_sent2', 'sreq_sched3']),
  req([2, 7], 'scheduling_request.psa_b_ticket_number NOT_IN 1234,#55', allRequestsBut('sreq_sent2', 'sreq_sched3')),
  req([4, 7], 'scheduling_request.psa_b_ticket_number LIKE 12', ['sreq_sent2']),
  req([4, 7], 'scheduling_request.psa_b_ticket_number LIKE #7', ['sreq_sched8']),
  // '#' alone is the empty text once the prefix is dropped: any psa_b ticket number matches.
  req([4, 7], 'scheduling_request.psa_b_ticket_number LIKE #', ['sreq_sent2', 'sreq_sched3', 'sreq_closed6', 'sreq_sched8']),
  req([2, 4, 7], 'scheduling_request.psa_b_ticket_number NOT_LIKE #', ['sreq_new1', 'sreq_sched4', 'sreq_cancel5', 'sreq_sparse7']),
  req(7, 'scheduling_request.psa_b_project_ticket_number EQ 4321', ['sreq_sched3']),
  req(7, 'scheduling_request.psa_b_project_ticket_number EQ 55', []),
  req(7, 'scheduling_request.psa_b_service_ticket_number EQ 55', ['sreq_sched3']),
  req([2, 7], 'scheduling_request.psa_b_service_ticket_number NOT_EQ 1234', allRequestsBut('sreq_sent2')),
  req(7, 'scheduling_request.psa_c_client_id EQ 5', ['sreq_sched4']),
  req(7, 'scheduling_request.psa_c_user_id EQ 8', ['sreq_sched4']),
  req([4, 7], 'scheduling_request.psa_c_ticket_number LIKE c-7', ['sreq_sched4']),
  req(7, 'scheduling_request.agent_id EQ agnt_jose', ['sreq_sched3']),
  req(7, 'scheduling_request.agent_id EQ agnt_wang', ['sreq_sched4']), // a scheduled agent only
  req(7, 'scheduling_request.agent_id EQ agnt_ada', ['sreq_new1', 'sreq_closed6']),
  req(7, 'scheduling_request.agent_id EQ agnt_zoe', ['sreq_closed6', 'sreq_sched8']),
  req(7, 'scheduling_request.agent_id EQ agnt_ilkay', ['sreq_sched8']),
  req([2, 7], 'scheduling_request.agent_id NOT_EQ agnt_ada', allRequestsBut('sreq_new1', 'sreq_closed6')),
  req(7, 'scheduling_request.agent_id EQ agnt_blue', []), // ids of teams are not agents' ids
  req(7, 'scheduling_request.team_id EQ team_blue', ['sreq_sent2', 'sreq_sched3']),
  req(7, 'scheduling_request.team_id~EQ~team_red', ['sreq_sched4']),
  req([2, 7], 'scheduling_request.team_id NOT_EQ team_blue', allRequestsBut('sreq_sent2', 'sreq_sched3')),
  req(7, 'scheduling_request.team_id EQ team_W4hPN4gKvru7c4BWerF4d', []),

  // ---- scheduling_request: AND / OR ----
  req(
    1, 'scheduling_request.team_id EQ team_blue OR scheduling_request.agent_id EQ agnt_ada AND scheduling_request.status EQ closed',
    ['sreq_sent2', 'sreq_sched3', 'sreq_closed6'],
  ),
  req(
    [1, 3], '(scheduling_request.status IN scheduled,cancelled OR scheduling_request.psa_a_company_id EQ 5) AND (scheduling_request.selected_start_time EQ null OR scheduling_request.selected_start_time GT 2024-01-01)',
    ['sreq_new1', 'sreq_sched4', 'sreq_cancel5', 'sreq_closed6'],
  ),
  req(
    1, '((scheduling_request.status EQ new OR (scheduling_request.status EQ sent AND scheduling_request.psa_b_company_id EQ 5)) AND scheduling_request.created_at GTE 2023-01-01)',
    ['sreq_new1', 'sreq_sent2'],
  ),

  // ---- NOT groups: the exact complement, records without the value included (rule 9) ----
  agent([3, 9], 'NOT (agent.url_slug EQ ada)', allAgentsBut('agnt_ada')), // as NOT_EQ: zoe (null), wang and sparse (missing) too
  agent([3, 6, 9], 'NOT (agent.created_at LT 2023-07-01)', allAgentsBut('agnt_ada', 'agnt_zoe')), // sparse has no created_at: GTE would miss it
  agent(9, 'NOT (agent.name LIKE a OR agent.two_factor_enabled EQ true)', ['agnt_jose', 'agnt_zoe', 'agnt_sparse']),
  agent([3, 9], 'NOT~(NOT~(agent.url_slug~EQ~null))', ['agnt_zoe', 'agnt_wang', 'agnt_sparse']), // twice negated: EQ null
  agent(9, 'agent.schedulable EQ true AND NOT (agent.name LIKE a AND agent.two_factor_enabled EQ true)', ['agnt_jose', 'agnt_quote', 'agnt_ilkay']),
  req([7, 9], 'NOT (scheduling_request.psa_a_company_id EQ 5)', allRequestsBut('sreq_new1', 'sreq_closed6')), // "no company 5"
  req([7, 9], 'NOT (scheduling_request.agent_id EQ agnt_ada OR scheduling_request.team_id EQ team_blue)', allRequestsBut('sreq_new1', 'sreq_closed6', 'sreq_sent2', 'sreq_sched3')),

  // ---- relative time at the fixed clock CONTRACT_NOW, 1700000000 (2023-11-14T22:13:20Z) (rule 6) ----
  agent(6, 'agent.created_at GTE now', ['agnt_pct', 'agnt_quote', 'agnt_wang', 'agnt_ilkay']),
  agent(6, 'agent.created_at EQ now', ['agnt_pct']),
  agent(6, 'agent.created_at LT now-4w', ['agnt_ada', 'agnt_jose', 'agnt_zoe', 'agnt_lukasz']), // before 1697580800
  agent(6, 'agent.created_at GTE now-11830400s', allAgentsBut('agnt_ada', 'agnt_zoe', 'agnt_sparse')), // jose's 2023-07-01 exactly
  agent(6, 'agent.created_at~GT~now-11830400s', allAgentsBut('agnt_ada', 'agnt_zoe', 'agnt_jose', 'agnt_sparse')),
  agent([3, 6, 9], 'NOT (agent.created_at GTE now)', ['agnt_ada', 'agnt_jose', 'agnt_zoe', 'agnt_lukasz', 'agnt_sparse']),
  req([3, 6], 'scheduling_request.selected_start_time LT now+2w', ['sreq_sched3', 'sreq_sched8']), // before 1701209600; nulls never
  req(6, 'scheduling_request.created_at GTE now+400000s', ['sreq_sched3', 'sreq_sched4', 'sreq_cancel5', 'sreq_closed6']), // sched3's 1700400000 exactly
];

/**
 * The clock the contract resolves relative times (`now-7d`) at, before a backend sees the
 * query: 2023-11-14T22:13:20Z, an instant of the data (agnt_pct's created_at).
 */
export const CONTRACT_NOW = 1_700_000_000;

/**
 * The reference contract as one suite: its schema, data, cases and clock.
 *
 * @example
 * ```ts
 * import { runContract } from 'tql/backend';
 * import { filterRecords } from 'tql/memory';
 * const outcomes = await runContract(schedulingContract, (query, entity) =>
 *   filterRecords(query, schedulingContract.data[entity]).map((r) => r.id));
 * outcomes.filter((o) => o.status !== 'passed').length; // 0
 * ```
 */
export const schedulingContract: ContractSuite<SchedulingEntityName> = {
  schema: schedulingSchema,
  data: CONTRACT_DATA,
  cases: CONTRACT_CASES,
  now: CONTRACT_NOW,
};
