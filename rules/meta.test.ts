/**
 * Meta-test: every rule has docs and a RuleTester suite that exercises each of its message
 * ids with valid and invalid cases; the recommended config turns every rule on; and every
 * codemod folder that exists (has an index.ts) ships a README and __testfixtures__.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import plugin, { rules } from "./index.js";

const RULES_DIR = dirname(fileURLToPath(import.meta.url));
const REPO = join(RULES_DIR, "..");
const SHARED_CODEMOD_FOLDERS = new Set(["runner", "test-support", "shared", "utils", "support", "__testfixtures__"]);

describe.each(Object.entries(rules))("rule %s", (name, rule) => {
  const docs = join(RULES_DIR, "docs", `${name}.md`);
  const test = join(RULES_DIR, `${name}.test.ts`);
  const messageIds = Object.keys(rule.meta.messages);

  it("has a docs page that names the rule and every message id", () => {
    expect(existsSync(docs), `missing ${docs}`).toBe(true);
    const text = readFileSync(docs, "utf8");
    expect(text).toContain(`capkit/${name}`);
    for (const id of messageIds) expect(text, `${name}.md does not mention ${id}`).toContain(id);
    expect(rule.meta.docs?.url).toMatch(new RegExp(`/docs/${name}\\.md$`));
  });

  it("has a RuleTester suite with valid and invalid cases covering every message id", () => {
    expect(existsSync(test), `missing ${test}`).toBe(true);
    const text = readFileSync(test, "utf8");
    expect(text).toContain(`.run("${name}"`);
    expect(text).toMatch(/valid: \[\s*\{/);
    expect(text).toMatch(/invalid: \[\s*\{/);
    for (const id of messageIds) expect(text, `${name}.test.ts never asserts ${id}`).toContain(`messageId: "${id}"`);
  });

  it("has an options schema and is on in the recommended config", () => {
    expect(Array.isArray(rule.meta.schema) && rule.meta.schema.length).toBeGreaterThan(0);
    expect(plugin.configs.recommended.rules[`capkit/${name}`]).toBe("error");
  });
});

describe("codemod folders", () => {
  const root = join(REPO, "codemods");
  const folders = existsSync(root)
    ? readdirSync(root).filter(
        (f) =>
          !SHARED_CODEMOD_FOLDERS.has(f) &&
          statSync(join(root, f)).isDirectory() &&
          existsSync(join(root, f, "index.ts")),
      )
    : [];

  it.each(folders.length > 0 ? folders : ["(none yet)"])("%s has a README and __testfixtures__", (folder) => {
    if (folder === "(none yet)") return expect(folders).toEqual([]);
    expect(existsSync(join(root, folder, "README.md")), `codemods/${folder}/README.md is missing`).toBe(true);
    const fixtures = join(root, folder, "__testfixtures__");
    expect(
      existsSync(fixtures) && readdirSync(fixtures).length > 0,
      `codemods/${folder}/__testfixtures__ is missing or empty`,
    ).toBe(true);
  });
});
