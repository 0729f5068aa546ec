/**
 * Guest-side text for the capability pack: one generated ES module per capability module,
 * each export a function returning the bridge's promise, forwarding (moduleKey, exportName, args) over the private
 * bridge, plus the bridge module itself. Names that are not plain identifiers are refused,
 * so no spec can inject code into a facade. Pure string generation; consumed by ./host.ts.
 */

export const DEFAULT_PACK = "@capkit/platform";
/** The private bridge specifier: importable only by generated facades (see ./host.ts). */
export const BRIDGE_SPECIFIER = "capkit:bridge";
/** The global the host installs for the bridge module; it is deleted before any guest code runs. */
export const BRIDGE_GLOBAL = "__capkit_bridge__";

const RESERVED = new Set(
  ("await break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if implements import in instanceof interface let new null package private protected public return static " +
    "super switch this throw true try typeof var void while with yield arguments eval undefined NaN Infinity").split(" "),
);

export class FacadeNameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FacadeNameError";
  }
}

export function isExportIdentifier(name: unknown): name is string {
  return typeof name === "string" && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && !RESERVED.has(name);
}

export function isModuleKey(key: unknown): key is string {
  return typeof key === "string" && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(key) && !key.includes("..");
}

/** "<pack>/<moduleKey>": the specifier guests import a facade by. */
export function facadeSpecifier(moduleKey: string, pack: string = DEFAULT_PACK): string {
  return `${pack}/${moduleKey}`;
}

/** The ES module text of one facade; throws FacadeNameError on a name that is not an identifier. */
export function generateCapabilityFacade(
  moduleKey: string,
  exportNames: readonly string[],
  options: { pack?: string } = {},
): string {
  if (!isModuleKey(moduleKey)) throw new FacadeNameError(`capability module key ${JSON.stringify(moduleKey)} is not a plain name`);
  const seen = new Set<string>();
  const lines = [
    `// Generated facade for ${facadeSpecifier(moduleKey, options.pack)}; every call goes through run.invoke.`,
    `import { call } from ${JSON.stringify(BRIDGE_SPECIFIER)};`,
  ];
  for (const name of exportNames) {
    if (!isExportIdentifier(name)) {
      throw new FacadeNameError(`capability ${JSON.stringify(name)} in module "${moduleKey}" is not a valid export identifier`);
    }
    if (seen.has(name)) throw new FacadeNameError(`capability "${name}" is listed twice in module "${moduleKey}"`);
    seen.add(name);
    lines.push(`export function ${name}(...args) { return call(${JSON.stringify(moduleKey)}, ${JSON.stringify(name)}, args); }`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The bridge module. It captures the host function and the intrinsics it needs before any
 * guest code runs, so later prototype tampering cannot redirect it. A call crosses as one JSON
 * string `[moduleKey, exportName, args]` (one string read on the host side); answers cross
 * back as JSON envelopes: a host error becomes a guest Error, never a rejected host promise.
 */
export function bridgeModuleSource(): string {
  return `const host = globalThis[${JSON.stringify(BRIDGE_GLOBAL)}];
delete globalThis[${JSON.stringify(BRIDGE_GLOBAL)}];
const stringify = JSON.stringify, parse = JSON.parse, GuestError = Error, isArray = Array.isArray;
export async function call(moduleKey, exportName, args) {
  let payload;
  try { payload = stringify([moduleKey, exportName, isArray(args) ? args : [args]]); }
  catch (e) { throw new GuestError("arguments for " + exportName + " are not JSON-serialisable"); }
  const envelope = parse(await host(payload));
  if (envelope.ok) return envelope.value;
  const err = new GuestError(envelope.error.message);
  err.name = envelope.error.name;
  throw err;
}
`;
}

/**
 * The pack's root module: `capabilities()` returns the catalog of what this session mounted
 * (modules, exports, one-line summaries, categories) as plain data — no host call.
 */
export function catalogModuleSource(catalog: unknown): string {
  return `const text = ${JSON.stringify(JSON.stringify(catalog))};
export function capabilities() { return JSON.parse(text); }
`;
}
