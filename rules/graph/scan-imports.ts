/**
 * The fast path of the module graph: reads a file's imports with TypeScript's token scanner
 * instead of building an AST. It gives up (returns null) whenever the tokens alone cannot
 * decide — JSX, an `import(` that may sit in a type position, an `await` that may run at
 * module initialisation — and `scanModule` then asks the TypeScript AST (facts-from-ast.ts).
 * Consumed by module-graph.ts.
 */
import type TS from "typescript";
import { ts } from "./typescript.js";
import { factsFromAst } from "./facts-from-ast.js";
import { type ImportKind, type ImportRecord, type ModuleFacts, lineAt, lineStarts } from "./module-facts.js";

const K = ts.SyntaxKind;
const CONTROL = new Set<TS.SyntaxKind>([
  K.IfKeyword,
  K.ForKeyword,
  K.WhileKeyword,
  K.SwitchKeyword,
  K.CatchKeyword,
  K.WithKeyword,
]);
/** Tokens after which `/` starts a division, not a regular expression. */
const EXPRESSION_END = new Set<TS.SyntaxKind>([
  K.Identifier,
  K.PrivateIdentifier,
  K.NumericLiteral,
  K.BigIntLiteral,
  K.StringLiteral,
  K.RegularExpressionLiteral,
  K.NoSubstitutionTemplateLiteral,
  K.TemplateTail,
  K.CloseParenToken,
  K.CloseBracketToken,
  K.CloseBraceToken,
  K.ThisKeyword,
  K.SuperKeyword,
  K.TrueKeyword,
  K.FalseKeyword,
  K.NullKeyword,
  K.PlusPlusToken,
  K.MinusMinusToken,
]);
/** Keywords after which `/` starts a regular expression. */
const REGEX_AFTER_KEYWORD = new Set<TS.SyntaxKind>([
  K.ReturnKeyword,
  K.TypeOfKeyword,
  K.InstanceOfKeyword,
  K.InKeyword,
  K.OfKeyword,
  K.NewKeyword,
  K.DeleteKeyword,
  K.VoidKeyword,
  K.ThrowKeyword,
  K.CaseKeyword,
  K.DoKeyword,
  K.ElseKeyword,
  K.YieldKeyword,
  K.AwaitKeyword,
]);
/** Tokens before `import(` that usually mean a type position (`x: import("m")`). */
const TYPE_POSITION = new Set<TS.SyntaxKind>([
  K.ColonToken,
  K.LessThanToken,
  K.BarToken,
  K.AmpersandToken,
  K.ExtendsKeyword,
  K.KeyOfKeyword,
  K.ReadonlyKeyword,
]);
/** Tokens before `import(` that may mean a type position when a member follows (`T = import("m").U`). */
const MAYBE_TYPE_POSITION = new Set<TS.SyntaxKind>([
  K.CommaToken,
  K.OpenParenToken,
  K.EqualsToken,
  K.OpenBracketToken,
  K.QuestionToken,
]);
const PROMISE_METHODS = new Set(["then", "catch", "finally"]);
/**
 * Tokens before a `{` that, right after a parameter list, open an object type in the return
 * type (`): { a: T } {`, `): Promise<{ a: T }> {`) rather than the body, which follows it.
 */
const RETURN_TYPE_BRACE = new Set<TS.SyntaxKind>([K.ColonToken, K.LessThanToken, K.BarToken, K.AmpersandToken]);

const enum Brace {
  Block,
  Function,
  ReturnType,
}

interface Token {
  kind: TS.SyntaxKind;
  text: string;
  pos: number;
}

class Unsure extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

function isWord(kind: TS.SyntaxKind): boolean {
  return kind === K.Identifier || (kind >= K.FirstKeyword && kind <= K.LastKeyword);
}

/**
 * Tokens of a text. A text the scanner reports an error in, or whose brackets do not balance,
 * has a syntax error: it is deferred to the AST path (Unsure), which parses and reports it.
 */
