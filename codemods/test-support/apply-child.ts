/**
 * Test helper run as a child process: applies the plan in <planFile> to <root> with file
 * operations that pause forever after the first rename of a target file (after printing "paused";
 * the journal's own rename does not count), so the parent
 * can SIGKILL it mid-apply and check that the journal rolls the tree back.
 */
import { readFileSync } from "node:fs";
import { applyPlan, nodeApplyFs, type ApplyFs } from "../runner/apply.js";
import type { FileChange } from "../plan.js";

const [root, planFile] = process.argv.slice(2);
if (!root || !planFile) throw new Error("usage: apply-child <root> <planFile>");
const changes = JSON.parse(readFileSync(planFile, "utf8")) as FileChange[];
let renames = 0;
const pausing: ApplyFs = {
  ...nodeApplyFs,
  rename(from, to) {
    nodeApplyFs.rename(from, to);
    if (to.includes("migrate-journal")) return;
    renames += 1;
    if (renames === 1) {
      process.stdout.write("paused\n");
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
    }
  },
};
applyPlan(root, changes, pausing);
