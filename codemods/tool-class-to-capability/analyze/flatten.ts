/**
 * Flattening an abstract intermediate base (`abstract class HttpTool extends Tool`, subclassed by
 * capability classes): decides, per intermediate, whether each concrete subclass can be converted
 * with the intermediate's members merged in — the intermediate extends the base directly, is not
 * generic, keeps no state, has no constructor logic, and every subclass in the repo is a direct,
 * capability-kind subclass of the same namespace and file. When it cannot, `problem` says why
 * (file:line and what would unblock it) and the intermediate and its subclasses are refused.
 * Also finds which intermediate helpers do not depend on the subclass (shared module functions).
 */
import { Node, SyntaxKind, type ClassDeclaration, type MethodDeclaration, type SourceFile } from "ts-morph";
import { isRunMethod } from "../../../inventory/index.js";
import type { ClassRecord } from "../../../inventory/types.js";
import { RefusalError } from "./class-refusals.js";
import { classNamed } from "../../shared/class-lookup.js";
import { compilerDescendantsOfKind, descendantsOfKind } from "../../shared/compiler-walk.js";
import { shapeProblem } from "./intermediate-shape.js";

export interface FlattenGroup {
  readonly name: string;
  readonly record: ClassRecord | undefined;
  readonly cls: ClassDeclaration | undefined;
  /** Inventory records of the subclasses (every class whose chain runs through the intermediate). */
  readonly subclasses: readonly ClassRecord[];
  readonly problem: RefusalError | null;
  /** Intermediate helpers whose text is the same for every subclass → shared function name. */
  readonly shared: Map<MethodDeclaration, string>;
}

/** The blockers a flattenable subclass may carry: only "it inherits through an intermediate". */
export function onlyIndirectBlockers(rec: ClassRecord): boolean {
  return rec.blockers.length > 0 && rec.blockers.every((b) => b.code === "indirect-subclass");
}

function subclassProblem(
  group: { name: string; file: string; ns: string | null },
  sub: ClassRecord,
  sf: SourceFile,
): RefusalError | null {
  const label = sub.name ?? "(anonymous class)";
  const unblock = `move ${label} off ${group.name}, or migrate the hierarchy by hand`;
  if (sub.kind !== "capability")
    return new RefusalError(
      "flatten-blocked",
      sub.file,
      sub.line,
      `subclass ${label} of ${group.name} is classified ${sub.kind}, so ${group.name} must stay`,
      unblock,
    );
  if (sub.namespace !== group.ns)
    return new RefusalError(
      "flatten-blocked",
      sub.file,
      sub.line,
      `subclass ${label} of ${group.name} is in namespace ${sub.namespace ?? "(none)"}, not ${group.ns ?? "(none)"}`,
      `put ${group.name} and all its subclasses in one namespace (capkit.config.json "namespaces")`,
    );
  if (sub.file !== group.file)
    return new RefusalError(
      "flatten-blocked",
      sub.file,
      sub.line,
      `subclass ${label} is declared in another file than ${group.name} (${group.file})`,
      `move ${label} next to ${group.name}, then re-run`,
    );
  const cls = sub.name ? classNamed(sf, sub.name) : undefined;
  if (!cls)
    return new RefusalError(
      "class-expression",
      sub.file,
      sub.line,
      `subclass ${label} of ${group.name} is not a named top-level class`,
      "declare it as a named top-level class",
    );
  const base = cls.getExtends()?.getExpression().getText();
  if (base !== group.name)
    return new RefusalError(
      "flatten-blocked",
      sub.file,
      sub.line,
      `${label} reaches ${group.name} through ${base ?? "?"} (more than one level)`,
      `make ${label} extend ${group.name} directly, or migrate the hierarchy by hand`,
    );
  return null;
}

/**
 * Methods of `cls` that use nothing subclass-specific: no `this` but calls of other shared
 * helpers, no super, and not overridden by any subclass (`this.m()` would dispatch to the override).
 */
function shareable(cls: ClassDeclaration, overridden: ReadonlySet<string>): Set<MethodDeclaration> {
  const methods = cls.getInstanceMethods().filter(
    (m) =>
      m.getBody() &&
      !overridden.has(m.getName()) &&
      // A (protected) run method is each subclass's impl, never a shared helper: this._call(x) recurses.
      !isRunMethod(m.getName()) &&
      (m.hasModifier(SyntaxKind.PrivateKeyword) || m.hasModifier(SyntaxKind.ProtectedKeyword)),
  );
  const ok = new Set(methods);
  for (let changed = true; changed;) {
    changed = false;
    for (const m of [...ok]) {
      const body = m.getBodyOrThrow();
      const fine =
        compilerDescendantsOfKind(body.compilerNode, SyntaxKind.SuperKeyword).length === 0 &&
        descendantsOfKind(body, SyntaxKind.ThisKeyword).every((kw) => {
          if (!ownThis(kw, body)) return true;
          const pa = kw.getParentIfKind(SyntaxKind.PropertyAccessExpression);
          const call = pa?.getParentIfKind(SyntaxKind.CallExpression);
          return !!pa && !!call && call.getExpression() === pa && [...ok].some((o) => o.getName() === pa.getName());
        });
      if (!fine) {
        ok.delete(m);
        changed = true;
      }
    }
  }
  return ok;
}

