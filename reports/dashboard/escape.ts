/**
 * HTML escaping for everything the dashboard inserts from results (class names, evidence,
 * messages, commit subjects): text and attribute values alike, so a `<script>` in a string
 * is shown as text and never runs.
 */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}

/** Tagged template: interpolated values are escaped unless wrapped in `raw()`. */
export interface RawHtml {
  readonly __html: string;
}

export function raw(html: string): RawHtml {
  return { __html: html };
}

function piece(value: unknown): string {
  if (Array.isArray(value)) return value.map(piece).join("");
  if (value && typeof value === "object" && "__html" in value) return (value as RawHtml).__html;
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(value);
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): RawHtml {
  let out = strings[0] ?? "";
  values.forEach((v, i) => {
    out += piece(v) + (strings[i + 1] ?? "");
  });
  return raw(out);
}
