import { describe, expect, it } from "vitest";
import { firstOf, plural } from "./wording.js";

describe("wording", () => {
  it("plural puts the word in the count's number", () => {
    expect(plural(1, "commit")).toBe("1 commit");
    expect(plural(0, "commit")).toBe("0 commits");
    expect(plural(2, "class", "classes")).toBe("2 classes");
    expect(plural(1, "class", "classes")).toBe("1 class");
  });

  it("firstOf lists at most max items and counts the rest", () => {
    expect(firstOf(["a", "b"], 5)).toBe("a, b");
    expect(firstOf(["a", "b", "c"], 2)).toBe("a, b and 1 more");
    expect(firstOf([], 3)).toBe("");
  });
});
