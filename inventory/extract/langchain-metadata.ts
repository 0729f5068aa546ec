/**
 * The one home of "which class member is LangChain serialisation metadata": `static lc_name()`,
 * `get lc_namespace()`, `lc_serializable`, `get lc_aliases()`, `get lc_secrets()` and a `toJSON()`
 * that only says it is not serialisable. LangChain's Serializable reads them to write and load a
 * tool as JSON; nothing calls them on a tool run, so a capability, which is never serialised
 * through Serializable, has no use for them. The inventory raises no blocker for them
 * (member-notes.ts, class-facts.ts) and the class move drops them with a note
 * (codemods/tool-class-to-capability/analyze/member-roles.ts), so both agree. Recognised by name
 * AND shape: a member of that name doing anything else (a computed namespace, a `toJSON` that
 * builds the JSON) is not metadata and blocks as any member would. Parsed without parent
 * pointers (the inventory's parse), so only kinds and literal texts are read.
 */
import type TS from "typescript";

/** The TypeScript API the caller parsed with (the inventory's own, or ts-morph's bundled one). */
type TsApi = typeof TS;

/** A recognised member: what it is (for the note) and, for lc_secrets, field → environment variable. */
export interface LangChainMetadata {
  /** `static lc_name()`, `get lc_namespace()`, `lc_serializable`, …: how the note names it. */
  readonly label: string;
  /** lc_secrets only: each field it marks secret and the environment variable LangChain loads it from. */
  readonly secrets: readonly { readonly field: string; readonly env: string }[];
}

const isStatic = (ts: TsApi, m: TS.ClassElement): boolean =>
  Boolean(ts.getModifiers(m as TS.HasModifiers)?.some((x) => x.kind === ts.SyntaxKind.StaticKeyword));

/** The expression a method or getter returns when its body is exactly `return <expr>;`. */
function onlyReturn(ts: TsApi, m: TS.ClassElement): TS.Expression | undefined {
  const body = ts.isMethodDeclaration(m) || ts.isGetAccessorDeclaration(m) ? m.body : undefined;
  const only = body?.statements.length === 1 ? body.statements[0] : undefined;
  return only && ts.isReturnStatement(only) ? only.expression : undefined;
}

const isString = (ts: TsApi, e: TS.Node | undefined): e is TS.StringLiteral | TS.NoSubstitutionTemplateLiteral =>
  e !== undefined && (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e));

/** `["langchain-community", "tools"]`, optionally spreading `super.lc_namespace` first. */
function isNamespaceList(ts: TsApi, e: TS.Expression | undefined): boolean {
  if (!e || !ts.isArrayLiteralExpression(e)) return false;
  return e.elements.every(
    (el) =>
      isString(ts, el) ||
      (ts.isSpreadElement(el) &&
        ts.isPropertyAccessExpression(el.expression) &&
        el.expression.expression.kind === ts.SyntaxKind.SuperKeyword &&
        el.expression.name.text === "lc_namespace"),
  );
}

/** `{ apiKey: "GOOGLE_PLACES_API_KEY" }`: key → string literal pairs, or null for any other shape. */
function stringRecord(ts: TsApi, e: TS.Expression | undefined): { field: string; env: string }[] | null {
  if (!e || !ts.isObjectLiteralExpression(e)) return null;
  const out: { field: string; env: string }[] = [];
  for (const p of e.properties) {
    if (!ts.isPropertyAssignment(p) || !isString(ts, p.initializer)) return null;
    const key = ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) ? p.name.text : null;
    if (key === null) return null;
    out.push({ field: key, env: p.initializer.text });
  }
  return out;
}

/** What `member` is as LangChain metadata, or null when it is not (by name and by shape). */
export function langChainMetadata(ts: TsApi, member: TS.ClassElement): LangChainMetadata | null {
  const name = member.name && ts.isIdentifier(member.name) ? member.name.text : null;
  if (name === null) return null;
  const none: LangChainMetadata["secrets"] = [];
  const statik = isStatic(ts, member);
  const getter = ts.isGetAccessorDeclaration(member) && !statik;
  if (name === "lc_name" && statik && ts.isMethodDeclaration(member) && isString(ts, onlyReturn(ts, member)))
    return { label: "static lc_name()", secrets: none };
  if (name === "lc_namespace" && getter && isNamespaceList(ts, onlyReturn(ts, member)))
    return { label: "get lc_namespace()", secrets: none };
  if (name === "lc_serializable" && ts.isPropertyDeclaration(member) && !statik) {
    const init = member.initializer;
    const bool = init?.kind === ts.SyntaxKind.TrueKeyword || init?.kind === ts.SyntaxKind.FalseKeyword;
    if (bool) return { label: "lc_serializable", secrets: none };
  }
  if (name === "lc_aliases" && getter && stringRecord(ts, onlyReturn(ts, member)))
    return { label: "get lc_aliases()", secrets: none };
  if (name === "lc_secrets" && getter) {
    const secrets = stringRecord(ts, onlyReturn(ts, member));
    if (secrets) return { label: "get lc_secrets()", secrets };
  }
  if (name === "toJSON" && ts.isMethodDeclaration(member) && !statik && member.parameters.length === 0) {
    const e = onlyReturn(ts, member);
    const call = e && ts.isCallExpression(e) && e.arguments.length === 0 ? e.expression : undefined;
    if (
      call &&
      ts.isPropertyAccessExpression(call) &&
      call.expression.kind === ts.SyntaxKind.ThisKeyword &&
      call.name.text === "toJSONNotImplemented"
    )
      return { label: "toJSON()", secrets: none };
  }
  return null;
}
