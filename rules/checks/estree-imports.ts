/**
 * Import records read from ESLint's ESTree (what the rules see), in the same shape the token
 * scanner produces for `capkit lint`'s fast path, with the node to report on.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import type { ImportRecord } from "../graph/import-facts.js";

export interface NodeImport {
  readonly record: ImportRecord;
  readonly node: TSESTree.Node;
}

function literalText(node: TSESTree.Node | undefined | null): string | null {
  if (!node) return null;
  if (node.type === AST_NODE_TYPES.Literal && typeof node.value === "string") return node.value;
  if (node.type === AST_NODE_TYPES.TemplateLiteral && node.expressions.length === 0)
    return node.quasis[0]?.value.cooked ?? null;
  return null;
}

type ImportListener = (found: NodeImport) => void;

/** Visitor entries that call `found` for every import-like node of the file. */
export function importVisitors(found: ImportListener) {
  const add = (node: TSESTree.Node, specifier: string | null, kind: ImportRecord["kind"], typeOnly: boolean): void => {
    if (specifier !== null) found({ node, record: { specifier, kind, typeOnly, line: node.loc.start.line } });
  };
  return {
    ImportDeclaration(node: TSESTree.ImportDeclaration): void {
      const named = node.specifiers.filter((s) => s.type === AST_NODE_TYPES.ImportSpecifier);
      const typeOnly =
        node.importKind === "type" ||
        (node.specifiers.length > 0 &&
          named.length === node.specifiers.length &&
          named.every((s) => s.importKind === "type"));
      add(node, node.source.value, node.specifiers.length > 0 ? "static" : "side-effect", typeOnly);
    },
    ExportNamedDeclaration(node: TSESTree.ExportNamedDeclaration): void {
      if (!node.source) return;
      const typeOnly =
        node.exportKind === "type" ||
        (node.specifiers.length > 0 && node.specifiers.every((s) => s.exportKind === "type"));
      add(node, node.source.value, "reexport", typeOnly);
    },
    ExportAllDeclaration(node: TSESTree.ExportAllDeclaration): void {
      add(node, node.source.value, "reexport", node.exportKind === "type");
    },
    TSImportEqualsDeclaration(node: TSESTree.TSImportEqualsDeclaration): void {
      if (node.moduleReference.type !== AST_NODE_TYPES.TSExternalModuleReference) return;
      add(node, literalText(node.moduleReference.expression), "import-equals", node.importKind === "type");
    },
    ImportExpression(node: TSESTree.ImportExpression): void {
      add(node, literalText(node.source), "dynamic", false);
    },
    CallExpression(node: TSESTree.CallExpression): void {
      if (
        node.callee.type !== AST_NODE_TYPES.Identifier ||
        node.callee.name !== "require" ||
        node.arguments.length !== 1
      )
        return;
      add(node, literalText(node.arguments[0]), "require", false);
    },
  };
}
