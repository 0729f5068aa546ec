/**
 * Import a module from a target repository (the fixture, or a copy of it anywhere on disk with
 * no node_modules) in this Node process. On first use it registers tsx (so `.ts` loads) and a
 * resolve hook (./target-loader-hooks.mjs) that, when Node's own resolution of a bare
 * specifier from inside the target fails, resolves the target's workspace packages to their
 * source entries and the modules capkit lends to targets (`capkit/runtime`, `zod`, ...) from
 * capkit's install. Consumed by `capkit parity`, the demo, and tests of migrated code.
 * Under vitest use `targetAliases(root)` (lib/workspace-modules.ts) instead: vite resolves there.
 */
import { register } from "node:module";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { register as registerTsx } from "tsx/esm/api";
import { CAPKIT_ROOT, capkitProvidedModules } from "./workspace-aliases.js";
import { workspaceModules } from "./workspace-modules.js";

let port: MessagePort | undefined;
let nextId = 0;
const registeredRoots = new Map<string, Promise<void>>();
/** Per root: bumped by refreshTarget so the next imports see the files as they are now. */
const generations = new Map<string, number>();

function ensureHooks(): MessagePort {
  if (port) return port;
  registerTsx();
  const channel = new MessageChannel();
  register("./target-loader-hooks.mjs", {
    parentURL: import.meta.url,
    data: {
      port: channel.port2,
      // Explicit entries, so a target's `capkit/runtime` is the very module this process runs
      // (the sources under tsx, the build when installed), never a second instance.
      capkitEntries: Object.fromEntries(
        Object.entries(capkitProvidedModules())
          .filter(([name]) => name.startsWith("capkit/"))
          .map(([name, file]) => [name, pathToFileURL(file).href]),
      ),
      provided: [...Object.keys(capkitProvidedModules()), "capkit"],
      capkitURL: pathToFileURL(resolve(CAPKIT_ROOT, "package.json")).href,
    },
    transferList: [channel.port2],
  });
  channel.port1.unref();
  port = channel.port1;
  return port;
}

/** Make a target root resolvable (idempotent per root; re-reads its workspace packages). */
export function registerTargetRoot(root: string): Promise<void> {
  const abs = resolve(root);
  const existing = registeredRoots.get(abs);
  if (existing) return existing;
  const p = ensureHooks();
  const id = ++nextId;
  const rootURL = pathToFileURL(abs.endsWith("/") ? abs : `${abs}/`).href;
  const packages = Object.fromEntries(
    [...workspaceModules(abs)].map(([specifier, file]) => [specifier, pathToFileURL(file).href]),
  );
  const done = new Promise<void>((ack) => {
    const onMessage = (msg: { type?: string; id?: number }) => {
      if (msg?.type === "ack" && msg.id === id) {
        p.off("message", onMessage);
        p.unref();
        ack();
      }
    };
    p.on("message", onMessage);
    p.ref();
  });
  p.postMessage({ type: "root", id, rootURL, packages, generation: generations.get(abs) ?? 0 });
  registeredRoots.set(abs, done);
  return done;
}

/**
 * Forget the modules already imported from a target: Node caches an ES module by URL for the
 * life of the process, so a process that imports a tree, rewrites it (capkit migrate) and
 * imports it again would otherwise run the old code. Every file URL under the root gets a new
 * `?capkit-gen=N` query from here on, which Node treats as a new module.
 */
export function refreshTarget(root: string): Promise<void> {
  const abs = resolve(root);
  generations.set(abs, (generations.get(abs) ?? 0) + 1);
  registeredRoots.delete(abs);
  return registerTargetRoot(abs);
}

function targetURL(abs: string, file: string): string {
  const url = pathToFileURL(file);
  const generation = generations.get(abs) ?? 0;
  if (generation > 0) url.searchParams.set("capkit-gen", String(generation));
  return url.href;
}

/** `import()` of `<root>/<relPath>` with the target's packages and capkit's modules resolvable. */
export async function importFromTarget<T = Record<string, unknown>>(root: string, relPath: string): Promise<T> {
  const abs = resolve(root);
  await registerTargetRoot(abs);
  return (await import(targetURL(abs, resolve(abs, relPath)))) as T;
}
