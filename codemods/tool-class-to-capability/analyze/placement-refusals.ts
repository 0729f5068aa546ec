/**
 * The reasons a class's dependencies cannot be placed: it refers to a migrating class, or its
 * spec needs an implementation import or a value that must stay in the source file.
 */
import { RefusalError } from "./class-refusals.js";
import type { PlacementDecision } from "./placement-decision.js";
import { closure, declaredNames, type PlacementScope } from "./placement-scope.js";
import type { PlacementRefusal } from "./dependencies.js";
import { isTypeOnlyStatement } from "./resolve.js";
import { startLineOf } from "../../shared/line-number.js";

/** Classes that refer to a class migrating with them (at most one refusal each). */
export function selfReferenceRefusals(scope: PlacementScope): PlacementRefusal[] {
  const refusals: PlacementRefusal[] = [];
  for (const { p, spec, impl } of scope.perClass) {
    const stmt = [...spec.locals.keys(), ...impl.locals.keys()].find((s) => scope.migrating.has(s));
    if (!stmt) continue;
    refusals.push({
      part: p,
      error: new RefusalError(
        "self-reference",
        p.analysis.file,
        startLineOf(stmt),
        `${p.analysis.className} refers to class ${declaredNames(stmt).join(", ")}`,
        "replace the class reference with its wire name (toolForCapabilityName) or migrate the classes by hand",
      ),
    });
  }
  return refusals;
}

/** Specs that would make the specs file import an implementation, through an import or a staying value. */
export function specRefusals(
  scope: PlacementScope,
  d: PlacementDecision,
  specMayImport: (specifier: string) => boolean,
): PlacementRefusal[] {
  const refusals: PlacementRefusal[] = [];
  for (const { p, spec } of scope.perClass) {
    const reach = closure(scope, spec.locals.keys(), d.moved);
    // A value the spec needs through an import must come from a module a specs file may import.
    const valueImports = [
      ...spec.imports,
      ...[...reach].filter(d.moved).flatMap((s) => scope.refsOf(s).imports),
    ].filter((r) => !r.typeOnly);
    const impure = valueImports.find((r) => !specMayImport(r.decl.getModuleSpecifierValue()));
    if (impure) {
      const specifier = impure.decl.getModuleSpecifierValue();
      refusals.push({
        part: p,
        error: new RefusalError(
          "spec-imports-implementation",
          p.analysis.file,
          impure.decl.getStartLineNumber(),
          `the spec of ${p.analysis.wireName} needs \`${impure.local}\` from "${specifier}", which a specs file may not import (spec files import only types, the allowed packages and spec or schema modules)`,
          `move \`${impure.imported === "*" || impure.imported === "default" ? impure.local : impure.imported}\` into a schema module (one matching seam.specs.schemaFiles, e.g. schemas/*.ts) and import it from there, or write the value into the class's description or schema, then re-run`,
        ),
      });
      continue;
    }
    const bad = [...reach].find((s) => d.stay.has(s) && !isTypeOnlyStatement(s) && !d.extract.has(s));
    if (bad) {
      refusals.push({
        part: p,
        error: new RefusalError(
          "shared-spec-constant",
          p.analysis.file,
          startLineOf(bad),
          `the spec of ${p.analysis.wireName} needs \`${declaredNames(bad).join(", ")}\`, which code staying in ${p.analysis.file} also uses (or which is exported)`,
          `move \`${declaredNames(bad).join(", ")}\` into a constants module of its own that imports no implementation, then re-run`,
        ),
      });
    }
  }
  return refusals;
}
