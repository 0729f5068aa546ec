import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "./capkit.js";
import { findRoot } from "./root.js";
import { captureIO } from "./test-support/cli-io.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A git-shaped tree: `.git` at the top, a package folder below it. */
function repo(): { root: string; pkg: string } {
  const root = mkdtempSync(join(tmpdir(), "capkit-root-"));
  dirs.push(root);
  mkdirSync(join(root, ".git"));
  const pkg = join(root, "packages", "agents", "src", "tools");
  mkdirSync(pkg, { recursive: true });
  return { root, pkg };
}

const tool = (cls: string, wire: string) => `import { Tool } from "./base-tool.js";
export class ${cls} extends Tool {
  readonly name = "${wire}";
  readonly description = "Do ${wire}.";
  readonly jsonSchema = { type: "object", properties: {} };
  async process() { return { ok: true }; }
}
`;

describe("the root of a command run without one", () => {
  it("is the nearest folder up holding capkit's committed state, never above the git top", () => {
    const { root, pkg } = repo();
    expect(findRoot(pkg)).toEqual({ root: pkg, marker: null }); // nothing set up yet: the folder itself
    mkdirSync(join(root, ".capkit", "cache"), { recursive: true });
    mkdirSync(join(pkg, ".capkit", "results"), { recursive: true }); // a stray run's local results mark nothing
    expect(findRoot(pkg).root).toBe(pkg);
    writeFileSync(join(root, ".capkit", "baseline.json"), "{}");
    expect(findRoot(pkg)).toEqual({ root, marker: ".capkit/baseline.json", ceiling: "the git repository's top" });
    expect(findRoot(root)).toEqual({ root, marker: null });
    // A config above the git top belongs to another tree.
    const outer = mkdtempSync(join(tmpdir(), "capkit-outer-"));
    dirs.push(outer);
    writeFileSync(join(outer, "capkit.config.json"), "{}");
    const inner = join(outer, "repo", "src");
    mkdirSync(inner, { recursive: true });
    mkdirSync(join(outer, "repo", ".git"));
    expect(findRoot(inner).root).toBe(inner);
  });

  it("outside git, looks no higher than the workspace root or package, and never takes the home folder's config", () => {
    const home = mkdtempSync(join(tmpdir(), "capkit-home-"));
    dirs.push(home);
    writeFileSync(join(home, "capkit.config.json"), "{}"); // a stray config in a home folder
    const loose = join(home, "scratch", "src");
    mkdirSync(loose, { recursive: true });
    expect(findRoot(loose, home)).toEqual({ root: loose, marker: null });

    const pkg = join(home, "proj");
    mkdirSync(join(pkg, "src", "tools"), { recursive: true });
    writeFileSync(join(pkg, "package.json"), "{}");
    expect(findRoot(join(pkg, "src", "tools"), home)).toEqual({ root: join(pkg, "src", "tools"), marker: null });
    writeFileSync(join(pkg, "capkit.config.json"), "{}");
    expect(findRoot(join(pkg, "src", "tools"), home)).toEqual({
      root: pkg,
      marker: "capkit.config.json",
      ceiling: `the package at ${pkg} (no git repository)`,
    });

    const mono = join(home, "mono");
    const agents = join(mono, "packages", "agents");
    mkdirSync(join(agents, "src"), { recursive: true });
    writeFileSync(join(mono, "package.json"), JSON.stringify({ private: true, workspaces: ["packages/*"] }));
    writeFileSync(join(agents, "package.json"), "{}");
    writeFileSync(join(mono, "capkit.config.json"), "{}");
    expect(findRoot(join(agents, "src"), home).root).toBe(mono);
    expect(findRoot(join(agents, "src"), home).ceiling).toContain("the workspace root");
  });

  it("inventory --check from a package folder checks the repository's baseline, and says which root it ran on", async () => {
    const { root, pkg } = repo();
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "r", private: true, workspaces: ["packages/*"] }));
    writeFileSync(
      join(pkg, "base-tool.ts"),
      "export abstract class Tool { abstract readonly name: string; abstract process(c: unknown, p: unknown): Promise<unknown>; }\n",
    );
    writeFileSync(join(pkg, "notes-tools.ts"), tool("ListNotesTool", "list_notes"));
    const env = { CI: "" };
    expect(await main(["inventory", "--update-baseline"], captureIO(root, { env }))).toBe(0);
    writeFileSync(join(pkg, "more-tools.ts"), tool("SaveNoteTool", "save_note"));

    const io = captureIO(pkg, { env: { CI: "true" } });
    expect(await main(["inventory", "--check"], io), io.err.join("")).toBe(1);
    expect(io.err.join("")).toContain(
      `capkit inventory: running on ${root} (../../../..: the nearest folder up with .capkit/baseline.json, looking no higher than the git repository's top)`,
    );
    expect(io.out.join("") + io.err.join("")).toContain("SaveNoteTool");

    const here = captureIO(pkg, { env: { CI: "true" } });
    await main(["inventory", ".", "--check"], here); // an explicit root is taken as given
    expect(here.err.join("")).not.toContain("running on");
  });
});
