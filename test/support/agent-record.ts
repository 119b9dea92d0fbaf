/** A whole agent record for tests that care about one text: its name (the email is made from it). */
import type { Agent } from '../../src/models/scheduling/records.js';

/**
 * An agent with this id and name, `${name}@example.com` as email, a User, schedulable.
 *
 * @example
 * ```ts
 * agentRecord('agnt_01', 'Ada', { url_slug: 'ada' }).email; // 'Ada@example.com'
 * ```
 */
export function agentRecord(id: string, name: string, more: Partial<Agent> = {}): Agent {
  return {
    id,
    object: 'agent',
    name,
    email: `${name}@example.com`,
    role: 'User',
    schedulable: true,
    two_factor_enabled: false,
    url_slug: name,
    created_at: 1700000000,
    updated_at: 1700000000,
    ...more,
  };
}
