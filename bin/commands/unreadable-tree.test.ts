/**
 * Incomplete is never green, and a read-only checkout is still checkable. Tests run as any user
 * (root ignores permission bits), so the file system's answers are injected: node:fs refuses
 * to list or read the paths in `faults.unreadable` (EACCES) and to write under
 * `faults.readOnly` (EROFS); fast-glob (the listing for globs outside capkit's dialect) is made to
 * fail the same way.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { copyCase } from "../../inventory/test-support/fixtures.js";
import { captureIO } from "../test-support/cli-io.js";
import { main } from "../capkit.js";

const faults = vi.hoisted(() => ({ unreadable: new Set<string>(), readOnly: new Set<string>() }));

vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const under = (set: Set<string>, p: unknown) =>
    [...set].some((u) => String(p) === u || String(p).startsWith(`${u}/`));
  const fail = (code: string, syscall: string, p: unknown) =>
    Object.assign(new Error(`${code}: injected, ${syscall} '${String(p)}'`), { code, syscall, path: String(p) });
  const guardRead = (syscall: string, p: unknown) => {
    if (under(faults.unreadable, p)) throw fail("EACCES", syscall, p);
  };
  const guardWrite = (syscall: string, p: unknown) => {
    if (under(faults.readOnly, p)) throw fail("EROFS", syscall, p);
  };
  const writes = (flags: unknown) => typeof flags === "string" && /[wa+]/.test(flags);
  const patched = {
    ...fs,
    readdirSync: ((p: string, ...rest: unknown[]) => (
      guardRead("scandir", p),
      (fs.readdirSync as (...a: unknown[]) => unknown)(p, ...rest)
    )) as typeof fs.readdirSync,
    readFileSync: ((p: string, ...rest: unknown[]) => (
      guardRead("open", p),
      (fs.readFileSync as (...a: unknown[]) => unknown)(p, ...rest)
    )) as typeof fs.readFileSync,
    openSync: ((p: string, flags?: unknown, ...rest: unknown[]) => {
      guardRead("open", p);
      if (writes(flags)) guardWrite("open", p);
      return (fs.openSync as (...a: unknown[]) => number)(p, flags, ...rest);
    }) as typeof fs.openSync,
    writeFileSync: ((p: string, ...rest: unknown[]) => (
      guardWrite("open", p),
      (fs.writeFileSync as (...a: unknown[]) => void)(p, ...rest)
    )) as typeof fs.writeFileSync,
    mkdirSync: ((p: string, ...rest: unknown[]) => (
      fs.existsSync(p) || guardWrite("mkdir", p), // as on a real read-only mount, `mkdir -p` of a folder that is there succeeds
      (fs.mkdirSync as (...a: unknown[]) => unknown)(p, ...rest)
    )) as typeof fs.mkdirSync,
    renameSync: ((a: string, b: string) => (guardWrite("rename", b), fs.renameSync(a, b))) as typeof fs.renameSync,
  };
  return { ...patched, default: patched };
});

vi.mock("fast-glob", async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof import("fast-glob") }>()).default;
  const blocked = () => [...faults.unreadable].find((u) => !/\.[a-z]+$/.test(u));
  const sync = ((patterns: string | string[], options: { cwd?: string; suppressErrors?: boolean } = {}) => {
    const dir = blocked();
    if (dir && options.suppressErrors === false)
      throw Object.assign(new Error(`EACCES: injected, scandir '${dir}'`), { code: "EACCES", path: dir });
    const files = real.sync(patterns, options);
    return dir && options.cwd
      ? files.filter((f) => !join(options.cwd as string, String(f)).startsWith(`${dir}/`))
      : files;
  }) as typeof real.sync;
  const fg = Object.assign((...args: Parameters<typeof real>) => real(...args), real, { sync });
  return { default: fg };
});

const dirs: string[] = [];
afterEach(() => {
  faults.unreadable.clear();
  faults.readOnly.clear();
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});
const tree = () => {
  const d = copyCase("classification");
  dirs.push(d);
  return d;
};
const TOOLS = "packages/agents/src/tools";

async function run(argv: string[], cwd: string) {
  const io = captureIO(cwd);
  const code = await main(argv, io);
  return { code, stdout: io.out.join(""), stderr: io.err.join("") };
}

describe("an unreadable folder makes every command incomplete, never green", () => {
  it("inventory --check exits 1 naming the folder, with no tighten hint", async () => {
    const root = tree();
    expect((await run(["inventory", root, "--update-baseline"], root)).code).toBe(0);
    faults.unreadable.add(join(root, TOOLS));
    const r = await run(["inventory", root, "--check"], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("scan incomplete: 1 folder could not be scanned");
    expect(r.stdout).not.toMatch(/\d+ files? could not be scanned/);
    expect(r.stdout).toContain("ratchet NOT CHECKED");
    expect(r.stdout).toContain(`not compared: 1 folder could not be scanned (${TOOLS})`);
    expect(r.stderr).toContain(`${TOOLS}:0:0: cannot read folder: EACCES`);
    expect(r.stdout + r.stderr).not.toMatch(/tighten/);
  });

  it("inventory --check --json: the ratchet hint counts the folder as a folder", async () => {
    const root = tree();
    expect((await run(["inventory", root, "--update-baseline"], root)).code).toBe(0);
    faults.unreadable.add(join(root, TOOLS));
    faults.unreadable.add(join(root, "packages/agents/src/planner/outline.ts"));
    const r = await run(["inventory", root, "--check", "--json"], root);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as { incomplete: boolean; ratchet: { status: string; hint: string } };
    expect(doc.incomplete).toBe(true);
    expect(doc.ratchet.status).toBe("incomplete");
    expect(doc.ratchet.hint).toContain(
      `not compared: 1 folder and 1 file could not be scanned (${TOOLS}, packages/agents/src/planner/outline.ts)`,
    );
  });

  it("--update-baseline refuses (exit 1) unless --force, also for a syntax error", async () => {
    const root = tree();
    faults.unreadable.add(join(root, TOOLS));
    const r = await run(["inventory", root, "--update-baseline"], root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /refusing to write \.capkit\/baseline\.json: the scan is incomplete, 1 folder could not be scanned \(packages\/agents\/src\/tools\)/,
    );
    expect(r.stderr).toContain("--force");
    faults.unreadable.clear();
    writeFileSync(
      join(root, TOOLS, "broken.ts"),
      'import { Tool } from "./base-tool.js";\nexport class BrokenTool extends Tool {\n  readonly name = ;\n',
    );
    const parse = await run(["inventory", root, "--update-baseline"], root);
    expect(parse.code).toBe(1);
    expect(parse.stderr).toContain(`${TOOLS}/broken.ts`);
    const forced = await run(["inventory", root, "--update-baseline", "--force"], root);
    expect(forced.stderr).toMatch(/warning: --force: writing \.capkit\/baseline\.json from an incomplete scan/);
    expect(JSON.parse(readFileSync(join(root, ".capkit/baseline.json"), "utf8")).version).toBe(1);
  });

  it("a wholly unreadable packages/ is an incomplete scan, not 'nothing to check'", async () => {
    const root = tree();
    expect((await run(["inventory", root, "--update-baseline"], root)).code).toBe(0);
    faults.unreadable.add(join(root, "packages"));
    const r = await run(["inventory", root, "--check"], root);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/nothing to check/);
    expect(r.stdout).toContain("ratchet NOT CHECKED");
  });

  it("the github reporter emits an ::error saying the scan is incomplete", async () => {
    const root = tree();
    faults.unreadable.add(join(root, TOOLS));
    const r = await run(["inventory", root, "--reporter", "github"], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^::error title=capkit%3A scan incomplete::scan incomplete: 1 folder could not be scanned/m,
    );
  });

  it("lint reports an unreadable folder and file instead of crashing, and fails", async () => {
    const root = tree();
    faults.unreadable.add(join(root, "packages/agents/src/planner")); // lint lists with the tree walker: a folder it reaches
    faults.unreadable.add(join(root, TOOLS, "mcp-tools.ts"));
    const r = await run(["lint", root], root);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("capkit lint: incomplete: 1 folder and 1 file could not be read");
    expect(r.stdout).toMatch(/^capkit lint: incomplete \(see below\): in the \d+ files it could read, no violations;/m);
    expect(r.stdout).not.toMatch(/^capkit lint: no violations/m);
    expect(r.stdout).toContain("packages/agents/src/planner  cannot read folder: EACCES");
    expect(r.stdout).toContain(`${TOOLS}/mcp-tools.ts  cannot read: EACCES`);
  });

  it("lint with the seam's only folder unreadable reports it (exit 1), not an empty seam in the config (exit 2)", async () => {
    const root = tree();
    faults.unreadable.add(join(root, TOOLS));
    const r = await run(["lint", root], root);
    expect(r.stderr).not.toMatch(/matches no file|guards nothing/);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("capkit lint: incomplete: 1 folder could not be read");
    const update = await run(["lint", root, "--update-baseline"], root);
    expect(update.stderr).not.toMatch(/matches no file|guards nothing/);
    expect(update.code).toBe(1);
    expect(update.stderr).toContain("refusing to write the lint baseline: 1 folder could not be read or parsed");
  });

  it("migrate names the unreadable path instead of 'unknown namespace'", async () => {
    const root = tree();
    faults.unreadable.add(join(root, TOOLS));
    const r = await run(["migrate", root, "--namespace", "email", "--dry-run"], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the scan could not read 1 folder: ${TOOLS} (cannot read folder: EACCES)`);
    expect(r.stderr).not.toMatch(/unknown namespace/);
  });
});

describe("a read-only checkout is checkable", () => {
  it.each([
    ["inventory", []],
    ["inventory", ["--check"]],
    ["lint", []],
  ])("capkit %s %j works and notes the result it could not save", async (command, flags) => {
    const root = tree();
    execFileSync("git", ["-C", root, "init", "-q"]);
    expect((await run(["inventory", root, "--update-baseline"], root)).code).toBe(0);
    rmSync(join(root, ".capkit/results"), { recursive: true, force: true });
    rmSync(join(root, ".capkit/cache"), { recursive: true, force: true });
    faults.readOnly.add(root);
    const r = await run([command, root, ...flags], root);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      new RegExp(`capkit ${command}: note: could not save \\.capkit/results/\\w+\\.json \\(EROFS\\)`),
    );
  });

  it.each([
    ["dashboard", [], ".capkit/dashboard.html"],
    ["inventory", ["--update-baseline"], ".capkit/baseline.json"],
  ])(
    "capkit %s %j, which must write, names the file it cannot write instead of an internal error",
    async (command, flags, file) => {
      const root = tree();
      execFileSync("git", ["-C", root, "init", "-q"]);
      expect((await run(["inventory", root], root)).code).toBe(0); // the saved result the dashboard renders
      faults.readOnly.add(root);
      const r = await run([command, root, ...flags], root);
      expect(r.stderr).not.toMatch(/internal error/);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`capkit ${command}: cannot write ${file}: EROFS (the file system is read-only)`);
      expect(r.stderr).toMatch(/hint: run it in a writable checkout/);
    },
  );
});
