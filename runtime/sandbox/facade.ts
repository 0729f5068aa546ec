/**
 * Guest-side text for the capability pack: one generated ES module per capability module,
 * each export a function returning the bridge's promise (and a default export bundling them), forwarding (moduleKey, exportName, args)
 * over the private bridge, plus the bridge module itself (a call queue the host pulls). Names that are not plain identifiers are refused,
 * so no spec can inject code into a facade. Pure string generation; consumed by ./host.ts.
 */

export const DEFAULT_PACK = "@capkit/platform";
/** The private bridge specifier: importable only by generated facades (see ./host.ts). */
export const BRIDGE_SPECIFIER = "capkit:bridge";

const RESERVED = new Set(
  (
    "await break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if implements import in instanceof interface let new null package private protected public return static " +
    "super switch this throw true try typeof var void while with yield arguments eval undefined NaN Infinity"
  ).split(" "),
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
  if (!isModuleKey(moduleKey))
    throw new FacadeNameError(`capability module key ${JSON.stringify(moduleKey)} is not a plain name`);
  const seen = new Set<string>();
  const lines = [
    `// Generated facade for ${facadeSpecifier(moduleKey, options.pack)}; every call goes through run.invoke.`,
    `import { call } from ${JSON.stringify(BRIDGE_SPECIFIER)};`,
  ];
  for (const name of exportNames) {
    if (!isExportIdentifier(name)) {
      throw new FacadeNameError(
        `capability ${JSON.stringify(name)} in module "${moduleKey}" is not a valid export identifier`,
      );
    }
    if (seen.has(name)) throw new FacadeNameError(`capability "${name}" is listed twice in module "${moduleKey}"`);
    seen.add(name);
    lines.push(
      `export function ${name}(...args) { return call(${JSON.stringify(moduleKey)}, ${JSON.stringify(name)}, args); }`,
    );
  }
  // `import notes from "<pack>/notes"` works too: a frozen namespace object of the same functions.
  lines.push(`export default Object.freeze({ ${[...seen].join(", ")} });`);
  return `${lines.join("\n")}\n`;
}

/**
 * The bridge module: the guest half of a pull-based call queue (no host function is installed
 * in the guest at all). It captures the intrinsics it needs before any guest code runs, so
 * later tampering cannot redirect it. A facade call queues `[id, moduleKey, exportName, args]`
 * as one JSON string (only the arguments go through JSON.stringify) on a private
 * null-prototype queue (no inherited setter can observe it) and returns a guest promise. The
 * host pulls the queue with `drain()` after running guest jobs and answers with
 * `deliver(text)`, one answer or an array of them: `[id, 1, value?]` resolves, `[id, 0, name,
 * message, code?]` rejects with a guest Error (`code` set for a refusal or `{ error }` payload)
 * — host errors always cross as values. Only generated
 * facades may import this module (see ./resolver.ts).
 */
export function bridgeModuleSource(): string {
  return `const stringify = JSON.stringify, parse = JSON.parse, GuestError = Error, GuestPromise = Promise, isArray = Array.isArray;
const resolvers = { __proto__: null }, rejecters = { __proto__: null };
let queue = { __proto__: null }, queued = 0, nextId = 0, resolveNext, rejectNext;
function capture(resolve, reject) { resolveNext = resolve; rejectNext = reject; }
async function refuse(message) { throw new GuestError(message); }
export function call(moduleKey, exportName, args) {
  let encoded;
  if (!isArray(args)) args = [args];
  if (args.length === 0) encoded = "[]";
  else {
    try { encoded = stringify(args); }
    catch (e) { return refuse("arguments for " + exportName + " are not JSON-serialisable"); }
    if (typeof encoded !== "string") encoded = "null";
  }
  const id = ++nextId;
  // Both names are string literals from a generated facade and plain identifiers (checked at
  // generation), so quoting them needs no escaping; the host validates every field regardless.
  queue[queued++] = '[' + id + ',"' + moduleKey + '","' + exportName + '",' + encoded + ']';
  const promise = new GuestPromise(capture);
  resolvers[id] = resolveNext;
  rejecters[id] = rejectNext;
  return promise;
}
export function drain() {
  if (queued === 0) return "";
  let text = queue[0];
  for (let i = 1; i < queued; i++) text += "," + queue[i];
  queue = { __proto__: null };
  queued = 0;
  return text;
}
function answer(a) {
  const id = a[0], resolve = resolvers[id], reject = rejecters[id];
  if (resolve === undefined) return;
  delete resolvers[id];
  delete rejecters[id];
  if (a[1] === 1) return resolve(a[2]);
  const err = new GuestError(a[3]);
  err.name = a[2];
  if (a.length > 4) err.code = a[4];
  reject(err);
}
export function deliver(text) {
  const answers = parse(text);
  if (typeof answers[0] === "number") return answer(answers);
  for (let i = 0; i < answers.length; i++) answer(answers[i]);
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
