import { describe, expect, it } from "vitest";
import { refusalsByCode } from "./model.js";
import { renderDashboard } from "./index.js";
import { dashboardFixture } from "../test-support/dashboard-fixture.js";

describe("dashboard: refusals grouped by code", () => {
  const base = dashboardFixture();
  const inputs = {
    ...base,
    migrate: {
      namespaces: [
        {
          namespace: "models",
          converted: [],
          filesWritten: [],
          refused: [
            {
              class: "DescribeModelTool",
              file: "packages/agents/src/tools/models-tools.ts",
              line: 40,
              code: "this-escape",
              reason: "this-escape at …",
              fix: "pass the fields it needs instead of the instance",
            },
            {
              class: "ScoreModelTool",
              file: "packages/agents/src/tools/models-tools.ts",
              line: 80,
              code: "this-escape",
              reason: "this-escape at …",
              fix: "pass the fields it needs instead of the instance",
            },
          ],
        },
        {
          namespace: "media",
          converted: [],
          filesWritten: [],
          refused: [
            {
              class: "TranscribeAudioTool",
              file: "packages/agents/src/tools/media-tools.ts",
              code: "dynamic-identity",
              reason: "dynamic-identity at …",
              fix: "declare a literal name",
            },
          ],
        },
        {
          namespace: "old",
          converted: [],
          filesWritten: [],
          refused: [{ class: "LegacyTool", file: "x.ts", reason: "saved before codes" }],
        },
      ],
    },
  };

  it("groups by code, largest first, with the classes and the fix", () => {
    const groups = refusalsByCode(inputs);
    expect(groups.map((g) => [g.code, g.classes.length])).toEqual([
      ["this-escape", 2],
      ["(no code)", 1],
      ["dynamic-identity", 1],
    ]);
    expect(groups[0]?.classes.map((c) => c.location)).toEqual([
      "packages/agents/src/tools/models-tools.ts:40",
      "packages/agents/src/tools/models-tools.ts:80",
    ]);
    expect(groups[0]?.fix).toBe("pass the fields it needs instead of the instance");
  });

  it("renders one row per code", () => {
    const page = renderDashboard(inputs);
    expect(page).toContain('id="refusals"');
    expect(page).toContain('data-code="this-escape" data-count="2"');
    expect(page).toContain('data-code="dynamic-identity" data-count="1"');
  });
});
