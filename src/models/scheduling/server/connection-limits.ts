/**
 * How long the reference server waits for a client, and how many connections it holds: the
 * settings, their defaults and their ranges, shared by `startListServer` and the command line.
 */
import { optionError } from '../../../errors/tql-error.js';

/** Timeouts in milliseconds and the connection cap (docs/server.md, Limits). */
export interface ConnectionLimits {
  /** The request line and headers must arrive within this long of the request's first byte. */
  readonly headersTimeout: number;
  /** The whole request must arrive within this long; at least `headersTimeout`. */
  readonly requestTimeout: number;
  /** A kept-alive connection may stay silent this long between requests. */
  readonly keepAliveTimeout: number;
  /** Open connections past this are answered 503 and closed. */
  readonly maxConnections: number;
}

interface LimitSetting {
  readonly flag: string;
  readonly env: string;
  readonly min: number;
  readonly max: number;
  readonly default: number;
  /** The unit as the help and the messages name it. */
  readonly unit: 'milliseconds' | 'connections';
}

/** Every limit with its flag, environment variable and range; keyed so that none can be left out. */
export const LIMIT_SETTINGS: { readonly [K in keyof ConnectionLimits]: LimitSetting } = {
  headersTimeout: { flag: '--headers-timeout', env: 'TQL_HEADERS_TIMEOUT', min: 1, max: 3_600_000, default: 10_000, unit: 'milliseconds' },
  requestTimeout: { flag: '--request-timeout', env: 'TQL_REQUEST_TIMEOUT', min: 1, max: 3_600_000, default: 30_000, unit: 'milliseconds' },
  keepAliveTimeout: { flag: '--keep-alive-timeout', env: 'TQL_KEEP_ALIVE_TIMEOUT', min: 1, max: 3_600_000, default: 5_000, unit: 'milliseconds' },
  maxConnections: { flag: '--max-connections', env: 'TQL_MAX_CONNECTIONS', min: 1, max: 1_000_000, default: 1024, unit: 'connections' },
};

export const LIMIT_NAMES = Object.keys(LIMIT_SETTINGS) as (keyof ConnectionLimits)[];

/**
 * The limits with defaults filled in; a `TqlError` (`invalid_option`) for a value out of its range
 * or a `headersTimeout` longer than the `requestTimeout`.
 *
 * @example
 * ```ts
 * resolveConnectionLimits({ headersTimeout: 300, requestTimeout: 600 });
 * // { headersTimeout: 300, requestTimeout: 600, keepAliveTimeout: 5000, maxConnections: 1024 }
 * ```
 */
export function resolveConnectionLimits(options: Partial<Record<keyof ConnectionLimits, number | undefined>>): ConnectionLimits {
  const limits = Object.fromEntries(
    LIMIT_NAMES.map((name) => {
      const value = options[name] ?? LIMIT_SETTINGS[name].default;
      if (!inRange(value, LIMIT_SETTINGS[name])) throw optionError(`${name} takes ${rangeText(LIMIT_SETTINGS[name])}, not ${String(value)}.`);
      return [name, value];
    }),
  ) as unknown as ConnectionLimits;
  const problem = timeoutOrderProblem(limits, 'headersTimeout', 'requestTimeout');
  if (problem !== undefined) throw optionError(`${problem}.`);
  return limits;
}

/**
 * One limit read from a flag or environment value: the number, or what is wrong with the text.
 *
 * @example
 * ```ts
 * parseLimit('maxConnections', '64'); // { ok: true, value: 64 }
 * ```
 */
export function parseLimit(name: keyof ConnectionLimits, text: string): { readonly ok: true; readonly value: number } | { readonly ok: false; readonly message: string } {
  const setting = LIMIT_SETTINGS[name];
  const value = /^[0-9]{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (inRange(value, setting)) return { ok: true, value };
  return { ok: false, message: `${setting.flag} (or ${setting.env}) takes ${rangeText(setting)}, not ${JSON.stringify(text.slice(0, 40))}` };
}

/**
 * What is wrong when the headers may take longer than the whole request (Node refuses that),
 * naming the two settings as the caller calls them; undefined when they are in order.
 *
 * @example
 * ```ts
 * timeoutOrderProblem({ ...limits, headersTimeout: 9, requestTimeout: 5 }, '--headers-timeout', '--request-timeout');
 * // '--headers-timeout (9) cannot be longer than --request-timeout (5): the headers are part of the request'
 * ```
 */
export function timeoutOrderProblem(limits: ConnectionLimits, headers: string, request: string): string | undefined {
  if (limits.headersTimeout <= limits.requestTimeout) return undefined;
  return `${headers} (${limits.headersTimeout}) cannot be longer than ${request} (${limits.requestTimeout}): the headers are part of the request`;
}

/**
 * How often Node looks for requests past their timeouts: a quarter of the shorter timeout, at
 * most a second, so a timed-out request is answered soon after its deadline (Node's default
 * looks every 30 s).
 */
export function checkingInterval(limits: ConnectionLimits): number {
  return Math.max(10, Math.min(1000, Math.floor(Math.min(limits.headersTimeout, limits.requestTimeout) / 4)));
}

function inRange(value: number, setting: LimitSetting): boolean {
  return Number.isInteger(value) && value >= setting.min && value <= setting.max;
}

function rangeText(setting: LimitSetting): string {
  return `a whole number of ${setting.unit} from ${setting.min} to ${setting.max}`;
}
