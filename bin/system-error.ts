/**
 * A file-system refusal that reached the CLI unhandled (a read-only checkout, a permission, a
 * full disk) is the environment, not a capkit bug: it becomes an EnvironmentError naming the
 * file and the way out, instead of "internal error — please report it". Used by capkit.ts.
 */
import { isAbsolute, relative } from "node:path";
import { EnvironmentError } from "../lib/errors.js";

const WHY: Record<string, { what: string; fix: string }> = {
  EROFS: {
    what: "the file system is read-only",
    fix: "run it in a writable checkout (inventory, inventory --check, lint and parity also run on a read-only one; dashboard can write elsewhere with --out FILE)",
  },
  EACCES: { what: "permission denied", fix: "give this user access to it, or run capkit as a user who has it" },
  EPERM: { what: "operation not permitted", fix: "give this user access to it, or run capkit as a user who has it" },
  ENOSPC: { what: "no space left on the device", fix: "free some disk space and run it again" },
  EDQUOT: { what: "disk quota exceeded", fix: "free some space in your quota and run it again" },
};

const WRITES = new Set(["mkdir", "rename", "unlink", "rmdir", "link", "symlink", "copyfile", "write", "ftruncate"]);

/** `.name.<pid>.<time>.tmp`, the temp sibling of lib/atomic-write.ts: the file meant is `name`. */
function meantFile(path: string): string {
  return path.replace(/(^|\/)\.([^/]+)\.\d+\.\d+\.tmp$/, "$1$2");
}

export function environmentErrorOf(error: unknown, cwd: string): EnvironmentError | null {
  const e = error as NodeJS.ErrnoException | null;
  if (!e || typeof e !== "object" || typeof e.code !== "string" || typeof e.path !== "string") return null;
  const why = WHY[e.code];
  if (!why) return null;
  const abs = meantFile(e.path);
  const rel = relative(cwd, abs);
  const file = rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : abs;
  // "open" is a read or a write: the read-only and space errors only ever come from a write.
  const verb =
    WRITES.has(e.syscall ?? "") || ["EROFS", "ENOSPC", "EDQUOT"].includes(e.code) ? "cannot write" : "cannot access";
  return new EnvironmentError(`${verb} ${file}: ${e.code} (${why.what})`, { hint: why.fix });
}
