/**
 * The blocker notes one class member raises by itself: a run method reading a parameter past its
 * input or typing its input through `this`, a function-valued run field, a field holding instance state, a static member, a
 * decorator. Each is a code the class move (codemods/tool-class-to-capability) refuses with too.
 */
import type TS from "typescript";
import type { ClassNoteFact } from "./facts.js";
import { lineOf, type Ctx } from "./ast-utils.js";
import { inputThisTyping, isRunMethod, isRunMethodField, runMethodReadsExtra } from "./run-methods.js";
import { langChainMetadata } from "./langchain-metadata.js";

/**
 * The fields a capability spec takes over as data: any other field holding a value is instance
 * state. The class move (codemods/tool-class-to-capability/analyze/member-roles.ts) reads the same set.
 */
export const SPEC_FIELDS: ReadonlySet<string> = new Set([
  "name",
  "description",
  "jsonSchema",
  "inputSchema",
  "schema",
  "needsToolCallId",
]);

export function memberNotes(
  ctx: Ctx,
  member: TS.ClassElement,
  name: string | null,
  isStatic: boolean,
): ClassNoteFact[] {
  const { ts } = ctx;
  const notes: ClassNoteFact[] = [];
  const readExtra = !isStatic && name !== null ? runMethodReadsExtra(ts, name, member) : null;
  if (readExtra)
    notes.push({
      code: "run-method-param",
      detail: `${name}() reads ${readExtra}, a parameter past its input (a capability call passes only the input)`,
      line: lineOf(ctx, member),
    });
  const thisTyping =
    !isStatic && name !== null && isRunMethod(name) && ts.isMethodDeclaration(member)
      ? inputThisTyping(ts, name, member)
      : "none";
  if (thisTyping !== "none")
    notes.push({
      code: "this-typed-input",
      detail: `${name}()'s input is typed through this: type it from a module constant (z.infer<typeof Schema>)`,
      line: lineOf(ctx, member),
      // Only `typeof this.schema`: dropped on close when the class declares its own schema.
      ...(thisTyping === "schema" ? { field: "schema" } : {}),
    });
  const runField = !isStatic && name !== null && isRunMethodField(ts, name, member);
  if (runField)
    notes.push({
      code: "run-method-field",
      detail: `${name} is a function-valued field: write it as a method`,
      line: lineOf(ctx, member),
    });
  // A field holding a value other than the spec's own (`returnDirect = false`, a client) is
  // instance state a module capability has no place for: the class move refuses it with this code.
  if (
    !isStatic &&
    name !== null &&
    ts.isPropertyDeclaration(member) &&
    member.initializer !== undefined &&
    !SPEC_FIELDS.has(name) &&
    !runField
  )
    notes.push({
      code: "instance-state",
      detail: `field ${name} holds instance state: make it a module constant or a constructor dependency`,
      line: lineOf(ctx, member),
      field: name,
    });
  // A public method callers may use, or a getter other than the spec's own, has no place on a
  // module capability: the class move refuses them with these codes (member-roles.ts).
  const isPublic = !ts
    .getModifiers(member as TS.HasModifiers)
    ?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword);
  const hashName = member.name !== undefined && ts.isPrivateIdentifier(member.name);
  if (!isStatic && name !== null && !hashName && !langChainMetadata(ts, member)) {
    if (ts.isMethodDeclaration(member) && isPublic && !isRunMethod(name) && name !== "userMessage")
      notes.push({
        code: "extra-public-member",
        detail: `public method ${name}(): make it private if only the class uses it, or a module function`,
        line: lineOf(ctx, member),
      });
    if (ts.isGetAccessorDeclaration(member) && !SPEC_FIELDS.has(name))
      notes.push({
        code: "instance-state",
        detail: `getter ${name} reads the instance: make it a module constant or a local in the run method`,
        line: lineOf(ctx, member),
      });
  }
  // A static member has no place on a spec or an impl: the class move refuses it with this code too.
  if (isStatic && !ts.isClassStaticBlockDeclaration(member))
    notes.push({
      code: "static-member",
      detail: `static member ${name ?? "?"}: move it to a module constant or function`,
      line: lineOf(ctx, member),
    });
  else if (ts.isClassStaticBlockDeclaration(member))
    notes.push({ code: "static-member", detail: "static initialization block", line: lineOf(ctx, member) });
  if (ts.canHaveDecorators(member) && ts.getDecorators(member)?.length) {
    notes.push({ code: "decorator", detail: `decorated member ${name ?? "?"}`, line: lineOf(ctx, member) });
  }
  return notes;
}
