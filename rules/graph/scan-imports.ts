/**
 * The fast path of the module graph: reads a file's imports from the byte-level token stream
 * of lex-tokens.ts instead of building an AST. It gives up (a reason instead of facts)
 * whenever the tokens alone cannot decide — an `import(` that may sit in a type position,
 * an `await` that may run at module initialisation, a specifier with an escape — and
 * `scanModule` then asks the TypeScript AST (facts-from-ast.ts). Consumed by module-graph.ts.
 */
import { factsFromAst } from "./facts-from-ast.js";
import { lexTokens } from "./lex-tokens.js";
import { isWord, T, type Tokens } from "./token-kinds.js";
import type { ImportKind, ImportRecord, ModuleFacts } from "./module-facts.js";

class Unsure extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

const enum Brace {
  Block,
  Function,
  ReturnType,
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** Tokens before `import(` that usually mean a type position (`x: import("m")`). */
function typePosition(k: number): boolean {
  return (
    k === T.Colon ||
    k === T.LessThan ||
    k === T.Bar ||
    k === T.Amp ||
    k === T.Extends ||
    k === T.Keyof ||
    k === T.Readonly
  );
}

/** Tokens before `import(` that may mean a type position when a member follows (`T = import("m").U`). */
function maybeTypePosition(k: number): boolean {
  return k === T.Comma || k === T.OpenParen || k === T.Equals || k === T.OpenBracket || k === T.Question;
}

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

/** One file's scan: the bytes, its tokens, and line numbers counted forward as imports are met. */
class Scan {
  readonly imports: ImportRecord[] = [];
  private lineAt = 0;
  private line = 1;

  constructor(
    readonly bytes: Uint8Array,
    readonly tok: Tokens,
  ) {}

  kind(i: number): number {
    return i >= 0 && i < this.tok.count ? (this.tok.kind[i] as number) : 0;
  }

  isString(i: number): boolean {
    const k = this.kind(i);
    return k === T.String || k === T.NoSubTemplate;
  }

  text(i: number): string {
    return decoder.decode(this.bytes.subarray(this.tok.start[i], this.tok.end[i]));
  }

  /** The value of the string token at `i`; an escape inside is left to the AST. */
  stringValue(i: number): string {
    const s = (this.tok.start[i] as number) + 1;
    const e = (this.tok.end[i] as number) - 1;
    if (this.bytes.subarray(s, e).includes(92)) throw new Unsure(`escape in a specifier at ${s}`);
    return decoder.decode(this.bytes.subarray(s, e));
  }

  /** Whether a line break (in whitespace or a comment) separates token `i` from the one before. */
  startsLine(i: number): boolean {
    const from = i > 0 ? (this.tok.end[i - 1] as number) : 0;
    const to = this.tok.start[i] as number;
    for (let j = from; j < to; j++) {
      const c = this.bytes[j];
      if (
        c === 10 ||
        c === 13 ||
        (c === 0xe2 && this.bytes[j + 1] === 0x80 && ((this.bytes[j + 2] as number) & 0xfe) === 0xa8)
      )
        return true;
    }
    return false;
  }

  /** 1-based line of byte `pos`; positions must come in increasing order. */
  lineOf(pos: number): number {
    const b = this.bytes;
    for (let j = this.lineAt; j < pos; j++) {
      const c = b[j];
      if (c === 10) this.line++;
      else if (c === 13) {
        if (b[j + 1] === 10) j++;
        this.line++;
      }
    }
    this.lineAt = Math.max(this.lineAt, pos);
    return this.line;
  }

  add(at: number, specifier: number, kind: ImportKind, typeOnly: boolean): void {
    const value = this.stringValue(specifier);
    this.imports.push({ specifier: value, kind, typeOnly, line: this.lineOf(this.tok.start[at] as number) });
  }
}

/** Index just past a `{ a, type B as C }` list starting at `open`, and whether every element is `type`. */
function readBraces(s: Scan, open: number): { end: number; allType: boolean } {
  let i = open + 1;
  let count = 0;
  let typed = 0;
  let start = true;
  for (; i < s.tok.count && s.kind(i) !== T.CloseBrace; i++) {
    const k = s.kind(i);
    if (k === T.Comma) start = true;
    else if (start) {
      start = false;
      count++;
      const next = s.kind(i + 1);
      if (k === T.Type && next !== 0 && next !== T.Comma && next !== T.CloseBrace && next !== T.As) typed++;
    }
  }
  return { end: i + 1, allType: count > 0 && typed === count };
}

function scanTokens(s: Scan): ModuleFacts {
  const braces: Brace[] = [];
  const parens: boolean[] = [];
  let functionDepth = 0;
  let pendingBody = false;
  // After `):` a return type runs to the body; inside its `<…>` and `[…]` (typeDepth > 0) a
  // comma or `=` does not end it (`): Promise<Map<K, V>> {`).
  let inReturnType = false;
  let typeDepth = 0;
  let awaitCandidate: number | null = null;
  let brackets = 0;
  const arrows: Arrow[] = [];
  const count = s.tok.count;
  const kinds = s.tok.kind;
  let prev = 0;
  for (let i = 0; i < count; prev = kinds[i++] as number) {
    const k = kinds[i] as number;
    const before = parens.length + braces.length + brackets;
    const depth = k === T.CloseParen || k === T.CloseBrace || k === T.CloseBracket ? before - 1 : before;
    if (arrows.length > 0) settleArrows(s, i, depth, arrows);
    switch (k) {
      case T.Arrow:
        if (s.kind(i + 1) !== T.OpenBrace) arrows.push({ depth, started: false });
        break;
      case T.OpenParen: {
        parens.push(isControl(prev) || (prev === T.Await && s.kind(i - 2) === T.For));
        pendingBody = inReturnType = false;
        break;
      }
      case T.CloseParen:
        pendingBody = parens.pop() === false;
        break;
      case T.Colon:
        if (pendingBody && prev === T.CloseParen) {
          inReturnType = true;
          typeDepth = 0;
        }
        break;
      case T.LessThan:
      case T.OpenBracket:
        if (k === T.OpenBracket) brackets++;
        if (inReturnType) typeDepth++;
        break;
      case T.GreaterThan:
      case T.CloseBracket:
        if (k === T.CloseBracket) brackets--;
        if (inReturnType && typeDepth > 0) typeDepth--;
        break;
      case T.OpenBrace: {
        inReturnType = false;
        if (pendingBody && returnTypeBrace(prev)) {
          braces.push(Brace.ReturnType); // the body is still to come
          break;
        }
        const fn = pendingBody || prev === T.Arrow;
        braces.push(fn ? Brace.Function : Brace.Block);
        if (fn) functionDepth++;
        pendingBody = false;
        break;
      }
      case T.CloseBrace: {
        const brace = braces.pop();
        if (brace === Brace.Function) functionDepth--;
        pendingBody = brace === Brace.ReturnType;
        break;
      }
      case T.Semicolon:
      case T.Comma:
      case T.Equals:
      case T.Question:
      case T.AmpAmp:
      case T.BarBar:
      case T.QuestionQuestion:
        if (inReturnType && typeDepth > 0) break;
        pendingBody = inReturnType = false;
        break;
      case T.Await:
        if (functionDepth === 0 && arrows.length === 0 && !isMemberName(s, i))
          awaitCandidate ??= s.tok.start[i] as number;
        break;
      case T.Using:
        if (functionDepth === 0 && arrows.length === 0 && prev === T.Await) awaitCandidate ??= s.tok.start[i] as number;
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

const PROMISE_METHODS = new Set(["then", "catch", "finally"]);

function scanImport(s: Scan, i: number): void {
  const prev = s.kind(i - 1);
  let j = i + 1;
  const next = s.kind(j);
  if (next === 0 || prev === T.Dot) return;
  if (next === T.OpenParen) {
    if (!s.isString(i + 2)) return;
    const after = s.kind(i + 3);
    if (after !== T.CloseParen && after !== T.Comma) return;
    if (prev === T.Typeof) return; // `typeof import("m")` is a type query
    if (typePosition(prev)) throw new Unsure(`type-position import( at ${s.tok.start[i]}`);
    const close = findClose(s, i + 1);
    const member =
      s.kind(close + 1) === T.Dot && !(isWord(s.kind(close + 2)) && PROMISE_METHODS.has(s.text(close + 2)));
    if (maybeTypePosition(prev) && member) throw new Unsure(`import( member at ${s.tok.start[i]}`);
    s.add(i, i + 2, "dynamic", false);
    return;
  }
  if (next === T.Dot) return; // import.meta
  if (s.isString(j)) return s.add(i, j, "side-effect", false);
  let typeOnly = false;
  if (next === T.Type) {
    const after = s.kind(j + 1);
    const defaultNamedType = after === T.Comma || (after === T.From && s.isString(j + 2));
    if (!defaultNamedType) {
      typeOnly = true;
      j++;
    }
  }
  let hasDefaultOrNamespace = false;
  let namedAllType = false;
  let namedSeen = false;
  for (; j < s.tok.count; j++) {
    const k = s.kind(j);
    if (k === T.From && s.isString(j + 1)) {
      const onlyTypes = typeOnly || (!hasDefaultOrNamespace && namedSeen && namedAllType);
      return s.add(i, j + 1, "static", onlyTypes);
    }
    if (k === T.Equals) {
      if (s.kind(j + 1) === T.Require && s.kind(j + 2) === T.OpenParen && s.isString(j + 3)) {
        s.add(i, j + 3, "import-equals", typeOnly);
      }
      return;
    }
    if (k === T.OpenBrace) {
      const { end, allType } = readBraces(s, j);
      namedSeen = true;
      namedAllType = allType;
      j = end - 1;
    } else if (k === T.Asterisk || isWord(k)) {
      if (k !== T.As) hasDefaultOrNamespace = true;
    } else if (k !== T.Comma) return;
  }
}

function findClose(s: Scan, open: number): number {
  let depth = 0;
  for (let j = open; j < s.tok.count; j++) {
    const k = s.kind(j);
    if (k === T.OpenParen) depth++;
    else if (k === T.CloseParen && --depth === 0) return j;
  }
  return s.tok.count;
}

function scanExport(s: Scan, i: number): void {
  let j = i + 1;
  let typeOnly = false;
  if (s.kind(j) === T.Type && (s.kind(j + 1) === T.OpenBrace || s.kind(j + 1) === T.Asterisk)) {
    typeOnly = true;
    j++;
  }
  const head = s.kind(j);
  if (head === T.Asterisk) {
    for (let k = j + 1; k < j + 5 && k < s.tok.count; k++) {
      if (s.kind(k) === T.From && s.isString(k + 1)) return s.add(i, k + 1, "reexport", typeOnly);
    }
    return;
  }
  if (head === T.OpenBrace) {
    const { end, allType } = readBraces(s, j);
    if (s.kind(end) === T.From && s.isString(end + 1)) s.add(i, end + 1, "reexport", typeOnly || allType);
  }
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
