// bqgen verify's warm Node runner (verify/harness): one node process that runs
// the compiled tests once per request, each run in a worker thread of its own.
// A worker is a new JavaScript realm: its own module graph (every test module
// and what it imports evaluated afresh), its own globals, and its own copy of
// the environment, given by the request. Nothing a run leaves behind reaches
// the next; what the runs share is the process, which starts once, and its V8
// flags. The worker's stdout and stderr go to the run's output file, never to
// the answers. See verify/warm.go for the protocol.
//
// Usage: node [V8 FLAGS] bqgen-verify-runner.mjs ENTRY
// A request's fields: output (the run's console output file), args (node's
// options for the run, NUL-separated: its reporters), entry (the run's own
// entry, importing some of the test files, instead of ENTRY) and env.NAME
// (the environment overrides).

import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const ENV_PREFIX = 'env.';

if (process.argv.length !== 3) {
  process.stderr.write('usage: bqgen-verify-runner.mjs ENTRY\n');
  process.exit(2);
}
const entry = pathToFileURL(resolve(process.argv[2]));

/** A request: space-separated name=hex(UTF-8 value) fields. */
function parseRequest(line) {
  const fields = new Map();
  for (const field of line.split(' ')) {
    if (field === '') {
      continue;
    }
    const eq = field.indexOf('=');
    fields.set(field.slice(0, eq), Buffer.from(field.slice(eq + 1), 'hex').toString('utf8'));
  }
  return fields;
}

/** One run in a new worker; resolves to the exit status a process of its own would have had. */
async function run(fields) {
  const env = { ...process.env };
  for (const [name, value] of fields) {
    if (name.startsWith(ENV_PREFIX)) {
      env[name.slice(ENV_PREFIX.length)] = value;
    }
  }
  const args = fields.get('args') ?? '';
  const output = createWriteStream(fields.get('output'));
  let code;
  try {
    const own = fields.get('entry');
    const worker = new Worker(own === undefined ? entry : pathToFileURL(resolve(own)), {
      env,
      execArgv: args === '' ? [] : args.split('\0'),
      stdout: true,
      stderr: true,
    });
    worker.stdout.pipe(output, { end: false });
    worker.stderr.pipe(output, { end: false });
    worker.on('error', (error) => output.write(`bqgen verify's warm runner: the run threw: ${error?.stack ?? error}\n`));
    code = await new Promise((done) => worker.on('exit', done));
    await Promise.all([finished(worker.stdout), finished(worker.stderr)]);
  } catch (error) {
    output.write(`bqgen verify's warm runner: the run did not start: ${error?.stack ?? error}\n`);
    code = 1;
  }
  output.end();
  await finished(output);
  return code;
}

// One request at a time, in order: each answer follows its run.
const requests = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of requests) {
  process.stdout.write(`exit ${await run(parseRequest(line))}\n`);
}