function ownThis(node: Node, root: Node): boolean {
  for (let cur = node.getParent(); cur && cur !== root; cur = cur.getParent()) {
    if (
      Node.isFunctionDeclaration(cur) ||
      Node.isFunctionExpression(cur) ||
      Node.isClassDeclaration(cur) ||
      Node.isClassExpression(cur) ||
      Node.isMethodDeclaration(cur)
    )
      return false;
  }
  return true;
}

/**
 * Why an intermediate that is not a plain direct subclass cannot be flattened: it sits deeper in
 * the hierarchy, or it carries blockers of its own. Only the reason that holds is named, with
 * each blocker's own message, so the user is not sent to fix a chain that is already direct.
 */
function ancestryProblem(name: string, record: ClassRecord): RefusalError {
  if (!record.direct)
    return new RefusalError(
      "flatten-blocked",
      record.file,
      record.line,
      `${name} does not extend the base directly (chain ${record.chain.join(" → ")})`,
      `flatten ${name} into its own base first, or migrate the hierarchy by hand`,
    );
  const blockers = record.blockers.map((b) => `${b.code} at ${b.file}:${b.line}: ${b.message}`).join("; ");
  return new RefusalError(
    "flatten-blocked",
    record.file,
    record.line,
    `${name} extends the base directly but has blockers of its own (${blockers})`,
    `resolve ${name}'s blockers (see \`capkit inventory\`), or migrate the hierarchy by hand`,
  );
}

/**
 * The flatten groups of namespace `ns`: one per intermediate named by a subclass's `extends`.
 * `classOf(rec)` gives the parsed declaration of a record (undefined when not found).
 */
export function planFlattening(
  all: readonly ClassRecord[],
  ns: string,
  sfOf: (file: string) => SourceFile | undefined,
  allocate: (preferred: string, fallback: string) => string,
): Map<string, FlattenGroup> {
  const groups = new Map<string, FlattenGroup>();
  const candidates = all.filter((r) => r.kind === "capability" && r.namespace === ns && !r.direct && r.name !== null);
  for (const rec of candidates) {
    const subSf = sfOf(rec.file);
    const sub = subSf ? classNamed(subSf, rec.name as string) : undefined;
    const name = sub?.getExtends()?.getExpression().getText().replace(/<.*$/s, "");
    if (!name || groups.has(name)) continue;
    const record = all.find((r) => r.name === name && r.file === rec.file) ?? all.find((r) => r.name === name);
    const subclasses = all.filter((r) => r.name !== name && r.chain.includes(name));
    const sf = record ? sfOf(record.file) : undefined;
    const cls = record && sf ? classNamed(sf, name) : undefined;
    let problem: RefusalError | null = null;
    if (!record || !sf || !cls) {
      problem = new RefusalError(
        "flatten-blocked",
        rec.file,
        rec.line,
        `${rec.name} inherits through ${name}, which the inventory has no top-level class record for`,
        `re-run the inventory over the file declaring ${name}, or make ${rec.name} extend the base directly`,
      );
    } else if (!record.direct || record.blockers.length) {
      problem = ancestryProblem(name, record);
    } else if (record.kind !== "capability") {
      problem = new RefusalError(
        "flatten-blocked",
        record.file,
        record.line,
        `${name} is classified ${record.kind}, not capability`,
        `classify ${name} as capability (capkit.config.json classify.overrides) if it only shares code`,
      );
    } else {
      problem = shapeProblem(cls, record.file, subclasses.map((x) => x.name ?? "(anonymous class)").join(", "));
      for (const s of subclasses) {
        if (problem) break;
        problem = subclassProblem({ name, file: record.file, ns: record.namespace }, s, sf);
      }
    }
    const shared = new Map<MethodDeclaration, string>();
    if (cls && !problem) {
      const prefix = name.charAt(0).toLowerCase() + name.slice(1).replace(/Tool$/, "");
      const overridden = new Set(
        subclasses.flatMap((r) =>
          (r.name && sf ? (classNamed(sf, r.name)?.getInstanceMembers() ?? []) : []).map((m) =>
            Node.isParameterDeclaration(m) ? "" : m.getName(),
          ),
        ),
      );
      for (const m of shareable(cls, overridden)) {
        const mname = m.getName().replace(/^#/, "");
        shared.set(m, allocate(mname, `${prefix}${mname.charAt(0).toUpperCase()}${mname.slice(1)}`));
      }
    }
    groups.set(name, { name, record, cls, subclasses, problem, shared });
  }
  return groups;
}

/** Whether code other than the intermediate, its subclasses and barrel re-exports names it. */
export function outsideReferences(group: FlattenGroup, files: Iterable<[string, string]>): string[] {
  const name = group.name;
  const re = new RegExp(`\\b${name}\\b`);
  const reExport = new RegExp(
    `^\\s*export\\s*(type\\s*)?\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*["'][^"']+["'];?\\s*$`,
    "m",
  );
  const hits: string[] = [];
  const own = new Set(
    [
      group.cls,
      ...group.subclasses.map((s) => (s.name && group.cls ? classNamed(group.cls.getSourceFile(), s.name) : undefined)),
    ].filter(Boolean),
  );
  for (const [path, text] of files) {
    if (!re.test(text)) continue;
    if (group.record && path === group.record.file) {
      const sf = group.cls?.getSourceFile();
      const uses = sf?.getStatements().some((s) => !own.has(s as ClassDeclaration) && re.test(s.getText())) ?? false;
      if (uses) hits.push(path);
      continue;
    }
    const rest = text.split("\n").filter((l) => re.test(l) && !reExport.test(l));
    if (rest.length) hits.push(path);
  }
  return hits;
}
