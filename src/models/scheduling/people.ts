/**
 * The people sample data is made of: every first × last name pair, the whole names and the rare
 * awkward ones, each with its email local part and slug prepared once. Generated records share
 * these strings instead of building new ones, which keeps a million agents cheap to make.
 */
import { AWKWARD_NAMES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, WHOLE_NAMES, type Name } from './names.js';
import type { Rng } from './prng.js';

export interface Person {
  readonly name: string;
  /** The local part of their email address (ASCII, except for the awkward ones). */
  readonly local: string;
  /** A URL-safe form of the name. */
  readonly slug: string;
  /** `local@domain` for each of {@link EMAIL_DOMAINS}, in that order. */
  readonly emails: readonly string[];
}

const SLUG_UNSAFE = /[^a-z0-9]+/g;

function person(name: string, local: string): Person {
  return {
    name,
    local,
    slug: local.toLowerCase().replace(SLUG_UNSAFE, '-').replace(/^-|-$/g, ''),
    emails: EMAIL_DOMAINS.map((d) => `${local}@${d}`),
  };
}

const pool = (names: readonly Name[]): Person[] => names.map(([name, local]) => person(name, local));

interface People {
  readonly pairs: readonly Person[];
  readonly whole: readonly Person[];
  readonly awkward: readonly Person[];
}

let people: People | undefined;

/** Made on the first generated record, not on import: importing tql/scheduling stays cheap (cold start). */
function allPeople(): People {
  return (people ??= {
    pairs: FIRST_NAMES.flatMap(([first, firstAscii]) =>
      LAST_NAMES.map(([last, lastAscii]) => person(`${first} ${last}`, `${firstAscii}.${lastAscii}`)),
    ),
    whole: pool(WHOLE_NAMES),
    awkward: pool(AWKWARD_NAMES),
  });
}

/**
 * A random person: 1% awkward (`100% Effort`, `Smith, John`, …), 4% a whole name such as 王芳,
 * the rest a first and last name.
 */
export function randomPerson(rng: Rng): Person {
  const roll = rng.float();
  const { awkward, whole, pairs } = allPeople();
  const from = roll < 0.01 ? awkward : roll < 0.05 ? whole : pairs;
  return from[Math.floor(rng.float() * from.length)]!;
}

/**
 * An email address for `p`: usually one of the shared strings, sometimes with digits, and
 * sometimes upper-cased as some systems store what was typed.
 */
export function randomEmail(rng: Rng, p: Person): string {
  const domain = Math.floor(rng.float() * EMAIL_DOMAINS.length);
  const roll = rng.float();
  if (roll < 0.3) return `${p.local}${1 + (rng.uint32() % 99)}@${EMAIL_DOMAINS[domain]!}`;
  const shared = p.emails[domain]!;
  return roll < 0.33 ? shared.toUpperCase() : shared;
}
