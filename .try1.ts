import { scanInventory } from "./inventory/index.js";
import { treeFromDir } from "./codemods/testing/index.js";
import { toolClassToCapability } from "./codemods/tool-class-to-capability/index.js";
import { defaultConfig } from "./lib/config/index.js";
const root = "fixtures/nodetool-mini";
const inv = await scanInventory(root, { config: defaultConfig() });
console.log(inv.counters);
for (const c of inv.classes) console.log(c.kind, c.namespace, c.name, c.wireName, c.category, c.categorySource, c.blockers.map(b=>b.code).join(","));
const cfg = defaultConfig();
const tree = treeFromDir(root);
const ns = process.argv[2] ? [process.argv[2]] : [...new Set(inv.classes.filter(c=>c.kind==="capability"&&c.namespace).map(c=>c.namespace as string))];
const res = await toolClassToCapability.run(tree, { root, inventory: inv, namespaces: ns, capabilitiesDir: cfg.codemods.capabilitiesDir, runFields: cfg.codemods.runFields, keepShims: false, runtimeImport: "capkit/runtime" });
for (const r of res) console.log(r.outcome, r.unit, r.wireName ?? "", r.reason ?? "", r.warnings ?? "");
import { writeFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
for (const c of tree.changes()) { const p = "/tmp/try-out/" + c.path; mkdirSync(dirname(p), {recursive:true}); writeFileSync(p + "." + c.kind, c.kind === "delete" ? "" : c.after); }
