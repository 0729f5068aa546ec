/**
 * Module resolution for guest actions: the pack's mounted facades, third-party library
 * modules, and the private bridge (importable only from a facade). Every other specifier is
 * refused during linking — before any guest code runs — with a message naming the module and
 * what is mounted. Consumed by ./host.ts.
 */
import type { JSModuleLoader, JSModuleNormalizer, QuickJSContext, QuickJSHandle } from "quickjs-emscripten";
import type { SandboxClock } from "./clock.js";
import { BRIDGE_SPECIFIER } from "./facade.js";
import { guestError, type GuestError } from "./vm.js";

export interface ModuleResolver {
  readonly normalize: JSModuleNormalizer;
  readonly load: JSModuleLoader;
  /** Messages of refusals issued, so a failure can be classified as a module error. */
  readonly errors: Set<string>;
  classify(ctx: QuickJSContext, error: QuickJSHandle, clock: SandboxClock): GuestError;
}

export function createModuleResolver(input: {
  pack: string;
  facades: ReadonlyMap<string, string>;
  libraries: Readonly<Record<string, string>>;
}): ModuleResolver {
  const refusals = new Map<string, string>();
  const errors = new Set<string>();
  const mountedList = () =>
    [...input.facades.keys()].filter((k) => k.startsWith(`${input.pack}/`)).join(", ") || "none";
  const has = (spec: string) => Object.prototype.hasOwnProperty.call(input.libraries, spec);

  const refuse = (message: string): string => {
    const id = `capkit:refused:${refusals.size}`;
    refusals.set(id, message);
    errors.add(message);
    return id;
  };

  const normalize = ((base: string, requested: string) => {
    if (requested === BRIDGE_SPECIFIER) {
      return input.facades.has(base)
        ? requested
        : refuse(`module "${BRIDGE_SPECIFIER}" is private to the capability facades`);
    }
    if (input.facades.has(requested)) return requested; // a mounted facade or the pack's root catalog
    if (requested.startsWith(`${input.pack}/`)) {
      return input.facades.has(requested)
        ? requested
        : refuse(`module "${requested}" is not mounted for this session (mounted: ${mountedList()})`);
    }
    if (has(requested)) return requested;
    return refuse(
      `unknown module "${requested}": only the mounted capability modules (${mountedList()}) and declared libraries can be imported`,
    );
  }) as JSModuleNormalizer;

  const load = ((name: string) => {
    const refused = refusals.get(name);
    if (refused !== undefined) return { error: new Error(refused) };
    const facade = input.facades.get(name);
    if (facade !== undefined) return facade;
    if (has(name)) return input.libraries[name] as string;
    const message = `unknown module "${name}"`;
    errors.add(message);
    return { error: new Error(message) };
  }) as JSModuleLoader;

  return { normalize, load, errors, classify: (ctx, error, clock) => guestError(ctx, error, clock, errors) };
}
