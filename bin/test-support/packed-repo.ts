/**
 * Test helper for the packed-package test: `npm pack` capkit once, lay out a fresh NodeTool-shaped
 * repository (a git copy of the embedded fixture) in a temp folder outside this checkout, and
 * install the tarball there with the host tools a user brings (eslint, vitest, typescript), so
 * every check goes through the installed package and never reaches this checkout's node_modules.
 */
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";

const REPO = join(import.meta.dirname, "..", "..");
const FIXTURE = join(REPO, "fixtures", "nodetool-mini");

/** The versions capkit is developed against (package.json's devDependencies), so npm finds them in its cache. */
const HOST_TOOLS = ["eslint@10.15.0", "vitest@4.1.12", "vite@8.3.8", "typescript@6.0.3", "@types/node@20.19.43"];

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The environment of a person's shell: none of the npm_* variables `npm test` sets for this
 * checkout, and no CI (the README's story runs `--update-baseline` locally, which CI refuses).
 */
export function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^npm_/i.test(k) && !["INIT_CWD", "NODE_OPTIONS", "CI"].includes(k)) env[k] = v;
  return { ...env, NO_COLOR: "1", FORCE_COLOR: "0", ...extra };
}

export function run(cwd: string, command: string, args: readonly string[], env: NodeJS.ProcessEnv = userEnv()): Run {
  const r: SpawnSyncReturns<string> = spawnSync(command, args, {
    cwd,
    env,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function mustRun(cwd: string, command: string, args: readonly string[]): Run {
  const r = run(cwd, command, args);
  if (r.code !== 0)
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd} (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
  return r;
}

/** What a checkout holds that is not the package's source: a copy to pack leaves these out. */
const NOT_SOURCE =
  /^(node_modules|dist|\.git|coverage|test-output|\.bench-tmp)(\/|$)|(^|\/)\.capkit\/(results|cache)(\/|$)/;

/**
 * `npm pack` of a copy of this checkout (its prepack builds dist/ from clean there, so the
 * checkout's own dist/ is never rebuilt under a running command); returns the tarball and its
 * file list.
 */
export function packCapkit(): { tarball: string; files: string[]; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "capkit-pack-"));
  const source = join(dir, "capkit");
  cpSync(REPO, source, {
    recursive: true,
    filter: (src) => !NOT_SOURCE.test(relative(REPO, src).split(sep).join("/")),
  });
  symlinkSync(join(REPO, "node_modules"), join(source, "node_modules"), "dir");
  const r = mustRun(source, "npm", ["pack", "--json", "--pack-destination", dir]);
  const info = JSON.parse(r.stdout.slice(r.stdout.indexOf("["))) as { filename: string; files: { path: string }[] }[];
  const first = info[0];
  if (!first) throw new Error(`npm pack printed no package:\n${r.stdout}`);
  return { tarball: join(dir, first.filename), files: first.files.map((f) => f.path), dir };
}

const LEFT_OUT = [/(^|\/)node_modules(\/|$)/, /^\.capkit\/(results|cache)(\/|$)/];

/** A git repository with the fixture's sources and the packed capkit installed, as a user's repo would be. */
export function makeUserRepo(tarball: string): string {
  const root = mkdtempSync(join(tmpdir(), "capkit-user-repo-"));
  cpSync(FIXTURE, root, {
    recursive: true,
    filter: (src) => !LEFT_OUT.some((re) => re.test(relative(FIXTURE, src).split(sep).join("/"))),
  });
  mustRun(root, "npm", [
    "install",
    "--prefer-offline",
    "--no-audit",
    "--no-fund",
    "--save-dev",
    tarball,
    ...HOST_TOOLS,
  ]);
  writeFileSync(join(root, ".gitignore"), "node_modules/\n.capkit/results/\n.capkit/cache/\n");
  git(root, "init", "-q", "-b", "main");
  git(root, "add", "-A");
  git(root, "commit", "-q", "-m", "before the migration");
  return root;
}

export function git(root: string, ...args: string[]): Run {
  return mustRun(root, "git", ["-c", "user.name=capkit test", "-c", "user.email=test@capkit.invalid", ...args]);
}

export function removeAll(...dirs: string[]): void {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