function tokenize(text: string): Token[] {
  let scanError: string | null = null;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text, (message) => {
    scanError ??= message.key;
  });
  const tokens: Token[] = [];
  const templateDepths: number[] = [];
  let braceDepth = 0;
  let parenDepth = 0;
  let bracketDepth = 0;
  let prev: TS.SyntaxKind = K.Unknown;
  for (let kind = scanner.scan(); kind !== K.EndOfFileToken; kind = scanner.scan()) {
    // Only a slash needs the previous token to tell division from a regular expression.
    if (
      (kind === K.SlashToken || kind === K.SlashEqualsToken) &&
      !(EXPRESSION_END.has(prev) || (isWord(prev) && !REGEX_AFTER_KEYWORD.has(prev)))
    ) {
      kind = scanner.reScanSlashToken();
    } else if (kind === K.TemplateHead) templateDepths.push(braceDepth);
    else if (kind === K.OpenBraceToken) braceDepth++;
    else if (kind === K.CloseBraceToken) {
      if (templateDepths.length > 0 && templateDepths[templateDepths.length - 1] === braceDepth) {
        kind = scanner.reScanTemplateToken(false);
        if (kind === K.TemplateTail) templateDepths.pop();
      } else braceDepth--;
    } else if (kind === K.Unknown) throw new Unsure(`unknown token at ${scanner.getTokenStart()}`);
    else if (kind === K.OpenParenToken) parenDepth++;
    else if (kind === K.CloseParenToken) parenDepth--;
    else if (kind === K.OpenBracketToken) bracketDepth++;
    else if (kind === K.CloseBracketToken) bracketDepth--;
    const named = isWord(kind) || kind === K.StringLiteral || kind === K.NoSubstitutionTemplateLiteral;
    tokens.push({ kind, text: named ? scanner.getTokenValue() : "", pos: scanner.getTokenStart() });
    prev = kind;
  }
  if (scanError !== null) throw new Unsure(`scanner error: ${scanError}`);
  if (braceDepth !== 0 || parenDepth !== 0 || bracketDepth !== 0 || templateDepths.length > 0)
    throw new Unsure("unbalanced brackets");
  return tokens;
}

function isString(t: Token | undefined): boolean {
  return t !== undefined && (t.kind === K.StringLiteral || t.kind === K.NoSubstitutionTemplateLiteral);
}

/** Index just past a `{ a, type B as C }` list starting at `open`, and whether every element is `type`. */
function readBraces(tokens: Token[], open: number): { end: number; allType: boolean } {
  let i = open + 1;
  let count = 0;
  let typed = 0;
  let start = true;
  for (; i < tokens.length && tokens[i]?.kind !== K.CloseBraceToken; i++) {
    const t = tokens[i] as Token;
    if (t.kind === K.CommaToken) start = true;
    else if (start) {
      start = false;
      count++;
      const next = tokens[i + 1];
      if (
        t.kind === K.TypeKeyword &&
        next &&
        next.kind !== K.CommaToken &&
        next.kind !== K.CloseBraceToken &&
        next.kind !== K.AsKeyword
      )
        typed++;
    }
  }
  return { end: i + 1, allType: count > 0 && typed === count };
}

