/**
 * Call-site rewrite benchmark: TypeScript-position splicing (what tool-construction-to-name
 * does) against a jscodeshift parse-and-print, measured in the same run on
 *   1. a round trip of real TypeScript (every non-declaration .ts under node_modules/*\/src plus
 *      the embedded fixture): how many files jscodeshift's printer changes although nothing was
 *      edited, versus splicing with no edits (byte-identical by construction, checked here);
 *   2. the fixture after its capability classes are removed (a stand-in for the class move):
 *      the codemod's rewrite of every `new XTool(…)`, against the same replacement done with
 *      jscodeshift, counting changed lines that are neither imports nor rewritten call sites;
 *   3. time per file for both.
 *   npm run bench -- call-sites
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { diffLines } from "diff";
import fg from "fast-glob";
import jscodeshift from "jscodeshift";
import { scanInventory } from "../inventory/index.js";
import { VirtualTree } from "../codemods/plan.js";
import { DEFAULT_CODEMODS_CONFIG } from "../lib/config/codemods-section.js";
import { runToolConstruction } from "../codemods/tool-construction-to-name/index.js";
import { getTypeScript, parseSource } from "../codemods/shared/parse.js";
import { applyEdits } from "../codemods/shared/splice.js";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..");
const FIXTURE = join(REPO, "fixtures", "nodetool-mini");
const REGISTRY =
  'import { bindToolAdapters, createCapabilityRegistry } from "capkit/runtime";\nimport { Tool } from "../tools/base-tool.js";\nexport const registry = createCapabilityRegistry({});\nexport const { toolForCapabilityName, toolFromLazyCapability, gateTools } = bindToolAdapters({ Tool, registry });\n';

const jscs = (file: string) => jscodeshift.withParser(file.endsWith(".tsx") ? "tsx" : "ts");

// ── 1. round trip ───────────────────────────────────────────────────────────────────────────
const corpus = [
  ...fg
    .sync("node_modules/**/src/**/*.ts", { cwd: REPO, ignore: ["**/*.d.ts", "**/*.d.mts", "**/*.d.cts"] })
    .map((f) => join(REPO, f)),
  ...fg.sync("packages/**/*.ts", { cwd: FIXTURE }).map((f) => join(FIXTURE, f)),
];
let jsChanged = 0;
let jsFailed = 0;
let jsMs = 0;
let tsMs = 0;
let spliceChanged = 0;
const examples: string[] = [];
getTypeScript();
for (const path of corpus) {
  const text = readFileSync(path, "utf8");
  let t = performance.now();
  try {
    const out = jscs(path)(text).toSource();
    if (out !== text) {
      jsChanged++;
      if (examples.length < 3) examples.push(path.replace(`${REPO}/`, ""));
    }
  } catch {
    jsFailed++;
  }
  jsMs += performance.now() - t;
  t = performance.now();
  const { sourceFile } = parseSource(path, text);
  if (applyEdits(path, sourceFile.text, []) !== text) spliceChanged++;
  tsMs += performance.now() - t;
}
const parsed = corpus.length - jsFailed;
console.log(`round trip over ${corpus.length} real TypeScript files (nothing edited):`);
console.log(
  `  jscodeshift (recast) reprinted ${jsChanged}/${parsed} files differently (${((100 * jsChanged) / parsed).toFixed(1)}%), ${jsFailed} did not parse; e.g. ${examples.join(", ")}`,
);
console.log(`  TS splicing changed ${spliceChanged}/${corpus.length} files`);
console.log(
  `  time per file: jscodeshift ${(jsMs / corpus.length).toFixed(2)} ms, TS parse ${(tsMs / corpus.length).toFixed(2)} ms (ratio ${(jsMs / tsMs).toFixed(1)}×)`,
);

