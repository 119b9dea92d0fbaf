/** Hover: what the word at an offset is (`|` marks the offset in the titles). */
import { describe, expect, test } from 'vitest';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { hover, type HoverOptions } from '../../src/tooling/hover.js';
import { instantSchema } from '../backends/memory/instant-schema.js';

type Entity = (typeof schedulingSchema.entityNames)[number];

function at(marked: string, entity: Entity, options: HoverOptions = {}): string | undefined {
  const offset = marked.indexOf('|');
  const h = hover(marked.slice(0, offset) + marked.slice(offset + 1), offset, schedulingSchema, entity, options);
  return h === undefined ? undefined : `${h.kind} ${h.title} [${h.span.start},${h.span.end}): ${h.detail}`;
}

describe('hover()', () => {
  test.for<[string, Entity, HoverOptions, string | undefined]>([
    ['age|nt.name LIKE jo', 'agent', {}, 'attribute agent.name: String [0,10): String; EQ, NOT_EQ, LIKE, NOT_LIKE, IN, NOT_IN, STARTS_WITH, ENDS_WITH'],
    ['agent.url_slug| EQ null', 'agent', {}, 'attribute agent.url_slug: String [0,14): String, nullable; EQ, NOT_EQ, LIKE, NOT_LIKE, IN, NOT_IN, STARTS_WITH, ENDS_WITH'],
    ['agent.name L|IKE jo', 'agent', {}, 'operator LIKE [11,15): contains the value as a substring, ignoring case; % and _ are literal characters.'],
    ['agent.name LIKE j|o', 'agent', {}, 'value jo [16,18): The text "jo", found anywhere in agent.name, ignoring case.'],
    ['agent.url_slug EQ nu|ll', 'agent', {}, 'value null [18,22): No value: matches records whose agent.url_slug is null or missing.'],
    ['agent.url_slug EQ "nu|ll"', 'agent', {}, 'value "null" [18,24): The text "null".'],
    ['agent.created_at GTE 2023-07-01|', 'agent', {}, 'value 2023-07-01 [21,31): 1688169600 in Unix seconds: 2023-07-01T00:00:00Z.'],
    ['agent.created_at GTE 2023-07-01|', 'agent', { timeZone: 'Europe/Berlin' }, 'value 2023-07-01 [21,31): 1688162400 in Unix seconds: 2023-06-30T22:00:00Z, 2023-07-01 00:00 in Europe/Berlin.'],
    ['agent.created_at GTE 1688169600000|', 'agent', {}, 'value 1688169600000 [21,34): 1688169600000 in Unix seconds: +055465-12-19T00:00:00Z. In milliseconds it would be 2023-07-01T00:00:00Z: divide by 1000.'],
    ['agent.two_factor_enabled EQ y|es', 'agent', {}, 'value yes [28,31): agent.two_factor_enabled is a Boolean: write true or false, not "yes".'],
    ['scheduling_request.status IN new, sen|d', 'scheduling_request', {}, 'value send [34,38): Not one of the values of scheduling_request.status: new, sent, scheduled, cancelled, closed.'],
    ['scheduling_request.psa_b_ticket_number EQ #1|2', 'scheduling_request', {}, 'value #12 [42,45): The text "12": a leading "#" does not count.'],
    ['scheduling_request.agent_id EQ agnt_A|1', 'scheduling_request', {}, 'value agnt_A1 [31,38): The id "agnt_A1".'],
    ['agent.name EQ x A|ND agent.role EQ User', 'agent', {}, 'keyword AND [16,19): both sides hold; binds tighter than OR'],
    ['N|OT (agent.name EQ x)', 'agent', {}, 'keyword NOT [0,3): the group in parentheses after it does not hold: matches exactly the records the group does not match'],
    ['N|OT.name EQ x', 'agent', {}, 'attribute NOT.name [0,8): Not an attribute of agent: its attributes are agent.name, agent.email, agent.role, agent.schedulable, agent.two_factor_enabled, agent.url_slug, agent.created_at.'],
    ['agent.created_at LI|KE x', 'agent', {}, 'operator LIKE [17,21): contains the value as a substring, ignoring case; % and _ are literal characters.\nNot allowed on agent.created_at (Timestamp): use EQ, NOT_EQ, LT, LTE, GT, GTE.'],
    ['agent.nmae| EQ x', 'agent', {}, 'attribute agent.nmae [0,10): Not an attribute of agent: its attributes are agent.name, agent.email, agent.role, agent.schedulable, agent.two_factor_enabled, agent.url_slug, agent.created_at.'],
    ['agent.name EQ x |  AND', 'agent', {}, undefined],
    ['(|agent.name EQ x)', 'agent', {}, 'attribute agent.name: String [1,11): String; EQ, NOT_EQ, LIKE, NOT_LIKE, IN, NOT_IN, STARTS_WITH, ENDS_WITH'],
  ])('%s', ([marked, entity, options, expected]) => {
    expect(at(marked, entity, options)).toBe(expected);
  });
});

