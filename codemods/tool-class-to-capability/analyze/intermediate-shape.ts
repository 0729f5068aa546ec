/**
 * The intermediate base's own shape, checked before flattening (analyze/flatten.ts): each reason
 * it cannot be merged into its subclasses is a RefusalError with file:line and the fix.
 */
import { Node, SyntaxKind, type ClassDeclaration } from "ts-morph";
import { isRunMethod } from "../../../inventory/index.js";
import { RefusalError } from "./class-refusals.js";
import { metadataOf } from "./member-roles.js";
import { startLineOf } from "../../shared/line-number.js";

const SPEC_PROPS = new Set(["description", "jsonSchema", "inputSchema", "schema", "needsToolCallId"]);

/**
 * Why an intermediate base cannot be flattened by its own shape (concrete, generic, decorated,
 * static members, constructor logic, state or public members other than the run method and
 * LangChain's serialisation metadata), or null when it can.
 */
export function shapeProblem(cls: ClassDeclaration, file: string, subs: string): RefusalError | null {
  const name = cls.getName() ?? "(anonymous)";
  const at = (node: Node): number => startLineOf(node);
  const line = at(cls);
  if (!cls.isAbstract())
    return new RefusalError(
      "flatten-blocked",
      file,
      line,
      `${name} is concrete (it may be constructed itself) and extended by ${subs}: removing it would break them`,
      `make ${name} abstract if it is only a base, or migrate it and its subclasses by hand`,
    );
  if (cls.getTypeParameters().length)
    return new RefusalError(
      "generic-or-abstract",
      file,
      line,
      `${name} is generic (${cls
        .getTypeParameters()
        .map((t) => t.getText())
        .join(", ")}), so its subclasses cannot be flattened`,
      `drop the type parameters of ${name} (inline the type each subclass uses)`,
    );
  const decorator = [cls, ...cls.getMembers()].flatMap((n) => (Node.isDecoratable(n) ? n.getDecorators() : []))[0];
  if (decorator)
    return new RefusalError(
      "decorator",
      file,
      at(decorator),
      `${name} uses decorator ${decorator.getText()}`,
      "remove the decorator or migrate the hierarchy by hand",
    );
  const stat = cls.getStaticMembers().find((m) => !metadataOf(m));
  if (stat)
    return new RefusalError(
      "static-member",
      file,
      at(stat),
      `${name} has \`${stat.getText().split("\n")[0]}\``,
      "move the static member to a module constant",
    );
  for (const ctor of cls.getConstructors()) {
    const extra =
      ctor.getParameters().length > 0 || ctor.getStatements().some((s) => !/^super\(\s*\);?$/.test(s.getText()));
    if (extra)
      return new RefusalError(
        "constructor-logic",
        file,
        at(ctor),
        `${name}'s constructor takes parameters or does work beyond super()`,
        `remove ${name}'s constructor (give each subclass its own dependencies), then re-run`,
      );
  }
  return memberProblem(cls, name, file);
}

/** The first instance member of the intermediate that a subclass could not absorb, or null. */
function memberProblem(cls: ClassDeclaration, name: string, file: string): RefusalError | null {
  const at = (node: Node): number => startLineOf(node);
  for (const m of cls.getInstanceMembers()) {
    if (metadataOf(m)) continue; // LangChain serialisation metadata: dropped with the class
    if (Node.isParameterDeclaration(m))
      return new RefusalError(
        "instance-state",
        file,
        at(m),
        `${name} stores \`${m.getText()}\``,
        `move the state out of ${name}`,
      );
    const abstract = Node.isAbstractable(m) && m.isAbstract();
    if (abstract) continue;
    if (Node.isPropertyDeclaration(m) || Node.isGetAccessorDeclaration(m)) {
      if (SPEC_PROPS.has(m.getName()) && (Node.isGetAccessorDeclaration(m) || m.getInitializer())) continue;
      return new RefusalError(
        "instance-state",
        file,
        at(m),
        `${name} has field \`${m.getText().split("\n")[0]}\``,
        `make it a module constant or a local, or move it into each subclass`,
      );
    }
    if (Node.isMethodDeclaration(m)) {
      const priv =
        m.hasModifier(SyntaxKind.PrivateKeyword) ||
        m.hasModifier(SyntaxKind.ProtectedKeyword) ||
        m.getName().startsWith("#");
      // The run method (process, LangChain's _call, …) is merged into each subclass like process.
      if (priv || m.getName() === "userMessage" || isRunMethod(m.getName())) continue;
      return new RefusalError(
        "extra-public-member",
        file,
        at(m),
        `${name} has public method ${m.getName()}()`,
        `make ${m.getName()} protected if only the subclasses use it`,
      );
    }
    return new RefusalError(
      "unsupported-shape",
      file,
      at(m),
      `${name} has member \`${m.getText().split("\n")[0]}\``,
      "migrate the hierarchy by hand",
    );
  }
  return null;
}
