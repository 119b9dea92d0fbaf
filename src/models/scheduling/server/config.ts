/** The reference server's settings from its command line and environment. */
import { parseArgs } from 'node:util';
import { parseArgsMessage } from '../../../errors/args-message.js';
import { DEV_TOKEN } from './auth.js';
import { LIMIT_NAMES, LIMIT_SETTINGS, parseLimit, timeoutOrderProblem, type ConnectionLimits } from './connection-limits.js';

export interface ServerConfig {
  readonly port: number;
  readonly token: string;
  /** Where the token came from, to say at start without printing a real secret. */
  readonly tokenSource: '--token' | 'TQL_API_TOKEN' | 'default';
  readonly databaseUrl: string | undefined;
  readonly reset: boolean;
  /** Timeouts and the connection cap (docs/server.md, Limits). */
  readonly limits: ConnectionLimits;
}

export type ConfigResult =
  | { readonly kind: 'config'; readonly config: ServerConfig }
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'error'; readonly message: string };

const DEFAULT_PORT = 8080;

const SERVER_HELP = `Usage: npm run server -- [--port <n>] [--token <token>] [--database-url <url>] [--reset] [limits]

The reference list server of the scheduling API on 127.0.0.1: GET /v1/scheduling_requests,
/v1/scheduling_requests/:id, /v1/agents and /v1/resources, filtered with TQL.

Options:
  --port <n>            port to listen on (default ${DEFAULT_PORT}, or env PORT; 0 picks a free one)
  --token <token>       the bearer token clients must send (default: env TQL_API_TOKEN, else ${DEV_TOKEN})
  --database-url <url>  a PostgreSQL (postgresql://) or MySQL/MariaDB (mysql://) server
                        (default: env DATABASE_URL, else embedded PGlite)
  --reset               reload the sample data into the server's scheduling tables
  -h, --help            show this help

Limits (each also from its environment variable):
  --headers-timeout <ms>     request line and headers within this (TQL_HEADERS_TIMEOUT, default ${LIMIT_SETTINGS.headersTimeout.default}): else 408
  --request-timeout <ms>     the whole request within this (TQL_REQUEST_TIMEOUT, default ${LIMIT_SETTINGS.requestTimeout.default}): else 408
  --keep-alive-timeout <ms>  an idle kept-alive connection closes after this (TQL_KEEP_ALIVE_TIMEOUT, default ${LIMIT_SETTINGS.keepAliveTimeout.default})
  --max-connections <n>      connections past this get 503 (TQL_MAX_CONNECTIONS, default ${LIMIT_SETTINGS.maxConnections.default})

Example:
  curl -H 'Authorization: Bearer ${DEV_TOKEN}' 'http://127.0.0.1:${DEFAULT_PORT}/v1/agents?filter=agent.name~LIKE~john'
`;

/**
 * Reads the settings: flags first, then the environment, then defaults.
 *
 * @example
 * ```ts
 * readServerConfig(['--port', '0'], { TQL_API_TOKEN: 's3cret' });
 * // { kind: 'config', config: { port: 0, token: 's3cret', tokenSource: 'TQL_API_TOKEN', databaseUrl: undefined, reset: false, limits: { headersTimeout: 10000, … } } }
 * ```
 */
export function readServerConfig(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): ConfigResult {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        token: { type: 'string' },
        'database-url': { type: 'string' },
        reset: { type: 'boolean' },
        ...Object.fromEntries(LIMIT_NAMES.map((name) => [LIMIT_SETTINGS[name].flag.slice(2), { type: 'string' }] as const)),
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    return { kind: 'error', message: parseArgsMessage(e) };
  }
  if (values.help === true) return { kind: 'help', text: SERVER_HELP };
  const rawPort = (values.port as string | undefined) ?? env.PORT;
  const port = rawPort === undefined ? DEFAULT_PORT : /^[0-9]{1,5}$/.test(rawPort) ? Number(rawPort) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) return { kind: 'error', message: `--port takes a port number from 0 to 65535, not ${JSON.stringify(rawPort)}` };
  const flagToken = values.token as string | undefined;
  const envToken = env.TQL_API_TOKEN === '' ? undefined : env.TQL_API_TOKEN;
  const token = flagToken ?? envToken ?? DEV_TOKEN;
  if (!/^\S+$/.test(token)) return { kind: 'error', message: 'the token cannot be empty or contain spaces' };
  const databaseUrl = (values['database-url'] as string | undefined) ?? (env.DATABASE_URL === '' ? undefined : env.DATABASE_URL);
  if (values.reset === true && databaseUrl === undefined) return { kind: 'error', message: '--reset needs --database-url (PGlite always starts from the sample data)' };
  const limits = readLimits(values, env);
  if (typeof limits === 'string') return { kind: 'error', message: limits };
  return {
    kind: 'config',
    config: {
      port,
      token,
      tokenSource: flagToken !== undefined ? '--token' : envToken !== undefined ? 'TQL_API_TOKEN' : 'default',
      databaseUrl,
      reset: values.reset === true,
      limits,
    },
  };
}

/** The limits from their flags, else their environment variables, else the defaults; or what is wrong. */
function readLimits(values: Record<string, string | boolean | undefined>, env: Readonly<Record<string, string | undefined>>): ConnectionLimits | string {
  const limits: Partial<Record<keyof ConnectionLimits, number>> = {};
  for (const name of LIMIT_NAMES) {
    const { flag, env: variable } = LIMIT_SETTINGS[name];
    const text = (values[flag.slice(2)] as string | undefined) ?? (env[variable] === '' ? undefined : env[variable]);
    if (text === undefined) {
      limits[name] = LIMIT_SETTINGS[name].default;
      continue;
    }
    const parsed = parseLimit(name, text);
    if (!parsed.ok) return parsed.message;
    limits[name] = parsed.value;
  }
  const complete = limits as ConnectionLimits;
  return timeoutOrderProblem(complete, LIMIT_SETTINGS.headersTimeout.flag, LIMIT_SETTINGS.requestTimeout.flag) ?? complete;
}
