import { describe, expect, it } from "vitest";
import { closestName, didYouMean } from "./did-you-mean.js";

const COMMANDS = ["inventory", "migrate", "lint", "smoke", "parity", "dashboard", "demo", "config"];
const NAMESPACES = ["agents", "assets", "collections", "documents", "files", "web", "workflows"];

describe("closestName", () => {
  it("finds the name behind a swap, a dropped letter, a wrong case or a missing plural", () => {
    expect(closestName("inventroy", COMMANDS)).toBe("inventory");
    expect(closestName("migrat", COMMANDS)).toBe("migrate");
    expect(closestName("Workflows", NAMESPACES)).toBe("workflows");
    expect(closestName("workflow", NAMESPACES)).toBe("workflows");
    expect(closestName("asset", NAMESPACES)).toBe("assets");
  });

  it("proposes nothing for a name that is not a typo of any choice", () => {
    expect(closestName("deploy", COMMANDS)).toBeUndefined();
    expect(closestName("billing", NAMESPACES)).toBeUndefined();
    expect(closestName("x", [])).toBeUndefined();
  });
});

describe("didYouMean", () => {
  it("renders the hint's prefix, or nothing", () => {
    expect(didYouMean("lnit", COMMANDS)).toBe('did you mean "lint"? ');
    expect(didYouMean("zzzzzz", COMMANDS)).toBe("");
  });
});
