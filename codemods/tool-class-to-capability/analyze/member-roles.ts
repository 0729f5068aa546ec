/**
 * What each instance member of a class is to the move (analyze-class.ts): part of the spec, the
 * run method, userMessage, a private helper that moves with it, or LangChain serialisation
 * metadata that is dropped with a note; instance state and public methods are refused.
 */
import {
  Node,
  SyntaxKind,
  ts,
  type ClassDeclaration,
  type ClassMemberTypes,
  type MethodDeclaration,
  type ParameterDeclaration,
} from "ts-morph";
import { langChainMetadata, SPEC_FIELDS, type LangChainMetadata, type RunMethod } from "../../../inventory/index.js";
import { refuse } from "./class-refusals.js";
import { isPureValue } from "./pure-value.js";
import { startLineOf } from "../../shared/line-number.js";

/** The methods that move besides process: userMessage and the private helpers (an intermediate's too). */
export function movedMethods(
  cls: ClassDeclaration,
  file: string,
  depFields: ReadonlyMap<string, string>,
  inherited: ClassDeclaration | null,
  runMethod: RunMethod,
): { privateMethods: MethodDeclaration[]; userMessage: MethodDeclaration | null } {
  const privateMethods: MethodDeclaration[] = [];
  let userMessage: MethodDeclaration | null = null;
  for (const member of cls.getInstanceMembers()) {
    if (Node.isParameterDeclaration(member)) continue;
    const role = memberRole(member, file, depFields, runMethod);
    if (role.kind === "userMessage") userMessage = role.method;
    else if (role.kind === "private") privateMethods.push(role.method);
  }
  if (inherited) {
    const mine = new Set(cls.getInstanceMembers().map((m) => (Node.isParameterDeclaration(m) ? "" : m.getName())));
    for (const m of inherited.getInstanceMethods()) {
      if (mine.has(m.getName()) || !m.getBody() || metadataOf(m)) continue;
      if (m.getName() === "userMessage") userMessage ??= m;
      else if (m.getName() !== runMethod) privateMethods.push(m);
    }
  }
  return { privateMethods, userMessage };
}

type InstanceMember = Exclude<ReturnType<ClassDeclaration["getInstanceMembers"]>[number], ParameterDeclaration>;

/** What one instance member is to the move; instance state and public methods are refused. */
function memberRole(
  member: InstanceMember,
  file: string,
  depFields: ReadonlyMap<string, string>,
  runMethod: RunMethod,
): { kind: "spec" } | { kind: "userMessage" | "private"; method: MethodDeclaration } {
  const mline = startLineOf(member);
  if (metadataOf(member)) return { kind: "spec" };
  if (Node.isPropertyDeclaration(member) || Node.isGetAccessorDeclaration(member)) {
    const pname = member.getName();
    if (SPEC_FIELDS.has(pname)) return { kind: "spec" };
    // A default the constructor replaces (`maxResults = 5`, then `this.maxResults = fields?.maxResults
    // ?? this.maxResults`) lives on in the field's expression (constructor-statements.ts).
    const init = Node.isPropertyDeclaration(member) ? member.getInitializer() : undefined;
    if (Node.isPropertyDeclaration(member) && depFields.has(pname) && (!init || isPureValue(init, true)))
      return { kind: "spec" };
    refuse(
      "instance-state",
      file,
      mline,
      `field \`${member.getText().split("\n")[0]}\``,
      "make it a module constant, a local in process, or a constructor dependency with a run field",
    );
  }
  if (!Node.isMethodDeclaration(member))
    refuse(
      "unsupported-shape",
      file,
      mline,
      `member \`${member.getText().split("\n")[0]}\``,
      "migrate this class by hand",
    );
  const mname = member.getName();
  if (mname === runMethod) return { kind: "spec" };
  if (mname === "userMessage") return { kind: "userMessage", method: member };
  if (
    member.hasModifier(SyntaxKind.PrivateKeyword) ||
    member.hasModifier(SyntaxKind.ProtectedKeyword) ||
    mname.startsWith("#")
  ) {
    if (!member.getBody()) refuse("unsupported-shape", file, mline, `method ${mname} has no body`, "give it a body");
    return { kind: "private", method: member };
  }
  refuse(
    "extra-public-member",
    file,
    mline,
    `public method ${mname}()`,
    `make ${mname} private if only the class uses it, or move it to a module function its callers import`,
  );
}

/** The inventory's own recognition of LangChain metadata (inventory/extract/langchain-metadata.ts), on ts-morph's node. */
export function metadataOf(member: ClassMemberTypes | ParameterDeclaration): LangChainMetadata | null {
  // ts-morph bundles its own TypeScript, the same API under another type identity, hence the casts.
  return Node.isParameterDeclaration(member) ? null : langChainMetadata(ts as never, member.compilerNode as never);
}

/** The LangChain metadata members of a class and of the intermediate flattened into it: dropped, each named in a note. */
export function langChainMembers(cls: ClassDeclaration, inherited: ClassDeclaration | null): LangChainMetadata[] {
  return [cls, ...(inherited ? [inherited] : [])].flatMap((c) => c.getMembers()).flatMap((m) => metadataOf(m) ?? []);
}
