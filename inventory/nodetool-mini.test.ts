/**
 * Pins the scanner against the embedded fixture's ground truth
 * (fixtures/nodetool-mini/expected-inventory.json, written by the fixture's author): exactly
 * those classes, with those kinds, wire names, namespaces and directness, and every class's
 * evidence naming a construction site that really constructs something.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CAPKIT_ROOT } from "../lib/workspace-aliases.js";
import { scanInventory } from "./scan/scan-inventory.js";
import type { InventoryResult } from "./types.js";

interface Expected {
  readonly classes: readonly {
    name: string | null;
    file: string;
    kind: string;
    wireName: string | null;
    namespace: string | null;
    direct: boolean;
  }[];
  readonly distractors: readonly string[];
}

const ROOT = join(CAPKIT_ROOT, "fixtures", "nodetool-mini");
const expected = JSON.parse(readFileSync(join(ROOT, "expected-inventory.json"), "utf8")) as Expected;
const key = (c: { file: string; name: string | null }) => `${c.file}#${c.name ?? "<anonymous>"}`;
const SITE = /^(?:subclass \S+: )?(?:constructed|assembled|made through|made by)\b.*\((packages\/[^:()]+):(\d+)\)/;

let result: InventoryResult;
beforeAll(async () => {
  result = await scanInventory(ROOT, { cache: false });
});

describe("fixtures/nodetool-mini", () => {
  it("reports exactly the classes of the ground truth, none of the distractors", () => {
    expect(result.classes.map(key).sort()).toEqual(expected.classes.map(key).sort());
    expect(result.incomplete).toBe(false);
  });

  it("gives each class the intended kind, wire name, namespace and directness", () => {
    const byKey = new Map(result.classes.map((c) => [key(c), c]));
    for (const want of expected.classes) {
      const got = byKey.get(key(want));
      expect({
        key: key(want),
        kind: got?.kind,
        wireName: got?.wireName,
        namespace: got?.namespace,
        direct: got?.direct,
      }).toEqual({
        key: key(want),
        kind: want.kind,
        wireName: want.wireName,
        namespace: want.namespace,
        direct: want.direct,
      });
    }
  });

  it("names a construction site in every class's evidence, and that line constructs", () => {
    for (const c of result.classes) {
      const cited = c.evidence.map((e) => SITE.exec(e)).find((m) => m !== null);
      expect(cited, `${key(c)}: ${c.evidence.join(" | ")}`).toBeTruthy();
      const [, file = "", line = "0"] = cited ?? [];
      const text = readFileSync(join(ROOT, file), "utf8").split("\n")[Number(line) - 1] ?? "";
      expect(text, `${key(c)} cites ${file}:${line}`).toMatch(/\bnew\b|\w+\(/);
    }
  });

  it("counts follow the ground truth", () => {
    const kinds = expected.classes.map((c) => c.kind);
    expect(result.counters.capabilityShaped).toBe(kinds.filter((k) => k === "capability").length);
    expect(result.counters.loopProtocol).toBe(kinds.filter((k) => k === "loop-protocol").length);
    expect(result.counters.indirect.occurrences).toBe(expected.classes.filter((c) => !c.direct).length);
    expect(result.counters.extendsTool.occurrences).toBe(expected.classes.filter((c) => c.direct).length);
  });
});