describe('hover() under the timezest profile says what it leaves out', () => {
  const timezest = { profile: 'timezest' } as const;
  const outside = '\nNot part of the timezest profile, which only joins predicates with AND.';

  test.for<[string, string]>([
    ['agent.name EQ x O|R agent.role EQ User', `keyword OR [16,18): either side holds${outside}`],
    ['agent.name EQ x AND N|OT (agent.role EQ User)', `keyword NOT [20,23): the group in parentheses after it does not hold: matches exactly the records the group does not match${outside}`],
    ['agent.url_slug EQ nu|ll', `value null [18,22): No value: matches records whose agent.url_slug is null or missing.${outside}`],
    // What the profile keeps reads as in the extended one.
    ['agent.name EQ x A|ND agent.role EQ User', 'keyword AND [16,19): both sides hold; binds tighter than OR'],
    ['agent.url_slug EQ "nu|ll"', 'value "null" [18,24): The text "null".'],
  ])('%s', ([marked, expected]) => {
    expect(at(marked, 'agent', timezest)).toBe(expected);
  });

  test('a Number attribute', () => {
    const shop = defineSchema({ entities: { product: { attributes: { price: { type: 'Number' } } } } });
    const detail = (options: HoverOptions) => hover('product.price GT 5', 3, shop, 'product', options)?.detail;
    expect(detail({})).toBe('Number; EQ, NOT_EQ, LT, LTE, GT, GTE, IN, NOT_IN');
    expect(detail(timezest)).toBe(`Number; EQ, NOT_EQ, LT, LTE, GT, GTE, IN, NOT_IN${outside}`);
  });
});

describe('hover() names how records store an instant, and uuid and text ids', () => {
  const UUID = '0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C4B3A';
  test.for<[string, string]>([
    ['event.at_mi|llis GTE 0', 'attribute event.at_millis: Timestamp [0,15): Timestamp, nullable, stored as Unix milliseconds; EQ, NOT_EQ, LT, LTE, GT, GTE'],
    ['event.at_da|te GTE 0', 'attribute event.at_date: Timestamp [0,13): Timestamp, nullable, stored as a Date; EQ, NOT_EQ, LT, LTE, GT, GTE'],
    ['event.at_te|xt GTE 0', 'attribute event.at_text: Timestamp [0,13): Timestamp, nullable, stored as ISO-8601 text; EQ, NOT_EQ, LT, LTE, GT, GTE'],
    ['event.at_berl|in GTE 0', 'attribute event.at_berlin: Timestamp [0,15): Timestamp, nullable, stored as ISO-8601 text, in Europe/Berlin without an offset; EQ, NOT_EQ, LT, LTE, GT, GTE'],
    ['event.at_secon|ds GTE 0', 'attribute event.at_seconds: Timestamp [0,16): Timestamp, nullable; EQ, NOT_EQ, LT, LTE, GT, GTE'],
    ['event.at_millis GTE 2024-05-01|', 'value 2024-05-01 [20,30): 1714521600 in Unix seconds: 2024-05-01T00:00:00Z. event.at_millis is stored as Unix milliseconds, compared by the whole second.'],
    ['eve|nt.id EQ x', 'attribute event.id: ID [0,8): ID, uuids, in any case; EQ, NOT_EQ'],
    ['eve|nt.ref EQ x', 'attribute event.ref: ID [0,9): ID, nullable, text ids; EQ, NOT_EQ'],
    [`event.id EQ ${UUID}|`, `value ${UUID} [12,48): The uuid "0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a", matched whatever the case of its hex digits.`],
  ])('%s', ([marked, expected]) => {
    const offset = marked.indexOf('|');
    const h = hover(marked.slice(0, offset) + marked.slice(offset + 1), offset, instantSchema, 'event');
    expect(h === undefined ? undefined : `${h.kind} ${h.title} [${h.span.start},${h.span.end}): ${h.detail}`).toBe(expected);
  });
});
