/**
 * The fast path of the module graph: reads a file's imports from the byte-level token stream
 * of lex-tokens.ts instead of building an AST. It gives up (a reason instead of facts)
 * whenever the tokens alone cannot decide — an `import(` that may sit in a type position,
 * an `await` that may run at module initialisation, a specifier with an escape — and
 * `scanModule` then asks the TypeScript AST (facts-from-ast.ts). The statements themselves
 * are read by import-statements.ts over token-cursor.ts. Consumed by import-graph.ts.
 */
import { factsFromAst } from "./facts-from-ast.js";
import { lexTokens } from "./lex-tokens.js";
import { findClose, scanExport, scanImport } from "./import-statements.js";
import type { ModuleFacts } from "./import-facts.js";
import { T } from "./token-kinds.js";
import { Scan, Unsure } from "./token-cursor.js";

const enum Brace {
  Block,
  Function,
  ReturnType,
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/**
 * Tokens before a `{` that, right after a parameter list, open an object type in the return
 * type (`): { a: T } {`, `): Promise<{ a: T }> {`) rather than the body, which follows it.
 */
function returnTypeBrace(k: number): boolean {
  return k === T.Colon || k === T.LessThan || k === T.Bar || k === T.Amp;
}

function isControl(k: number): boolean {
  return k === T.If || k === T.For || k === T.While || k === T.Switch || k === T.Catch || k === T.With;
}

/**
 * Which function bodies the scan is inside: braces and parentheses as they open and close, and
 * whether a `{` about to come opens a body (after a parameter list, its return type, or `=>`).
 */
class Nesting {
  private readonly braces: Brace[] = [];
  private readonly parens: boolean[] = [];
  private brackets = 0;
  functionDepth = 0;
  private pendingBody = false;
  // After `):` a return type runs to the body; inside its `<…>` and `[…]` (typeDepth > 0) a
  // comma or `=` does not end it (`): Promise<Map<K, V>> {`).
  private inReturnType = false;
  private typeDepth = 0;

  /** Brackets of every kind open before token kind `k` (a closer counts as outside its pair). */
  depthAt(k: number): number {
    const open = this.parens.length + this.braces.length + this.brackets;
    return k === T.CloseParen || k === T.CloseBrace || k === T.CloseBracket ? open - 1 : open;
  }

  step(s: Scan, i: number, k: number, prev: number): void {
    switch (k) {
      case T.OpenParen:
        this.parens.push(isControl(prev) || (prev === T.Await && s.kind(i - 2) === T.For));
        this.pendingBody = this.inReturnType = false;
        break;
      case T.CloseParen:
        this.pendingBody = this.parens.pop() === false;
        break;
      case T.Colon:
        if (this.pendingBody && prev === T.CloseParen) {
          this.inReturnType = true;
          this.typeDepth = 0;
        }
        break;
      case T.LessThan:
      case T.OpenBracket:
        if (k === T.OpenBracket) this.brackets++;
        if (this.inReturnType) this.typeDepth++;
        break;
      case T.GreaterThan:
      case T.CloseBracket:
        if (k === T.CloseBracket) this.brackets--;
        if (this.inReturnType && this.typeDepth > 0) this.typeDepth--;
        break;
      case T.OpenBrace:
        this.openBrace(prev);
        break;
      case T.CloseBrace: {
        const brace = this.braces.pop();
        if (brace === Brace.Function) this.functionDepth--;
        this.pendingBody = brace === Brace.ReturnType;
        break;
      }
      case T.Semicolon:
      case T.Comma:
      case T.Equals:
      case T.Question:
      case T.AmpAmp:
      case T.BarBar:
      case T.QuestionQuestion:
        if (this.inReturnType && this.typeDepth > 0) break;
        this.pendingBody = this.inReturnType = false;
        break;
      default:
        break;
    }
  }

  private openBrace(prev: number): void {
    this.inReturnType = false;
    if (this.pendingBody && returnTypeBrace(prev)) {
      this.braces.push(Brace.ReturnType); // the body is still to come
      return;
    }
    const fn = this.pendingBody || prev === T.Arrow;
    this.braces.push(fn ? Brace.Function : Brace.Block);
    if (fn) this.functionDepth++;
    this.pendingBody = false;
  }
}

function scanTokens(s: Scan): ModuleFacts {
  const nesting = new Nesting();
  const arrows: Arrow[] = [];
  let awaitCandidate: number | null = null;
  const count = s.tok.count;
  const kinds = s.tok.kind;
  let prev = 0;
  for (let i = 0; i < count; prev = kinds[i++] as number) {
    const k = kinds[i] as number;
    const depth = nesting.depthAt(k);
    if (arrows.length > 0) settleArrows(s, i, depth, arrows);
    nesting.step(s, i, k, prev);
    const topLevel = nesting.functionDepth === 0 && arrows.length === 0;
    switch (k) {
      case T.Arrow:
        if (s.kind(i + 1) !== T.OpenBrace) arrows.push({ depth, started: false });
        break;
      case T.Await:
        if (topLevel && !isMemberName(s, i)) awaitCandidate ??= s.tok.start[i] as number;
        break;
      case T.Using:
        if (topLevel && prev === T.Await) awaitCandidate ??= s.tok.start[i] as number;
        break;
      case T.Import:
        scanImport(s, i);
        break;
      case T.Export:
        scanExport(s, i);
        break;
      case T.Require:
        if (s.kind(i + 1) === T.OpenParen && s.isString(i + 2) && s.kind(i + 3) === T.CloseParen) {
          const importEquals = prev === T.Equals && (s.kind(i - 3) === T.Import || s.kind(i - 4) === T.Import);
          const member = prev === T.Dot || prev === T.QuestionDot || prev === T.Function;
          if (!importEquals && !member) s.add(i, i + 2, "require", false);
        }
        break;
      default:
        break;
    }
  }
  if (awaitCandidate !== null) throw new Unsure(`await at ${awaitCandidate}`);
  return { imports: s.imports, topLevelAwait: null };
}

/** An arrow function with a concise body (`=> expr`), whose body is being read. */
interface Arrow {
  /** Bracket depth of the `=>`. */
  readonly depth: number;
  /** Whether the body's first token has been seen. */
  started: boolean;
}

/**
 * Ends the concise arrow bodies that token `i` (at bracket `depth`) is past: it is outside the
 * arrow's brackets, or at the arrow's own depth after the body's first token and a `,`, `;`,
 * `:`, template part, or the first token of a new line (a body never ends otherwise, so an
 * `await` while a body is open is inside that arrow, never at module level).
 */
function settleArrows(s: Scan, i: number, depth: number, arrows: Arrow[]): void {
  for (let top = arrows[arrows.length - 1]; top !== undefined; top = arrows[arrows.length - 1]) {
    if (depth > top.depth) return;
    if (depth === top.depth && !top.started) {
      top.started = true;
      return;
    }
    const k = s.kind(i);
    const ends =
      depth < top.depth ||
      k === T.Comma ||
      k === T.Semicolon ||
      k === T.Colon ||
      k === T.TemplateMiddle ||
      k === T.TemplateTail ||
      s.startsLine(i);
    if (!ends) return;
    arrows.pop();
  }
}

/**
 * An `await` that names a member rather than awaiting: `x.await`, `a as await` in an export
 * list, `await: T` / `await?: T`, or a method signature `await(…): T` (an await expression is
 * never followed by a type annotation, except inside a conditional `? … :` or a `case … :`).
 */
function isMemberName(s: Scan, i: number): boolean {
  const prev = s.kind(i - 1);
  const next = s.kind(i + 1);
  if (prev === T.Dot || prev === T.QuestionDot || prev === T.As) return true;
  if (next === T.Colon || (next === T.Question && (s.kind(i + 2) === T.Colon || s.kind(i + 2) === T.OpenParen)))
    return true;
  if (next !== T.OpenParen || prev === T.Question || prev === T.Case || prev === T.Colon) return false;
  return s.kind(findClose(s, i + 1) + 1) === T.Colon;
}

function scanOrReason(bytes: Uint8Array, fileName: string): ModuleFacts | string {
  const tokens = lexTokens(bytes, fileName.endsWith(".tsx") || fileName.endsWith(".jsx"));
  if (typeof tokens === "string") return tokens;
  try {
    return scanTokens(new Scan(bytes, tokens));
  } catch (error) {
    if (error instanceof Unsure) return error.reason;
    throw error;
  }
}

const toBytes = (text: string | Uint8Array): Uint8Array => (typeof text === "string" ? encoder.encode(text) : text);

/** Why the scanner defers a text to the AST (a possible top-level await, …), or null. */
export function scanUnsureReason(text: string | Uint8Array, fileName: string): string | null {
  const r = scanOrReason(toBytes(text), fileName);
  return typeof r === "string" ? r : null;
}

/** Token-level facts, or null when only a parse can decide. */
export function scanWithTokens(text: string | Uint8Array, fileName: string): ModuleFacts | null {
  const r = scanOrReason(toBytes(text), fileName);
  return typeof r === "string" ? null : r;
}

/** A module's facts from its text or its UTF-8 bytes (what the graph reads from disk). */
export function scanModule(text: string | Uint8Array, fileName: string): ModuleFacts {
  const bytes = toBytes(text);
  return (
    scanWithTokens(bytes, fileName) ?? factsFromAst(typeof text === "string" ? text : decoder.decode(bytes), fileName)
  );
}
