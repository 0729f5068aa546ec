import { Atom } from "./internal.js";

export function observable<T extends object>(target: T): T {
  const atom = new Atom("observable");
  return new Proxy(target, { set: (t, k, v) => (atom.reportChanged(), Reflect.set(t, k, v)) });
}
