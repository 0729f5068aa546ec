/**
 * Does the base the registry binds its Tool adapters to run a tool through `process(context,
 * params)`, the method the adapters implement? capkit's and NodeTool's Tool do; LangChain's
 * `Tool`/`StructuredTool` run `_call(input)` and declare no `process`, so the registry binds the
 * adapters to a generated bridge class instead (registry-file.ts). Read from the base's own
 * declaration when it is in the tree (its class, then the same file's classes it extends);
 * a base from a package (`@langchain/core/tools` out of node_modules) is judged by the run
 * method its migrated subclasses wrote: `process` means the base calls it.
 */
import { Node, type ClassDeclaration, type Project } from "ts-morph";
import type { VirtualTree } from "../../plan.js";
import { parseText } from "./morph.js";

export function baseRunsProcess(
  project: Project,
  tree: VirtualTree,
  toolModule: string,
  baseName: string,
  runMethods: readonly string[],
): boolean {
  const text = tree.read(toolModule);
  if (text === null) return runMethods.every((m) => m === "process");
  const sf = parseText(project, toolModule, text);
  const seen = new Set<string>();
  let name: string | undefined = baseName;
  while (name && !seen.has(name)) {
    seen.add(name);
    const cls: ClassDeclaration | undefined = sf.getClass(name);
    if (!cls) return runMethods.every((m) => m === "process");
    if (cls.getMembers().some((m) => Node.isMethodDeclaration(m) && m.getName() === "process")) return true;
    name = cls.getExtends()?.getExpression().getText();
  }
  return false;
}
