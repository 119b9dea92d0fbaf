/** The input kept in the page's address (`#q=…&entity=…`), so a link reopens the same filter. */
import { PROFILES, type Profile } from '../../src/index.js';
import { isPlaygroundEntity } from './apps.js';
import type { PlaygroundInput } from './evaluate.js';

/** What the page shows when the address holds nothing. */
export const INITIAL: PlaygroundInput = {
  text: 'scheduling_request.status~IN~new,sent~AND~scheduling_request.end_user_email~LIKE~example',
  entity: 'scheduling_request',
  profile: 'extended',
  timeZone: 'UTC',
};

function isProfile(name: string | null): name is Profile {
  return name !== null && (PROFILES as readonly string[]).includes(name);
}

/** The input in a location hash; anything missing or unknown falls back to {@link INITIAL}. */
export function readHash(hash: string): PlaygroundInput {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const entity = p.get('entity');
  const profile = p.get('profile');
  return {
    text: p.get('q') ?? INITIAL.text,
    entity: isPlaygroundEntity(entity) ? entity : INITIAL.entity,
    profile: isProfile(profile) ? profile : INITIAL.profile,
    timeZone: p.get('tz') ?? INITIAL.timeZone,
  };
}

/** The hash for an input. */
export function writeHash(input: PlaygroundInput): string {
  return `#${new URLSearchParams({ q: input.text, entity: input.entity, profile: input.profile, tz: input.timeZone }).toString()}`;
}
