/**
 * An intermediate base that is never constructed itself (an abstract `HttpTool` under
 * `HttpGetTool`/`HttpPostTool`) has no evidence of its own; it goes with its subclasses when
 * they all agree on a kind. Runs after every class was decided, bottom-up through the chain.
 */
import type { ResolvedSubclass } from "../resolve/resolve-subclasses.js";
import type { Decision } from "./classify-subclass.js";
import { addTo } from "../../lib/multimap.js";

export function inheritKindFromSubclasses(
  subclasses: ReadonlyMap<string, ResolvedSubclass>,
  decisions: Map<string, Decision>,
  siteCount: (id: string) => number,
): void {
  const children = new Map<string, string[]>();
  for (const s of subclasses.values()) if (s.parentId) addTo(children, s.parentId, s.id);
  let changed = true;
  while (changed) {
    changed = false;
    for (const [id, kids] of children) {
      const own = decisions.get(id);
      if (!own || own.kind !== "unclassified" || siteCount(id) > 0) continue;
      const kinds = new Set(kids.map((k) => decisions.get(k)?.kind));
      const [kind] = [...kinds];
      if (kinds.size > 1 && !own.evidence[0]?.startsWith("conflicting evidence")) {
        // Name the conflict: which subclasses went which way.
        const groups = [...kinds].map(
          (k) =>
            `${k} (${kids
              .filter((c) => decisions.get(c)?.kind === k)
              .map((c) => subclasses.get(c)?.cls.name ?? "<anonymous>")
              .join(", ")})`,
        );
        decisions.set(id, {
          kind: "unclassified",
          evidence: [
            `conflicting evidence: never constructed itself, and its subclasses disagree: ${groups.join(" vs ")}`,
            ...own.evidence,
          ],
        });
        continue;
      }
      if (kinds.size !== 1 || !kind || kind === "unclassified") continue;
      const names = kids.map((k) => subclasses.get(k)?.cls.name ?? "<anonymous>").join(", ");
      const firstKid = decisions.get(kids[0] ?? "");
      decisions.set(id, {
        kind,
        evidence: [
          `never constructed itself; base of ${names}, which ${kids.length === 1 ? "is" : "are"} ${kind}`,
          ...(firstKid
            ? [`subclass ${subclasses.get(kids[0] ?? "")?.cls.name ?? "<anonymous>"}: ${firstKid.evidence[0]}`]
            : []),
          ...own.evidence.slice(1),
        ],
      });
      changed = true;
    }
  }
}
