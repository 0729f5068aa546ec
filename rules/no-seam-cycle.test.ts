import { DEFAULT_SEAM } from "../lib/config/seam-section.js";
import rule from "./no-seam-cycle.js";
import { createRuleTester, onDisk } from "./test-support/rule-tester.js";

const T = "packages/agents/src/tools";
const C = "packages/agents/src/capabilities";
const U = "packages/agents/src/util";
const graph = (rel: string) => onDisk("seam-graph", rel);
const cycle = (...files: string[]) => [...files, files[0]].join(" → ");
const base = { seam: "tools-capabilities", reason: DEFAULT_SEAM.reason };

createRuleTester().run("no-seam-cycle", rule, {
  valid: [
    { name: "cycle entirely on the tools side", ...graph(`${T}/same-a.ts`) },
    { name: "same cycle, other file", ...graph(`${T}/same-b.ts`) },
    { name: "cycle closed only by a type-only import", ...graph(`${T}/typed-a.ts`) },
    { name: "cycle closed only by a dynamic import()", ...graph(`${T}/lazy-a.ts`) },
    { name: "a cycle is reported once, on its first tools file", ...graph(`${T}/four-d.ts`) },
    { name: "capabilities file of a cycle", ...graph(`${C}/two-b.ts`) },
    { name: "belt assembly leaf: exception file, no cycle", ...graph(`${T}/mcp-tools.ts`) },
    { name: "allowed direction only", ...graph(`${C}/adapters.ts`) },
    {
      name: "the fixed-direction regression fixture",
      ...onDisk("esbuild-deadlock-fixed", "packages/agents/src/tools/tool-permissions.ts"),
    },
  ],
  invalid: [
    {
      name: "two-file cycle",
      ...graph(`${T}/two-a.ts`),
      errors: [
        {
          messageId: "seamCycle",
          data: { ...base, length: "2", cycle: cycle(`${T}/two-a.ts`, `${C}/two-b.ts`) },
          line: 1,
        },
      ],
    },
    {
      name: "four-file cycle through a neutral helper",
      ...graph(`${T}/four-a.ts`),
      errors: [
        {
          messageId: "seamCycle",
          data: {
            ...base,
            length: "4",
            cycle: cycle(`${T}/four-a.ts`, `${U}/four-b.ts`, `${C}/four-c.ts`, `${T}/four-d.ts`),
          },
        },
      ],
    },
    {
      name: "async only through a transitively imported top-level await",
      ...graph(`${T}/async-a.ts`),
      errors: [
        {
          messageId: "asyncSeamCycle",
          data: { ...base, length: "2", cycle: cycle(`${T}/async-a.ts`, `${C}/async-b.ts`), tla: `${U}/env.ts:1` },
        },
      ],
    },
    {
      name: "cycle through a re-export",
      ...graph(`${T}/barrel.ts`),
      errors: [
        {
          messageId: "seamCycle",
          data: { ...base, length: "2", cycle: cycle(`${T}/barrel.ts`, `${C}/barrel-cap.ts`) },
        },
      ],
    },
    {
      name: "the esbuild deadlock regression fixture",
      ...onDisk("esbuild-deadlock", "packages/agents/src/tools/tool-permissions.ts"),
      errors: [
        {
          messageId: "asyncSeamCycle",
          line: 4,
          data: {
            ...base,
            length: "2",
            cycle: cycle(
              "packages/agents/src/tools/tool-permissions.ts",
              "packages/agents/src/capabilities/adapters.ts",
            ),
            tla: "packages/agents/src/tools/settings.ts:2",
          },
        },
      ],
    },
  ],
});
