/**
 * The state of one constructor table's conversion, shared by the pass over its entries and
 * type (tables.ts) and the pass over its uses (table-uses.ts): the edits and units so far and
 * the first use that blocks it.
 */
import type TS from "typescript";
import type { TypeScriptApi } from "../shared/parse.js";
import type { TextEdit } from "../shared/splice.js";
import type { TableSite, TableUnit } from "./tables.js";

export class TableAnalysis {
  readonly edits: TextEdit[] = [];
  readonly units: TableUnit[] = [];
  private blocked: { reason: string; node: TS.Node } | null = null;

  constructor(
    readonly ts: TypeScriptApi,
    readonly sf: TS.SourceFile,
    private readonly file: string,
    readonly site: TableSite,
  ) {}

  /** Records the first reason the table cannot be converted; later ones are dropped. */
  refuse(node: TS.Node, why: string): void {
    if (this.blocked) return;
    const line = this.sf.getLineAndCharacterOfPosition(node.getStart(this.sf)).line + 1;
    this.blocked = {
      node,
      reason: `constructor table ${this.site.name}: ${why} (${this.file}:${line}); the table is left as it is`,
    };
  }

  get refusal(): { reason: string; node: TS.Node } | null {
    return this.blocked;
  }

  text(node: TS.Node): string {
    return node.getText(this.sf);
  }

  line(node: TS.Node): number {
    return this.sf.getLineAndCharacterOfPosition(node.getStart(this.sf)).line + 1;
  }
}
