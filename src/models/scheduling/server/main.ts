#!/usr/bin/env node
/** `npm run server`: starts the reference list server and stops it on Ctrl-C. */
import { readServerConfig } from './config.js';
import { startListServer } from './server.js';

const parsed = readServerConfig(process.argv.slice(2), process.env);
if (parsed.kind === 'help') process.stdout.write(parsed.text);
else if (parsed.kind === 'error') {
  process.stderr.write(`tql server: ${parsed.message}\nRun npm run server -- --help for the options.\n`);
  process.exitCode = 2;
} else {
  const { config } = parsed;
  try {
    const server = await startListServer({ port: config.port, token: config.token, databaseUrl: config.databaseUrl, reset: config.reset, ...config.limits });
    const token = config.tokenSource === 'default' ? `${config.token} (the default dev token; set TQL_API_TOKEN or --token)` : `from ${config.tokenSource}`;
    process.stdout.write(
      [
        `tql list server on ${server.url} (${server.database})`,
        `  token: ${token}`,
        `  try:   curl -s -H 'Authorization: Bearer ${config.tokenSource === 'default' ? config.token : '<token>'}' '${server.url}/v1/agents?filter=agent.name~LIKE~john'`,
        '',
      ].join('\n'),
    );
    const stop = () => {
      process.stdout.write('tql server: stopping\n');
      server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`tql server: could not start: ${message}\n`);
    process.exitCode = 1;
  }
}
