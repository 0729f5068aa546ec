/**
 * Inventory and migrate agree on LangChain-shaped code: over the trees of the langchain-shapes
 * fixture (a string `_call`, an unannotated one, a StructuredTool with a zod schema, a static
 * lc_name(), a body reading its run manager), the langchain-metadata fixture (Serializable
 * metadata dropped, look-alikes that still block, LangChain's super(fields), a public method, a getter), the
 * langchain-constructor-config fixture (LangChain's super(fields) and configuration checks), the
 * run-method-inputs fixture (an input typed `typeof this.schema`, converted, and one typed by the polymorphic `this`, a third process parameter read or
 * not) and the run-method-execute fixture (`execute` with and without a context, a read
 * `options`, a function-valued `execute` field), `capkit inventory --json` and `capkit migrate --all --json` run on the same tree:
 * every capability class the inventory leaves unblocked converts (but those whose constructor the
 * move re-checks and refuses, listed per case), and every one it blocks is refused with the
 * blocker's own code.
 */
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCapkit } from "../../bin/test-support/run-capkit.js";
import type { ClassRecord } from "../../inventory/types.js";
import { blockingBlockers } from "../shared/blocking.js";
import { tempProject } from "../test-support/temp-project.js";

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

const cli = (argv: string[]) => runCapkit(argv);

interface InventoryOut {
  classes: { name: string; kind: string; direct: boolean; wireName: string | null; blockers: { code: string }[] }[];
}
interface MigrateOut {
  namespaces: { namespace: string; converted: string[]; refused: { class: string; code: string }[] }[];
}

const CASES = [
  {
    fixture: "langchain-shapes",
    bases: ["Tool", "StructuredTool"],
    file: "src/tools/langchain-tools.ts",
    converted: ["calculator", "json_list_keys", "shout", "wikipedia-api"],
    blocked: [{ class: "TracedEchoTool", code: "run-method-param" }],
  },
  {
    fixture: "langchain-metadata",
    bases: ["Tool"],
    file: "src/tools/search-tools.ts",
    // No belt assembles these echoes, and their shape reads as loop-protocol; they were capability
    // only while NodeTool's module table (which names search-tools.ts) applied to every repo.
    capability: ["ConfiguredSearch", "JsonedSearch", "RunTimeNamed", "SelfNamedNamespace"],
    converted: ["echo_search", "keyed_search"],
    blocked: [
      { class: "ConfiguredSearch", code: "super-call" },
      { class: "GetterSearch", code: "instance-state" },
      { class: "JsonedSearch", code: "extra-public-member" },
      { class: "RunTimeNamed", code: "static-member" },
      { class: "SelfNamedNamespace", code: "instance-state" },
    ],
  },
  {
    fixture: "langchain-constructor-config",
    bases: ["Tool"],
    file: "src/tools/weather-tools.ts",
    converted: ["forecast", "geocode", "radar_lookup", "station_lookup"],
    blocked: [
      { class: "SelfConfiguredTool", code: "super-call" },
      { class: "MergedOptionsTool", code: "instance-state" },
    ],
    // Constructor logic the inventory leaves to the move, which re-checks it and refuses.
    rechecked: [
      { class: "WarnedConfigTool", code: "constructor-logic" },
      { class: "OwnErrorTool", code: "constructor-logic" },
    ],
  },
  {
    fixture: "run-method-inputs",
    bases: ["Tool", "StructuredTool"],
    file: "src/tools/lookup-tools.ts",
    converted: ["count_keys", "lookup_key", "plain_lookup"],
    blocked: [
      { class: "ThisTypedTool", code: "this-typed-input" },
      { class: "TracedLookupTool", code: "run-method-param" },
    ],
  },
  {
    fixture: "run-method-execute",
    bases: ["Tool"],
    file: "src/tools/text-tools.ts",
    converted: ["who_am_i", "word_count"],
    blocked: [
      { class: "SlowEchoTool", code: "run-method-param" },
      { class: "CharCountTool", code: "run-method-field" },
    ],
  },
];

describe("inventory and migrate agree on LangChain-shaped tools", () => {
  it.each(CASES)(
    "$fixture: converts exactly the unblocked capability classes and refuses the blocked ones with the blocker's code",
    async (c) => {
      const input = fileURLToPath(new URL(`./__testfixtures__/${c.fixture}/input`, import.meta.url));
      const root = tempProject(input, {
        "package.json": JSON.stringify({ type: "module" }),
        ".gitignore": "node_modules/\n.capkit/\n",
        "capkit.config.json": JSON.stringify({
          base: { names: c.bases, module: "src/tools/base-tool.ts" },
          codemods: { capabilitiesDir: "src/capabilities" },
          scan: { include: ["src/**/*.ts"] },
          namespaces: { byFile: { [c.file]: "ns" } },
          classify: {
            overrides: Object.fromEntries(
              (("capability" in c ? c.capability : undefined) ?? []).map((name) => [name, "capability"]),
            ),
          },
        }),
      });
      roots.push(root);

      const inventory = JSON.parse((await cli(["inventory", root, "--json"])).stdout) as InventoryOut;
      const capability = inventory.classes.filter((k) => k.kind === "capability");
      // The move re-checks a constructor the inventory calls unknown-ctor-param (codemods/shared/blocking.ts).
      const blocking = (k: InventoryOut["classes"][number]) => blockingBlockers(k as unknown as ClassRecord);
      const unblocked = capability.filter((k) => blocking(k).length === 0).map((k) => k.wireName);
      const blocked = capability
        .filter((k) => blocking(k).length > 0)
        .map((k) => ({ class: k.name, code: blocking(k)[0]?.code }));

      const out = (await cli(["migrate", root, "--all", "--json", "--allow-dirty"])).stdout;
      const migrate = JSON.parse(out) as MigrateOut;
      const converted = migrate.namespaces.flatMap((n) => n.converted).sort();
      const refused = migrate.namespaces.flatMap((n) => n.refused).map((r) => ({ class: r.class, code: r.code }));

      const rechecked: { class: string; code: string }[] = ("rechecked" in c && c.rechecked) || [];
      const refusedOnRecheck = new Set(rechecked.map((r) => r.class));
      const recheckedWires = capability.filter((k) => refusedOnRecheck.has(k.name)).map((k) => k.wireName);
      expect(converted).toEqual(unblocked.filter((w) => !recheckedWires.includes(w)).sort());
      expect(converted).toEqual(c.converted);
      expect(refused.sort(byClass)).toEqual([...blocked, ...rechecked].sort(byClass));
      expect(blocked.sort(byClass)).toEqual([...c.blocked].sort(byClass));
    },
    120_000,
  );
});

function byClass(a: { class: string }, b: { class: string }): number {
  return a.class.localeCompare(b.class);
}
