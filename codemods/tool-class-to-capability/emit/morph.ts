/** One in-memory ts-morph project per codemod run: parse a text under a path, replacing any earlier version. */
import { Project, type SourceFile } from "ts-morph";

export function createMorphProject(): Project {
  return new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    compilerOptions: { allowJs: false, noLib: true },
  });
}

export function parseText(project: Project, path: string, text: string): SourceFile {
  return project.createSourceFile(`/${path}`, text, { overwrite: true });
}

/**
 * Drops every file parsed into `project` so far, with its wrappers: what a step emitted is in
 * the VirtualTree, and nothing reads a parsed file back, so holding the trees of the generated
 * files (as big as the classes they took in) while the next steps run only raised the peak.
 */
export function forgetParsed(project: Project): void {
  for (const sf of project.getSourceFiles()) project.removeSourceFile(sf);
}

/** Insert `insert` (whole lines) right before the `]` / `}` at `closePos`, keeping the list valid. */
export function insertBeforeClose(
  text: string,
  closePos: number,
  openPos: number,
  insert: string,
  separator = ",",
): string {
  let t = text;
  let close = closePos;
  const inner = text.slice(openPos + 1, closePos);
  if (inner.trim() !== "" && !inner.trimEnd().endsWith(separator) && !inner.trimEnd().endsWith(";")) {
    const lastPos = openPos + 1 + inner.trimEnd().length;
    t = `${t.slice(0, lastPos)}${separator}${t.slice(lastPos)}`;
    close += 1;
  }
  const lineStart = t.lastIndexOf("\n", close - 1) + 1;
  if (lineStart > openPos && t.slice(lineStart, close).trim() === "")
    return `${t.slice(0, lineStart)}${insert}\n${t.slice(lineStart)}`;
  return `${t.slice(0, close)}\n${insert}\n${t.slice(close)}`;
}
