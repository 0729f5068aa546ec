/**
 * RuleTester wired to vitest, plus helpers to point test cases at the fixture trees under
 * rules/__fixtures__/ (graph rules read the files around the linted one from disk).
 */
import { RuleTester } from "@typescript-eslint/rule-tester";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, it } from "vitest";

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "..", "__fixtures__");

export function createRuleTester(): RuleTester {
  return new RuleTester();
}

/** Absolute path of a file inside a fixture tree. */
export function fixturePath(tree: string, rel: string): string {
  return join(FIXTURES, tree, rel);
}

/** A RuleTester case for a fixture file as it is on disk. */
export function onDisk(tree: string, rel: string): { filename: string; code: string } {
  const filename = fixturePath(tree, rel);
  return { filename, code: readFileSync(filename, "utf8") };
}
