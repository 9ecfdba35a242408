// node typecheck.cjs TYPESCRIPT_DIR TSCONFIG...
//
// Type-checks each project as `tsc -p TSCONFIG --noEmit --skipLibCheck`
// does (the program's pre-emit diagnostics), in one process: the projects
// share the compiler and the parsed declaration files under node_modules
// (the libraries, @types/node, the core stand-in), which a tsc per project
// loaded and parsed again each time. Prints, per project, a line
// "== TSCONFIG ok" or "== TSCONFIG failed" and then tsc's diagnostics.
"use strict";
const path = require("path");
const ts = require(path.resolve(process.argv[2]));

const shared = new Map(); // node_modules file -> its parsed SourceFile
const formatHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => "\n",
};

function check(configPath) {
  const diagnostics = [];
  const config = ts.getParsedCommandLineOfConfigFile(configPath, { noEmit: true, skipLibCheck: true }, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => diagnostics.push(d),
  });
  if (!config) return diagnostics;
  const host = ts.createCompilerHost(config.options);
  const read = host.getSourceFile;
  host.getSourceFile = (file, languageVersion, onError, create) => {
    if (!file.includes("/node_modules/")) return read(file, languageVersion, onError, create);
    const key = file + "\0" + JSON.stringify(languageVersion);
    if (!shared.has(key)) shared.set(key, read(file, languageVersion, onError, create));
    return shared.get(key);
  };
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    host,
    projectReferences: config.projectReferences,
    configFileParsingDiagnostics: config.errors,
  });
  diagnostics.push(...ts.getPreEmitDiagnostics(program));
  return diagnostics;
}

let failed = false;
for (const configPath of process.argv.slice(3)) {
  const diagnostics = check(configPath);
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  failed = failed || errors.length > 0;
  process.stdout.write(`== ${configPath} ${errors.length > 0 ? "failed" : "ok"}\n`);
  process.stdout.write(ts.formatDiagnostics(diagnostics, formatHost));
}
process.exitCode = failed ? 1 : 0;