function scanTokens(text: string, tokens: Token[]): ModuleFacts {
  const starts = lineStarts(text);
  const imports: ImportRecord[] = [];
  const add = (at: Token, specifier: Token, kind: ImportKind, typeOnly: boolean): void => {
    imports.push({ specifier: specifier.text, kind, typeOnly, line: lineAt(starts, at.pos) });
  };
  const braces: Brace[] = [];
  const parens: boolean[] = [];
  let functionDepth = 0;
  let pendingBody = false;
  let awaitCandidate: number | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    switch (t.kind) {
      case K.OpenParenToken: {
        const control =
          prev !== undefined &&
          (CONTROL.has(prev.kind) || (prev.kind === K.AwaitKeyword && tokens[i - 2]?.kind === K.ForKeyword));
        parens.push(control);
        pendingBody = false;
        break;
      }
      case K.CloseParenToken:
        pendingBody = parens.pop() === false;
        break;
      case K.OpenBraceToken: {
        if (pendingBody && prev !== undefined && RETURN_TYPE_BRACE.has(prev.kind)) {
          braces.push(Brace.ReturnType); // the body is still to come
          break;
        }
        const fn = pendingBody || prev?.kind === K.EqualsGreaterThanToken;
        braces.push(fn ? Brace.Function : Brace.Block);
        if (fn) functionDepth++;
        pendingBody = false;
        break;
      }
      case K.CloseBraceToken: {
        const brace = braces.pop();
        if (brace === Brace.Function) functionDepth--;
        pendingBody = brace === Brace.ReturnType;
        break;
      }
      case K.SemicolonToken:
      case K.CommaToken:
      case K.EqualsToken:
      case K.QuestionToken:
      case K.AmpersandAmpersandToken:
      case K.BarBarToken:
      case K.QuestionQuestionToken:
        pendingBody = false;
        break;
      case K.AwaitKeyword:
        if (functionDepth === 0 && prev?.kind !== K.DotToken) awaitCandidate ??= t.pos;
        break;
      case K.UsingKeyword:
        if (functionDepth === 0 && prev?.kind === K.AwaitKeyword) awaitCandidate ??= t.pos;
        break;
      case K.ImportKeyword:
        scanImport(tokens, i, add);
        break;
      case K.ExportKeyword:
        scanExport(tokens, i, add);
        break;
      case K.Identifier:
      case K.RequireKeyword:
        if (
          t.text === "require" &&
          next?.kind === K.OpenParenToken &&
          isString(tokens[i + 2]) &&
          tokens[i + 3]?.kind === K.CloseParenToken
        ) {
          const importEquals =
            prev?.kind === K.EqualsToken &&
            (tokens[i - 3]?.kind === K.ImportKeyword || tokens[i - 4]?.kind === K.ImportKeyword);
          const member =
            prev?.kind === K.DotToken || prev?.kind === K.QuestionDotToken || prev?.kind === K.FunctionKeyword;
          if (!importEquals && !member) add(t, tokens[i + 2] as Token, "require", false);
        }
        break;
      default:
        break;
    }
  }
  if (awaitCandidate !== null) throw new Unsure(`await at ${awaitCandidate}`);
  return { imports, topLevelAwait: null };
}

type Add = (at: Token, specifier: Token, kind: ImportKind, typeOnly: boolean) => void;

