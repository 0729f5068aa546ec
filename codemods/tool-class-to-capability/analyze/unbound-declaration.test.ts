/**
 * resolveRef answers from the syntax tree where it alone settles a reference, and the file is
 * then never bound (binding a huge file costs about half again its tree). Where it answers,
 * the answer is the checker's: every identifier of a file full of shadowing, merging and
 * type/value shapes is asked both ways.
 */
import { Node, ts, type SourceFile } from "ts-morph";
import { describe, expect, it } from "vitest";
import { compilerDescendantsOfKind, wrapperOf } from "../../shared/compiler-walk.js";
import { createMorphProject, parseText } from "../emit/morph.js";
import { resolveRef } from "./resolve.js";
import { unboundDeclaration } from "./unbound-declaration.js";

const PLAIN = `import { Tool, type Ctx as Context } from "./base.js";
import def, * as ns from "./other.js";
const LIMIT = 3;
function helper(n: number): number { return n + LIMIT; }
interface Shape { size: number }
export class EchoTool extends Tool {
  readonly name = "echo";
  limit: typeof LIMIT = LIMIT;
  async process(c: Context, p: Shape) { return helper(p.size) + def + ns.x + EchoTool.length; }
}
`;

const TRICKY = `import { Tool } from "./base.js";
const LIMIT = 3;
type LIMIT = number;
const { a, b } = { a: 1, b: 2 };
function over(x: string): void;
function over(x: unknown) {}
interface Value { v: 1 }
{ var hoisted = 1; }
let hoisted2 = hoisted;
export class T extends Tool {
  shadow(LIMIT: number, Tool: string) { const a = LIMIT; return [a, b, Tool, this.LIMIT]; }
  inner() { function helper2<Value>(x: Value) { return x; } return { LIMIT, helper2, over, b }; }
  val() { return Value; }
  labels() { LIMIT: for (;;) { break LIMIT; } }
  caught() { try {} catch (Tool) { return Tool; } }
  enumed() { enum E { A = 1, b = A } return E.b; }
}
`;

function identifiers(sf: SourceFile): Node[] {
  return compilerDescendantsOfKind(sf.compilerNode, ts.SyntaxKind.Identifier).map((n) => wrapperOf(sf, n));
}

describe("resolveRef without binding", () => {
  it("settles a plain class's references from the tree: the file stays unbound", () => {
    const sf = parseText(createMorphProject(), "tools/echo.ts", PLAIN);
    const refs = identifiers(sf).flatMap((id) => {
      const r = Node.isIdentifier(id) ? resolveRef(id, sf) : undefined;
      return r ? [`${id.getText()}:${r.kind}:${r.typeOnly}`] : [];
    });
    expect(refs).toEqual(
      expect.arrayContaining(["Tool:import:false", "Context:import:true", "LIMIT:local:true", "helper:local:false"]),
    );
    expect((sf.compilerNode as { locals?: unknown }).locals).toBeUndefined();
  });

  it("where the tree answers, the checker names the same declaration", () => {
    for (const text of [PLAIN, TRICKY]) {
      const sf = parseText(createMorphProject(), "tools/t.ts", text);
      let answered = 0;
      for (const id of identifiers(sf)) {
        if (!Node.isIdentifier(id)) continue;
        const asType = id.getFirstAncestor((a) => Node.isTypeNode(a) && !Node.isExpressionWithTypeArguments(a));
        const u = unboundDeclaration(id.compilerNode, sf.compilerNode, asType !== undefined);
        if (!u) continue;
        answered++;
        expect(id.getSymbol()?.getDeclarations()[0]?.compilerNode, `${id.getText()} at ${id.getStart()}`).toBe(u.decl);
      }
      expect(answered).toBeGreaterThan(2);
    }
  });

  it("leaves shadowed, merged, destructured, hoisted and wrong-meaning names to the checker", () => {
    const sf = parseText(createMorphProject(), "tools/t.ts", TRICKY);
    const cls = sf.getClassOrThrow("T");
    const settled = (method: string, name: string, asType = false) =>
      cls
        .getMethodOrThrow(method)
        .getDescendantsOfKind(ts.SyntaxKind.Identifier)
        .filter((id) => id.getText() === name)
        .map((id) => unboundDeclaration(id.compilerNode, sf.compilerNode, asType) !== null);
    expect(settled("shadow", "LIMIT")).toEqual([false, false, false]);
    expect(settled("shadow", "Tool")).toEqual([false, false]);
    expect(settled("shadow", "b")).toEqual([false]);
    expect(settled("inner", "over")).toEqual([false]);
    expect(settled("val", "Value")).toEqual([false]);
    expect(settled("caught", "Tool")).toEqual([false, false]);
    expect(settled("enumed", "b")).toEqual([false, false]);
    const hoisted = sf.getVariableDeclarationOrThrow("hoisted2").getInitializerOrThrow();
    expect(unboundDeclaration(hoisted.compilerNode as ts.Identifier, sf.compilerNode, false)).toBeNull();
  });
});
