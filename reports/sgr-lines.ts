/**
 * Keeps ANSI SGR colours intact when a cell's text is cut into lines (at its own newlines or by
 * word wrap): a line that ends inside a colour is closed there, and the next line reopens it, so
 * no colour bleeds into the table's borders or the next cell. Used by `text-table.ts`.
 */
import { SGR } from "./text-width.js";

/** Attribute codes by the code that turns them off (22 ends both bold and dim). */
const ATTRIBUTE_OFF: Readonly<Record<number, number>> = { 1: 22, 2: 22, 3: 23, 4: 24, 5: 25, 7: 27, 8: 28, 9: 29 };
const OFF_CODES = new Set(Object.values(ATTRIBUTE_OFF));

/** What is switched on after some SGR codes: attributes, foreground and background. */
class SgrState {
  private attributes = new Map<number, number>();
  private foreground: string | null = null;
  private background: string | null = null;

  apply(sequence: string): void {
    const params = sequence.slice(2, -1).split(";").map(Number);
    for (let i = 0; i < params.length; i++) {
      const p = params[i] ?? 0;
      if (p === 0) this.reset();
      else if (ATTRIBUTE_OFF[p] !== undefined) this.attributes.set(p, ATTRIBUTE_OFF[p]);
      else if (OFF_CODES.has(p)) this.switchOff(p);
      else if (p === 38 || p === 48) {
        // 38;5;n or 38;2;r;g;b: the colour's parameters travel with it.
        const take = params[i + 1] === 5 ? 3 : params[i + 1] === 2 ? 5 : 1;
        this.setColour(p, `\u001b[${params.slice(i, i + take).join(";")}m`);
        i += take - 1;
      } else if ((p >= 30 && p <= 37) || (p >= 90 && p <= 97) || p === 39) this.setColour(38, p === 39 ? null : p);
      else if ((p >= 40 && p <= 47) || (p >= 100 && p <= 107) || p === 49) this.setColour(48, p === 49 ? null : p);
    }
  }

  private switchOff(offCode: number): void {
    for (const [on, off] of this.attributes) if (off === offCode) this.attributes.delete(on);
  }

  private setColour(which: 38 | 48, code: string | number | null): void {
    const value = typeof code === "number" ? `\u001b[${code}m` : code;
    if (which === 38) this.foreground = value;
    else this.background = value;
  }

  private reset(): void {
    this.attributes.clear();
    this.foreground = this.background = null;
  }

  /** The codes that switch the current state on. */
  open(): string {
    const on = [...this.attributes.keys()].map((code) => `\u001b[${code}m`);
    return on.join("") + (this.foreground ?? "") + (this.background ?? "");
  }

  /** The codes that switch the current state off. */
  close(): string {
    const off = [...new Set(this.attributes.values())].map((code) => `\u001b[${code}m`);
    return off.join("") + (this.foreground ? "\u001b[39m" : "") + (this.background ? "\u001b[49m" : "");
  }
}

/** `lines` with every colour still open at a line's end closed there and reopened on the next. */
export function closeSgrPerLine(lines: readonly string[]): string[] {
  const state = new SgrState();
  return lines.map((line) => {
    const reopen = state.open();
    for (const m of line.matchAll(SGR)) state.apply(m[0]);
    return reopen + line + state.close();
  });
}
