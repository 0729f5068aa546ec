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
