import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BLOCKER_CODES } from "../inventory/index.js";
import { REFUSAL_CODES } from "./tool-class-to-capability/index.js";
import { isUnitCode, UNIT_CODES } from "./unit-codes.js";

const table = readFileSync(new URL("./unit-codes.md", import.meta.url), "utf8");
const documented = [...table.matchAll(/^\| `([a-z-]+)`/gm)].map((m) => m[1]);

describe("unit codes", () => {
  it("are documented in one table, exactly the codes in code", () => {
    expect([...documented].sort()).toEqual([...UNIT_CODES].sort());
  });

  it("are kebab-case and include every inventory blocker code", () => {
    for (const c of UNIT_CODES) expect(c).toMatch(/^[a-z]+(-[a-z]+)*$/);
    for (const b of BLOCKER_CODES) expect(isUnitCode(b)).toBe(true);
  });

  it("cover every code the class move refuses with", () => {
    for (const c of Object.keys(REFUSAL_CODES)) expect(isUnitCode(c), c).toBe(true);
  });
});
