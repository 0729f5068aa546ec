/**
 * Test helper: a git project seeded from one of tool-class-to-capability's fixture cases, and
 * the migrate options that run it with the case's inventory (no scan), capabilities under
 * src/capabilities.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultConfig } from "../../lib/config/index.js";
import { inventoryFromPartial } from "./index.js";
import type { MigrateOptions } from "../runner/migrate.js";
import { tempProject } from "./temp-project.js";

export const CASES = fileURLToPath(new URL("../tool-class-to-capability/__testfixtures__", import.meta.url));

export class MigrateProjects {
  private readonly roots: string[] = [];
  private template: string | null = null;
  constructor(readonly fixture: string) {}

  /** A fresh committed copy (the git repo is made once, then copied with its .git). */
  create(): string {
    if (!this.template) {
      this.template = tempProject(join(CASES, this.fixture, "input"));
    }
    const root = mkdtempSync(join(tmpdir(), "capkit-migrate-"));
    cpSync(this.template, root, { recursive: true });
    this.roots.push(root);
    return root;
  }

  options(root: string, extra: Partial<MigrateOptions> = {}): MigrateOptions {
    const config = defaultConfig();
    return {
      root,
      namespaces: "all",
      config: { ...config, codemods: { ...config.codemods, capabilitiesDir: "src/capabilities" } },
      inventory: inventoryFromPartial(
        JSON.parse(readFileSync(join(CASES, this.fixture, "inventory.json"), "utf8")),
        root,
      ),
      ...extra,
    };
  }

  /** Removes the copies made so far; `all` also the template. */
  cleanup(all = false): void {
    for (const r of this.roots.splice(0)) rmSync(r, { recursive: true, force: true });
    if (all && this.template) rmSync(this.template, { recursive: true, force: true });
    if (all) this.template = null;
  }
}
