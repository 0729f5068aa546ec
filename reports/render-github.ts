/**
 * GitHub reporter: workflow commands that GitHub Actions turns into annotations on the diff.
 * `::error` for a worsened ratchet (one per new class, at its file:line), a missing baseline and
 * an incomplete scan (the step fails: CI must say why); `::warning` for each file that could not
 * be scanned, for a class that changed kind without being converted, and for classes whose
 * permission category came from the unlisted → external fallback; a plain summary line at the end.
 */
import type { InventoryReport } from "../inventory/types.js";
import { isFolderProblem } from "../lib/unscanned.js";
import { inventoryExitCode } from "./exit-code.js";
import { classLabel, counterLabel, deltaText, incompleteText } from "./ratchet-text.js";
import type { Reporter } from "./types.js";

/** Escaping per GitHub's workflow-command syntax (message data vs. property values). */
function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

type Level = "error" | "warning" | "notice";
interface Annotation {
  readonly level: Level;
  readonly file?: string;
  readonly line?: number;
  readonly title: string;
  readonly message: string;
}

export function formatAnnotation(a: Annotation): string {
  const props: string[] = [];
  if (a.file) props.push(`file=${escapeProperty(a.file)}`);
  if (a.file && a.line) props.push(`line=${a.line}`);
  props.push(`title=${escapeProperty(a.title)}`);
  return `::${a.level} ${props.join(",")}::${escapeData(a.message)}`;
}

function ratchetAnnotations(report: InventoryReport): Annotation[] {
  const r = report.ratchet;
  if (!r) return [];
  const out: Annotation[] = [];
  const hint = r.hint ? ` ${r.hint}` : "";
  if (r.status === "no-baseline") {
    out.push({
      level: "error",
      file: r.baselineFile,
      title: "capkit ratchet",
      message: `No ratchet baseline at ${r.baselineFile}.${hint}`,
    });
  }
  if (r.status === "worse") {
    for (const a of r.added) {
      out.push({
        level: "error",
        file: a.file,
        line: a.line,
        title: `capkit: new ${a.kind} class`,
        message: `${a.name ?? "An anonymous class"} is a new ${a.kind} subclass of the base class; the ratchet allows none. Write it as a capability module instead.${hint}`,
      });
    }
    for (const d of r.deltas.filter((x) => x.current > x.baseline)) {
      out.push({
        level: "error",
        file: r.baselineFile,
        title: `capkit ratchet: ${counterLabel(d.counter)} grew`,
        message: `${deltaText(d)} (baseline ${r.baselineFile}).${hint}`,
      });
    }
  }
  for (const m of r.reclassified ?? []) {
    out.push({
      level: "warning",
      file: m.file,
      line: m.line,
      title: "capkit: kind changed, not converted",
      message: `${classLabel(m)} was ${m.from} in ${r.baselineFile} and is ${m.to} now: it still extends the base class, so this is not progress.${hint}`,
    });
  }
  if (r.status === "better") {
    for (const d of r.deltas) {
      out.push({
        level: "notice",
        file: r.baselineFile,
        title: "capkit ratchet can tighten",
        message: `${deltaText(d)}.${hint}`,
      });
    }
  }
  return out;
}

export const renderGithub: Reporter = (report) => {
  const inv = report.inventory;
  const annotations: Annotation[] = ratchetAnnotations(report);
  const incomplete = incompleteText(inv);
  if (incomplete)
    annotations.unshift({
      level: "error",
      title: "capkit: scan incomplete",
      message: `${incomplete}. Fix what the warnings below name (make it readable, fix its syntax) and run again.`,
    });
  for (const p of inv.problems) {
    annotations.push({
      level: "warning",
      file: p.file,
      line: p.line,
      title: `capkit: ${isFolderProblem(p) ? "folder" : "file"} not scanned`,
      message: p.message,
    });
  }
  // Loop-protocol and supervisor tools are never gated, so their category is moot: warning on
  // them would bury the fallbacks that do change what a permission prompt says.
  const NEVER_GATED = new Set(["loop-protocol", "supervisor"]);
  for (const k of inv.classes.filter((c) => c.categorySource === "fallback" && !NEVER_GATED.has(c.kind))) {
    annotations.push({
      level: "warning",
      file: k.file,
      line: k.line,
      title: "capkit: permission category by fallback",
      message: `${k.wireName ?? k.name ?? "this tool"} is not in the permission categories map, so it falls back to "${
        k.category ?? "external"
      }". Add it to TOOL_PERMISSION_CATEGORIES or the capkit config.`,
    });
  }
  for (const k of inv.classes.filter((c) => c.categorySource === "proposed" && !NEVER_GATED.has(c.kind))) {
    annotations.push({
      level: "notice",
      file: k.file,
      line: k.line,
      title: "capkit: permission category proposed",
      message: `${k.wireName ?? k.name ?? "this tool"} is not in the permission categories map; capkit proposes "${k.category}" (at run time it falls back to "external"). Review it and add it to TOOL_PERMISSION_CATEGORIES or the capkit config.`,
    });
  }
  const c = inv.counters;
  const summary = `capkit inventory: capability-shaped ${c.capabilityShaped}, loop-protocol ${c.loopProtocol}, extends Tool ${c.extendsTool.occurrences} in ${c.extendsTool.files} files${
    inv.incomplete ? " (incomplete)" : ""
  }`;
  const lines = [...annotations.map(formatAnnotation), summary];
  return { output: `${lines.join("\n")}\n`, exitCode: inventoryExitCode(report) };
};
