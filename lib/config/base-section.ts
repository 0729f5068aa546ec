/** `base`: the class(es) whose subclasses are inventoried, and the module that declares them. */
import type { ZodApi } from "./zod.js";

export const BASE_DEFAULTS = {
  names: ["Tool"],
  module: "packages/agents/src/tools/base-tool.ts" as string | null,
};

export const baseSection = (z: ZodApi) =>
  z.strictObject({
    /** Exported class names of the base (the name as declared in `module`). */
    names: z
      .array(z.string().regex(/^[A-Za-z_$][\w$]*$/, "expected an identifier"))
      .min(1)
      .default(BASE_DEFAULTS.names),
    /** Root-relative file declaring the base; when absent from the tree, any exported top-level class with one of `names` and no extends clause is taken. */
    module: z.string().min(1).nullable().default(BASE_DEFAULTS.module),
  });
