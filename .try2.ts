import { runTypecheck } from "./codemods/runner/typecheck.js";
const t0 = Date.now();
const r = runTypecheck(process.argv[2] ?? "fixtures/nodetool-mini");
console.log(Date.now() - t0, "ms", r.tsconfig, r.errors.length); console.log(r.errors.join("\n"));
