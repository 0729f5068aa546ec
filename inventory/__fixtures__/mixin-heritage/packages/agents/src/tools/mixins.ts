import type { Tool } from "./base-tool.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ctor<T = object> = abstract new (...args: any[]) => T;

export function WithRetry<TBase extends Ctor<Tool>>(Base: TBase) {
  abstract class Retrying extends Base {
    readonly retries = 3;
  }
  return Retrying;
}

export function Logging<TBase extends Ctor<Tool>>(Base: TBase) {
  abstract class Logged extends Base {
    log(message: string): void {
      void message;
    }
  }
  return Logged;
}

export function WithOptions<TBase extends Ctor<Tool>>(Base: TBase, options: { readonly retries: number }) {
  abstract class Configured extends Base {
    readonly options = options;
  }
  return Configured;
}

export function Observable<TBase extends Ctor>(Base: TBase) {
  abstract class Observed extends Base {}
  return Observed;
}

/** Options first, the base class second: the heritage holds a `{` before the base. */
export function WithSettings<TBase extends Ctor<Tool>>(settings: { readonly retries: number }, Base: TBase) {
  abstract class Settled extends Base {
    readonly settings = settings;
  }
  return Settled;
}
