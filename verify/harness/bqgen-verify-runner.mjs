// bqgen verify's warm node runner (verify/harness): one node process that
// runs the compiled tests once per request, each run in a worker thread of
// its own, with node:test's own reporters (TAP for the counts, junit for the
// result file). A worker has its own module graph and globals, so the run
// imports the tests afresh and no module state of a run before survives; its
// environment is the run's own (the oracle's variables). See verify/warm.go
// for the protocol.

import { createWriteStream } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { finished } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

const ENV = "env.";
const entry = pathToFileURL(resolve(process.argv[2]));

/** A request: space-separated name=hex(UTF-8 value) fields. */
function parse(line) {
  const fields = {};
  for (const field of line.split(" ").filter((f) => f !== "")) {
    const eq = field.indexOf("=");
    fields[field.slice(0, eq)] = Buffer.from(field.slice(eq + 1), "hex").toString("utf8");
  }
  return fields;
}

/** Runs the tests once; resolves with the exit status a process of its own would have had. */
async function run(request) {
  const env = { ...process.env };
  for (const [name, value] of Object.entries(request)) {
    if (name.startsWith(ENV)) {
      env[name.slice(ENV.length)] = value;
    }
  }
  const execArgv = ["--enable-source-maps", "--test-reporter=tap", "--test-reporter-destination=stdout"];
  if (request.results !== undefined) {
    execArgv.push("--test-reporter=junit", `--test-reporter-destination=${request.results}`);
  }
  const out = createWriteStream(request.output);
  const worker = new Worker(entry, { env, execArgv, stdout: true, stderr: true });
  worker.stdout.pipe(out, { end: false });
  worker.stderr.pipe(out, { end: false });
  let crashed = false;
  worker.on("error", (error) => {
    crashed = true;
    out.write(`${error?.stack ?? error}\n`);
  });
  const code = await new Promise((done) => worker.on("exit", done));
  await Promise.all([finished(worker.stdout), finished(worker.stderr)]);
  out.end();
  await finished(out);
  return crashed && code === 0 ? 1 : code;
}

// Anything printed between runs goes to stderr, never into the answers.
const control = process.stdout;
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const code = await run(parse(line));
  control.write(`exit ${code}\n`);
}
