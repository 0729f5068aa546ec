/**
 * The root a command runs on. A root on the command line is taken as given ("." included);
 * with none, the nearest folder from the working directory up that holds capkit's committed
 * state (capkit.config.json, or a baseline, lint baseline, parity recording or migrate journal
 * under .capkit/), looking no higher than lib/search-ceiling.ts allows (the git repository's
 * top; outside git the workspace root or package, never the home or temp folder). Without this, a command
 * run from a package folder scanned that folder alone with the default config: lint reported
 * the migration's own seam exceptions as violations, `inventory --check` failed with "no
 * baseline" beside the committed one, and parity found no registry.
 */
import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { CONFIG_FILE } from "../lib/config/index.js";
import { foldersUpTo, searchCeiling } from "../lib/search-ceiling.js";
import type { CliIO } from "./command.js";

/** What marks a folder as the root capkit was set up on, in the order a note names them. */
const MARKERS = [
  CONFIG_FILE,
  ".capkit/baseline.json",
  ".capkit/parity-recording.json",
  ".capkit/lint-baseline.json",
  ".capkit/migrate-journal",
] as const;

export interface FoundRoot {
  readonly root: string;
  /** The marker that chose it, when it is not the working directory itself. */
  readonly marker: string | null;
  /** Why the search went no higher (lib/search-ceiling.ts), for the note naming the root. */
  readonly ceiling?: string;
}

/** The nearest folder at or above `cwd` holding a marker, no higher than the search ceiling; else `cwd`. */
export function findRoot(cwd: string, home?: string): FoundRoot {
  const start = resolve(cwd);
  const ceiling = searchCeiling(start, home);
  for (const dir of foldersUpTo(start, ceiling.dir)) {
    const marker = MARKERS.find((m) => existsSync(join(dir, m)));
    if (marker) return dir === start ? { root: dir, marker: null } : { root: dir, marker, ceiling: ceiling.why };
  }
  return { root: start, marker: null };
}

/**
 * The command's root: the positional resolved against the working directory, or the found
 * root; a root other than the working directory is named on stderr, so a run from a subfolder
 * says which tree it scanned.
 */
export function commandRoot(io: CliIO, command: string, positional: string | undefined): string {
  if (positional !== undefined) return resolve(io.cwd, positional);
  const { root, marker, ceiling } = findRoot(io.cwd);
  if (marker)
    io.stderr(
      `capkit ${command}: running on ${root} (${relative(io.cwd, root)}: the nearest folder up with ${marker}, looking no higher than ${ceiling}); pass a root (capkit ${command} .) to run on this folder alone\n`,
    );
  return root;
}
