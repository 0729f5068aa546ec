/**
 * require-capability-category: every capability spec object literal carries a `category`
 * that is one of the configured values (read | write | execute | external), spelled as a
 * literal so the gate ladder and the category snapshot can read it. A spec is an object
 * typed as a spec type (`: CapabilitySpec`, `satisfies`, `as`, arrays of them) or, in a spec
 * file, any object with `name` and `inputSchema`/`zodSchema`. Objects with a spread and no
 * own `category` are skipped: the spread may supply it.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { createRule } from "./create-rule.js";
import { MESSAGES } from "./messages.js";
import { defaultSeamOptions, seamOptionsSchema, setupRule, type SeamRuleOptions } from "./seam/rule-options.js";
import { isSpecFile } from "../lib/config/seam-sides.js";

export const RULE_NAME = "require-capability-category";

type MessageId = "missingCategory" | "invalidCategory" | "nonLiteralCategory";

function keyName(p: TSESTree.Property): string | null {
  if (p.computed) return null;
  if (p.key.type === AST_NODE_TYPES.Identifier) return p.key.name;
  if (p.key.type === AST_NODE_TYPES.Literal && typeof p.key.value === "string") return p.key.value;
  return null;
}

function propertyOf(node: TSESTree.ObjectExpression, name: string): TSESTree.Property | undefined {
  return node.properties.find((p): p is TSESTree.Property => p.type === AST_NODE_TYPES.Property && keyName(p) === name);
}

function stringValue(node: TSESTree.Node): string | null {
  let n = node;
  while (n.type === AST_NODE_TYPES.TSAsExpression || n.type === AST_NODE_TYPES.TSSatisfiesExpression) n = n.expression;
  if (n.type === AST_NODE_TYPES.Literal && typeof n.value === "string") return n.value;
  if (n.type === AST_NODE_TYPES.TemplateLiteral && n.expressions.length === 0) return n.quasis[0]?.value.cooked ?? null;
  return null;
}

/** The name of a type reference, unwrapping arrays (`T[]`, `readonly T[]`, `Array<T>`). */
function elementTypeName(type: TSESTree.TypeNode, asArray: boolean): string | null {
  if (type.type === AST_NODE_TYPES.TSTypeOperator && type.typeAnnotation)
    return elementTypeName(type.typeAnnotation, asArray);
  if (asArray && type.type === AST_NODE_TYPES.TSArrayType) return elementTypeName(type.elementType, false);
  if (type.type !== AST_NODE_TYPES.TSTypeReference) return null;
  const name =
    type.typeName.type === AST_NODE_TYPES.Identifier
      ? type.typeName.name
      : type.typeName.type === AST_NODE_TYPES.TSQualifiedName
        ? type.typeName.right.name
        : null;
  if (asArray && (name === "Array" || name === "ReadonlyArray")) {
    const arg = type.typeArguments?.params[0];
    return arg ? elementTypeName(arg, false) : null;
  }
  return asArray ? null : name;
}

/** True when the object literal is declared to be one of `typeNames` (directly or as an array element). */
function isTypedSpec(node: TSESTree.ObjectExpression, typeNames: readonly string[]): boolean {
  let child: TSESTree.Node = node;
  let parent = node.parent;
  let inArray = false;
  while (parent) {
    if (parent.type === AST_NODE_TYPES.ArrayExpression && !inArray) inArray = true;
    else if (parent.type === AST_NODE_TYPES.TSAsExpression || parent.type === AST_NODE_TYPES.TSSatisfiesExpression) {
      const name = elementTypeName(parent.typeAnnotation, inArray);
      if (name && typeNames.includes(name)) return true;
    } else if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init === child) {
      const annotation = parent.id.typeAnnotation?.typeAnnotation;
      const name = annotation ? elementTypeName(annotation, inArray) : null;
      return name !== null && typeNames.includes(name);
    } else return false;
    child = parent;
    parent = parent.parent;
  }
  return false;
}

export default createRule<[SeamRuleOptions], MessageId>({
  name: RULE_NAME,
  meta: {
    type: "problem",
    docs: {
      description: "Every capability spec declares a literal category: read, write, execute or external",
      recommended: true,
    },
    schema: seamOptionsSchema,
    messages: MESSAGES["require-capability-category"],
  },
  defaultOptions: defaultSeamOptions,
  create(context, [options]) {
    const setup = setupRule(context.filename, context.cwd, options);
    const { categories, typeNames } = setup.config.specs;
    const inSpecFile = isSpecFile(setup.config, setup.rel);
    const allowed = categories.join(" | ");
    return {
      ObjectExpression(node) {
        const shaped =
          inSpecFile &&
          propertyOf(node, "name") !== undefined &&
          (propertyOf(node, "inputSchema") || propertyOf(node, "zodSchema"));
        if (!shaped && !isTypedSpec(node, typeNames)) return;
        const nameProp = propertyOf(node, "name");
        const name = (nameProp && stringValue(nameProp.value)) ?? "(unnamed)";
        const category = propertyOf(node, "category");
        if (!category) {
          if (node.properties.some((p) => p.type === AST_NODE_TYPES.SpreadElement)) return;
          context.report({ node, messageId: "missingCategory", data: { name, allowed } });
          return;
        }
        const value = stringValue(category.value);
        if (value === null)
          context.report({ node: category, messageId: "nonLiteralCategory", data: { name, allowed } });
        else if (!categories.includes(value))
          context.report({ node: category.value, messageId: "invalidCategory", data: { name, value, allowed } });
      },
    };
  },
});
