/**
 * Texts build-parts.ts writes that need nothing of its scope: a private method as a module
 * function, the spec's category (with a warning when the categories map does not give it) and a
 * spec's `userMessage` line.
 */
import { Node, type Identifier, type MethodDeclaration } from "ts-morph";
import type { PermissionCategory } from "../../../inventory/types.js";
import type { ClassAnalysis } from "./analyze-class.js";
import { adaptArgs, withCast } from "./run-parameters.js";
import { pushAll } from "../../shared/push-all.js";
import { PROPOSED_CATEGORY_MEANING, proposedCategory } from "../../../lib/wording.js";

/** A private method as the module function it becomes (with `run` first when it reads the run). */
export function functionFromMethod(
  method: MethodDeclaration,
  fnName: string,
  needsRun: boolean,
  body: string,
  runType: string,
): string {
  const doc = method
    .getJsDocs()
    .map((d) => `${d.getText()}\n`)
    .join("");
  const typeParams = method.getTypeParameters().length
    ? `<${method
        .getTypeParameters()
        .map((t) => t.getText())
        .join(", ")}>`
    : "";
  const params = [needsRun ? `run: ${runType}` : null, ...method.getParameters().map((p) => p.getText())]
    .filter(Boolean)
    .join(", ");
  const ret = method.getReturnTypeNode() ? `: ${method.getReturnTypeNodeOrThrow().getText()}` : "";
  return `${doc}${method.isAsync() ? "async " : ""}function ${fnName}${typeParams}(${params})${ret} ${body}`;
}

/** The spec's category; one the categories map does not give is written as "external", with a warning. */
export function specCategory(a: ClassAnalysis, warnings: string[]): PermissionCategory {
  let category = a.record.category;
  if (
    !category ||
    a.record.categorySource === "fallback" ||
    a.record.categorySource === "none" ||
    a.record.categorySource === "proposed"
  ) {
    // A proposal is for review: the migration keeps what the runtime does today (unlisted → external).
    const proposal =
      a.record.categorySource === "proposed" && category
        ? ` (the inventory shows ${proposedCategory(category)}: ${PROPOSED_CATEGORY_MEANING})`
        : "";
    if (!category || a.record.categorySource !== "fallback") category = "external";
    warnings.push(
      `${a.wireName} is not in the categories map: category "external" was written explicitly${proposal} — review it in the spec`,
    );
  }
  return category;
}

/** `userMessage(params)` → the spec's `userMessage: (params) => …` line. */
export function userMessageLine(
  um: MethodDeclaration,
  spec: (node: Node, indent: string) => string,
  specIds: Identifier[],
): string {
  const adapted = adaptArgs(um.getParameters()[0], "");
  pushAll(specIds, adapted.ids);
  const body = um.getBodyOrThrow();
  const statements = Node.isBlock(body) ? body.getStatements() : [];
  const only = statements.length === 1 ? statements[0] : undefined;
  const expr = Node.isReturnStatement(only) && !adapted.castLine ? only.getExpression() : undefined;
  const text = expr ? spec(expr, "  ") : withCast(spec(body, "  "), adapted.castLine, "  ");
  // Dropping `Tool.extractMessage(params)` (the runtime reads `_message` itself) can leave the
  // parameter unused: name it `_params` so noUnusedParameters stays as quiet as it was.
  const unused =
    /^[A-Za-z$][\w$]*$/.test(adapted.param) && !new RegExp(`\\b${adapted.param.replace(/\$/g, "\\$")}\\b`).test(text);
  return `  userMessage: (${unused ? `_${adapted.param}` : adapted.param}) => ${text},`;
}