function scanImport(tokens: Token[], i: number, add: Add): void {
  const t = tokens[i] as Token;
  const prev = tokens[i - 1];
  let j = i + 1;
  const next = tokens[j];
  if (!next || prev?.kind === K.DotToken) return;
  if (next.kind === K.OpenParenToken) {
    const arg = tokens[i + 2];
    if (!arg || !isString(arg)) return;
    const after = tokens[i + 3];
    if (after?.kind !== K.CloseParenToken && after?.kind !== K.CommaToken) return;
    if (prev?.kind === K.TypeOfKeyword) return; // `typeof import("m")` is a type query
    if (prev && TYPE_POSITION.has(prev.kind)) throw new Unsure(`type-position import( at ${t.pos}`);
    const close = findClose(tokens, i + 1);
    const member = tokens[close + 1]?.kind === K.DotToken && !PROMISE_METHODS.has(tokens[close + 2]?.text ?? "");
    if (prev && MAYBE_TYPE_POSITION.has(prev.kind) && member) throw new Unsure(`import( member at ${t.pos}`);
    add(t, arg, "dynamic", false);
    return;
  }
  if ((next.kind as TS.SyntaxKind) === K.DotToken) return; // import.meta
  if (isString(next)) return add(t, next, "side-effect", false);
  let typeOnly = false;
  if (next.kind === K.TypeKeyword) {
    const after = tokens[j + 1];
    const defaultNamedType = after?.kind === K.CommaToken || (after?.kind === K.FromKeyword && isString(tokens[j + 2]));
    if (!defaultNamedType) {
      typeOnly = true;
      j++;
    }
  }
  let hasDefaultOrNamespace = false;
  let namedAllType = false;
  let namedSeen = false;
  for (; j < tokens.length; j++) {
    const tok = tokens[j] as Token;
    if (tok.kind === K.FromKeyword && isString(tokens[j + 1])) {
      const onlyTypes = typeOnly || (!hasDefaultOrNamespace && namedSeen && namedAllType);
      return add(t, tokens[j + 1] as Token, "static", onlyTypes);
    }
    if (tok.kind === K.EqualsToken) {
      const req = tokens[j + 1];
      if (req?.text === "require" && tokens[j + 2]?.kind === K.OpenParenToken && isString(tokens[j + 3])) {
        add(t, tokens[j + 3] as Token, "import-equals", typeOnly);
      }
      return;
    }
    if (tok.kind === K.OpenBraceToken) {
      const { end, allType } = readBraces(tokens, j);
      namedSeen = true;
      namedAllType = allType;
      j = end - 1;
    } else if (tok.kind === K.AsteriskToken || tok.kind === K.Identifier || isWord(tok.kind)) {
      if (tok.kind !== K.AsKeyword) hasDefaultOrNamespace = true;
    } else if (tok.kind !== K.CommaToken) return;
  }
}

function findClose(tokens: Token[], open: number): number {
  let depth = 0;
  for (let j = open; j < tokens.length; j++) {
    const k = tokens[j]?.kind;
    if (k === K.OpenParenToken) depth++;
    else if (k === K.CloseParenToken && --depth === 0) return j;
  }
  return tokens.length;
}

function scanExport(tokens: Token[], i: number, add: Add): void {
  const t = tokens[i] as Token;
  let j = i + 1;
  let typeOnly = false;
  if (
    tokens[j]?.kind === K.TypeKeyword &&
    (tokens[j + 1]?.kind === K.OpenBraceToken || tokens[j + 1]?.kind === K.AsteriskToken)
  ) {
    typeOnly = true;
    j++;
  }
  const head = tokens[j];
  if (head?.kind === K.AsteriskToken) {
    for (let k = j + 1; k < j + 5 && k < tokens.length; k++) {
      if (tokens[k]?.kind === K.FromKeyword && isString(tokens[k + 1]))
        return add(t, tokens[k + 1] as Token, "reexport", typeOnly);
    }
    return;
  }
  if (head?.kind === K.OpenBraceToken) {
    const { end, allType } = readBraces(tokens, j);
    if (tokens[end]?.kind === K.FromKeyword && isString(tokens[end + 1]))
      add(t, tokens[end + 1] as Token, "reexport", typeOnly || allType);
  }
}

function scanOrReason(text: string, fileName: string): ModuleFacts | string {
  if (fileName.endsWith(".tsx") || fileName.endsWith(".jsx")) return "JSX";
  try {
    return scanTokens(text, tokenize(text));
  } catch (error) {
    if (error instanceof Unsure) return error.reason;
    throw error;
  }
}

/** Why the scanner defers a text to the AST (JSX, a possible top-level await, …), or null. */
export function scanUnsureReason(text: string, fileName: string): string | null {
  const r = scanOrReason(text, fileName);
  return typeof r === "string" ? r : null;
}

/** Token-level facts, or null when only a parse can decide. */
export function scanWithTokens(text: string, fileName: string): ModuleFacts | null {
  const r = scanOrReason(text, fileName);
  return typeof r === "string" ? null : r;
}

export function scanModule(text: string, fileName: string): ModuleFacts {
  return scanWithTokens(text, fileName) ?? factsFromAst(text, fileName);
}
