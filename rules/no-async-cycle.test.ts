import rule, { type AsyncCycleOptions } from "./no-async-cycle.js";
import { createRuleTester, fixturePath, onDisk } from "./test-support/rule-tester.js";

const slice = (rel: string) => onDisk("cycle-slice", rel);
const cycle = (...files: string[]) => [...files, files[0]].join(" → ");
const sync: [AsyncCycleOptions] = [{ syncCycles: true }];

createRuleTester().run("no-async-cycle", rule, {
  valid: [
    { name: "a synchronous cycle is not reported by default", ...slice("src/core/atom.ts") },
    { name: "an async cycle is reported once, on its smallest file", ...slice("src/store/repo.ts") },
    { name: "the module with the await, outside the cycle", ...slice("src/store/db.ts") },
    { name: "a seam cycle is no-seam-cycle's to report", ...slice("src/tools/registry.ts"), options: sync },
    { name: "a seam cycle, from the other side", ...slice("src/capabilities/index.ts"), options: sync },
    { name: "import() never closes a cycle, top-level await or not", ...slice("src/plugins/loader.ts"), options: sync },
    { name: "the statically importing side of that pair", ...slice("src/plugins/heavy.ts"), options: sync },
    { name: "`import type` closes no cycle", ...slice("src/internal/Observable.ts"), options: sync },
    { name: "`export type … from` closes no cycle", ...slice("src/shapes/types.ts"), options: sync },
    {
      name: "the single-package deadlock's cycle crosses the default seam: no-seam-cycle reports it",
      ...onDisk("esbuild-deadlock-single", "src/capabilities/adapters.ts"),
      options: [{ root: fixturePath("esbuild-deadlock-single", ".") }],
    },
    {
      name: "the fixed-direction regression fixture",
      ...onDisk("esbuild-deadlock-fixed", "packages/agents/src/tools/tool-permissions.ts"),
      options: sync,
    },
  ],
  invalid: [
    {
      name: "an async cycle outside any seam, reaching the await through an import",
      ...slice("src/store/cache.ts"),
      errors: [
        {
          messageId: "asyncCycle",
          line: 2,
          data: { length: "2", cycle: cycle("src/store/cache.ts", "src/store/repo.ts"), tla: "src/store/db.ts:6" },
        },
      ],
    },
    {
      name: "syncCycles lists a barrel cycle",
      ...slice("src/core/atom.ts"),
      options: sync,
      errors: [
        {
          messageId: "syncCycle",
          line: 1,
          data: { length: "2", cycle: cycle("src/core/atom.ts", "src/core/internal.ts") },
        },
      ],
    },
    {
      name: "syncCycles: one cycle per circular dependency of the barrel",
      ...slice("src/core/internal.ts"),
      options: sync,
      errors: [
        {
          messageId: "syncCycle",
          line: 5,
          data: { length: "2", cycle: cycle("src/core/internal.ts", "src/core/reaction.ts") },
        },
        {
          messageId: "syncCycle",
          line: 6,
          data: { length: "2", cycle: cycle("src/core/internal.ts", "src/core/observable.ts") },
        },
      ],
    },
    {
      name: "syncCycles: a three-file cycle through the barrel",
      ...slice("src/core/autorun.ts"),
      options: sync,
      errors: [
        {
          messageId: "syncCycle",
          data: { length: "3", cycle: cycle("src/core/autorun.ts", "src/core/reaction.ts", "src/core/internal.ts") },
        },
      ],
    },
    {
      name: "with the seam configured away, the deadlock's cycle is this rule's (single package, no config)",
      ...onDisk("esbuild-deadlock-single", "src/capabilities/adapters.ts"),
      options: [{ root: fixturePath("esbuild-deadlock-single", "."), seams: [] }],
      errors: [
        {
          messageId: "asyncCycle",
          line: 2,
          data: {
            length: "2",
            cycle: cycle("src/capabilities/adapters.ts", "src/tools/tool-permissions.ts"),
            tla: "src/tools/settings.ts:2",
          },
        },
      ],
    },
  ],
});
