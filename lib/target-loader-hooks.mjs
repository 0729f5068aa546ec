// Node module-resolution hooks for lib/target-loader.ts (runs in Node's loader thread, so it is
// plain JS). When the default resolution of a bare specifier fails for a file inside a
// registered target root, the specifier is resolved as one of that target's workspace packages
// (name → source entry) or, for the modules capkit lends to targets (capkit/runtime, zod, ...),
// from capkit's own install. Roots arrive over the MessagePort passed at registration.

/** @type {{ rootURL: string, packages: Record<string, string>, generation: number }[]} */
const roots = [];
/** @type {string[]} */
let provided = [];
/** capkit's own entries lent to targets: specifier → the file URL this capkit process runs. @type {Record<string, string>} */
let capkitEntries = {};
let capkitURL = "";

export function initialize(data) {
  provided = data.provided;
  capkitEntries = data.capkitEntries ?? {};
  capkitURL = data.capkitURL;
  data.port.on("message", (msg) => {
    if (msg && msg.type === "root") {
      const i = roots.findIndex((r) => r.rootURL === msg.rootURL);
      if (i >= 0) roots.splice(i, 1);
      roots.unshift({ rootURL: msg.rootURL, packages: msg.packages, generation: msg.generation ?? 0 });
      data.port.postMessage({ type: "ack", id: msg.id });
    }
  });
  data.port.unref();
}

const isBare = (s) => !s.startsWith(".") && !s.startsWith("/") && !/^[a-zA-Z][a-zA-Z+.-]*:/.test(s);
const packageName = (s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]);

/** A refreshed root's files get a new URL (`?capkit-gen=N`), so Node loads them anew. */
function withGeneration(result) {
  if (!result || typeof result.url !== "string" || !result.url.startsWith("file:")) return result;
  const root = roots.find((r) => result.url.startsWith(r.rootURL));
  if (!root || root.generation === 0 || result.url.includes("/node_modules/")) return result;
  const url = new URL(result.url);
  url.searchParams.set("capkit-gen", String(root.generation));
  return { ...result, url: url.href };
}

export async function resolve(specifier, context, nextResolve) {
  return withGeneration(await resolveInTarget(specifier, context, nextResolve));
}

async function resolveInTarget(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (err) {
    const parent = context.parentURL ?? "";
    const root = isBare(specifier) ? roots.find((r) => parent.startsWith(r.rootURL)) : undefined;
    if (!root) throw err;
    const entry = root.packages[specifier];
    // Through the rest of the chain (tsx), so a .ts entry is loaded the way tsx marks it.
    if (entry) return nextResolve(entry, context);
    // capkit's own entries by file, so the target shares this process's instance of them.
    const own = capkitEntries[specifier];
    if (own) return nextResolve(own, context);
    if (provided.includes(specifier) || provided.includes(packageName(specifier))) {
      return nextResolve(specifier, { ...context, parentURL: capkitURL });
    }
    throw err;
  }
}