// ── 2. the rewrite on the fixture ───────────────────────────────────────────────────────────
const work = mkdtempSync(join(tmpdir(), "capkit-callsites-"));
try {
  cpSync(FIXTURE, work, { recursive: true });
  if (existsSync(join(work, "capkit.config.json"))) rmSync(join(work, "capkit.config.json"));
  const inventory = await scanInventory(work);
  const ts = getTypeScript();
  const files = fg.sync("**/*.ts", { cwd: work, ignore: ["**/node_modules/**"] });
  const tree = new VirtualTree(
    work,
    (p) => (existsSync(join(work, p)) ? readFileSync(join(work, p), "utf8") : null),
    () => files,
  );
  const converted = inventory.classes.filter(
    (c) => c.kind === "capability" && c.blockers.length === 0 && c.name && c.wireName && c.namespace,
  );
  const paramsByClass = new Map<string, string[]>();
  for (const file of new Set(converted.map((c) => c.file))) {
    const text = tree.readOrThrow(file);
    const sf = parseSource(file, text).sourceFile;
    const names = new Set(converted.filter((c) => c.file === file).map((c) => c.name));
    for (const s of sf.statements) {
      if (!ts.isClassDeclaration(s) || !s.name || !names.has(s.name.text)) continue;
      const ctor = s.members.find(ts.isConstructorDeclaration);
      paramsByClass.set(
        s.name.text,
        (ctor?.parameters ?? []).map((p) => p.name.getText(sf)),
      );
    }
    const edits = sf.statements
      .filter((s) => ts.isClassDeclaration(s) && s.name !== undefined && names.has(s.name.text))
      .map((s) => ({ start: s.getFullStart(), end: s.end, text: "" }));
    tree.write(file, applyEdits(file, text, edits));
  }
  tree.write(`${DEFAULT_CODEMODS_CONFIG.capabilitiesDir}/registry.ts`, REGISTRY);
  const before = new Map(tree.list().map((p) => [p, tree.readOrThrow(p)]));
  const namespaces = [...new Set(converted.map((c) => c.namespace as string))];
  const t0 = performance.now();
  const results = runToolConstruction(tree, {
    root: work,
    inventory,
    namespaces,
    ...DEFAULT_CODEMODS_CONFIG,
    keepShims: false,
  });
  const spliceMs = performance.now() - t0;
  // Constructor tables have no jscodeshift counterpart here; those files are left out of the comparison.
  const tableFiles = new Set(
    results.filter((r) => r.unit.includes(": ") || r.unit.startsWith("hydration")).map((r) => r.file),
  );
  // The same call-site replacement text, produced with jscodeshift builders (an identifier
  // carrying the replacement text, so only the printing around it can differ).
  const byName = new Map(converted.map((c) => [c.name as string, c]));
  const replacementFor = (name: string, args: string[]): string => {
    const cls = byName.get(name);
    const wireName = JSON.stringify(cls?.wireName);
    if (args.length === 0) return `toolForCapabilityName(${wireName})`;
    const params = paramsByClass.get(name) ?? [];
    const fields = args.map((a, i) => {
      const field = DEFAULT_CODEMODS_CONFIG.runFields[params[i] ?? ""] ?? "unknown";
      return a === field ? field : `${field}: ${a}`;
    });
    return `toolForCapabilityName(${wireName}, (ctx) => createCapabilityRun({ context: ctx, gate: gateFromContext(ctx), registry, ${fields.join(", ")} }))`;
  };
  const isImport = (l: string) => /^\s*(import\b|export \{|\} from|(type )?\w+,?\s*$)/.test(l);
  let importDiffering = 0;
  let differing = 0;
  let jsTime = 0;
  let touched = 0;
  const shown: string[] = [];
  for (const [path, old] of before) {
    const mine = tree.readOrThrow(path);
    if (mine === old) continue;
    touched++;
    if (tableFiles.has(path)) continue;
    const t = performance.now();
    const j = jscs(path);
    const root = j(old);
    root
      .find(j.NewExpression)
      .filter((p) => p.node.callee.type === "Identifier" && byName.has(p.node.callee.name))
      .replaceWith((p) =>
        j.identifier(
          replacementFor(
            (p.node.callee as { name: string }).name,
            p.node.arguments.map((a) => j(a).toSource()),
          ),
        ),
      );
    root
      .find(j.BinaryExpression, { operator: "instanceof" })
      .filter((p) => p.node.right.type === "Identifier" && byName.has(p.node.right.name))
      .replaceWith((p) =>
        j.identifier(
          `${j(p.node.left).toSource()}.name === ${JSON.stringify(byName.get((p.node.right as { name: string }).name)?.wireName)}`,
        ),
      );
    root
      .find(j.ImportSpecifier)
      .filter((p) => byName.has(String(p.node.imported.name)))
      .remove();
    const theirs = root.toSource({ quote: "double" });
    jsTime += performance.now() - t;
    for (const part of diffLines(mine, theirs)) {
      if (!part.added && !part.removed) continue;
      importDiffering += part.value.split("\n").filter((l) => l.trim() !== "" && isImport(l)).length;
      const lines = part.value.split("\n").filter((l) => l.trim() !== "" && !isImport(l));
      differing += lines.length;
      for (const l of lines)
        if (shown.length < 6)
          shown.push(`${part.added ? "jscodeshift" : "splicing   "} ${path}: ${l.trim().slice(0, 110)}`);
    }
  }
  const changed = results.filter((r) => r.outcome === "changed").length;
  console.log(`\nrewrite on the fixture (${before.size} files, ${changed} units changed, ${touched} files touched):`);
  console.log(
    `  lines (imports aside) where jscodeshift's output differs from splicing's for the same replacements: ${differing} (files with constructor tables left out: ${[...tableFiles].join(", ") || "none"})`,
  );
  for (const l of shown) console.log(`    ${l}`);
  console.log(
    `  import lines that differ (splicing keeps each list's layout and removes only the specifier; the transform here adds no imports): ${importDiffering}`,
  );
  console.log(
    `  time: splicing codemod ${spliceMs.toFixed(0)} ms for the whole tree (references, imports, tables, refusals); jscodeshift replace + print of the touched files ${jsTime.toFixed(0)} ms (ratio ${(jsTime / spliceMs).toFixed(1)}×)`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
