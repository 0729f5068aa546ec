/**
 * The one options object every capkit rule accepts (a `seam` config section plus `root` and
 * `useBaseline`), its JSON schema, and `setupRule`, which turns a rule context into the root,
 * the effective seam config and the linted file's root-relative path.
 */
import type { JSONSchema4 } from "@typescript-eslint/utils/json-schema";
import { resolve } from "node:path";
import type { SeamConfig } from "../../lib/config/seam-section.js";
import { toRel } from "../graph/import-graph.js";
import { findRoot, loadSeamConfig } from "./load-config.js";

export interface SeamRuleOptions {
  /** Repository root; default: nearest folder with capkit.config.json, else the git root. */
  readonly root?: string;
  /** Honour the committed baseline of known violations (default true). */
  readonly useBaseline?: boolean;
  readonly [seamKey: string]: unknown;
}

const globList: JSONSchema4 = {
  oneOf: [{ type: "string" }, { type: "array", items: { type: "string" }, minItems: 1 }],
};
const exceptionList: JSONSchema4 = {
  type: "array",
  items: {
    type: "object",
    properties: { from: { type: "string" }, reason: { type: "string" } },
    required: ["from", "reason"],
    additionalProperties: false,
  },
};

const seamProperties: Record<string, JSONSchema4> = {
  root: { type: "string" },
  useBaseline: { type: "boolean" },
  tools: globList,
  capabilities: globList,
  reason: { type: "string" },
  exceptions: exceptionList,
  allowEmpty: { type: "boolean" },
  seams: {
    type: "array",
    items: {
      type: "object",
      properties: {
        name: { type: "string" },
        from: globList,
        to: globList,
        reason: { type: "string" },
        exceptions: exceptionList,
        allowEmpty: { type: "boolean" },
      },
      required: ["name", "from", "to", "reason"],
      additionalProperties: false,
    },
  },
  allowTypeImports: { type: "boolean" },
  aliases: { type: "object", additionalProperties: { type: "string" } },
  baseline: { type: "string" },
  ignore: globList,
  specs: {
    type: "object",
    properties: {
      files: globList,
      schemaFiles: { type: "array", items: { type: "string" } },
      allowedPackages: { type: "array", items: { type: "string" } },
      typeNames: { type: "array", items: { type: "string" } },
      categories: { type: "array", items: { type: "string" }, minItems: 1 },
    },
    additionalProperties: false,
  },
};

/** The options schema with a rule's own extra properties beside the seam ones. */
export function seamOptionsSchemaWith(extra: Record<string, JSONSchema4>): JSONSchema4[] {
  return [{ type: "object", properties: { ...seamProperties, ...extra }, additionalProperties: false }];
}

export const seamOptionsSchema: JSONSchema4[] = seamOptionsSchemaWith({});

export const defaultSeamOptions: [SeamRuleOptions] = [{}];

export interface RuleSetup {
  readonly root: string;
  readonly config: SeamConfig;
  /** Absolute path of the linted file. */
  readonly file: string;
  /** Root-relative path of the linted file, `/` separators. */
  readonly rel: string;
  readonly useBaseline: boolean;
}

export function setupRule(filename: string, cwd: string, options: SeamRuleOptions): RuleSetup {
  const { root: rootOption, useBaseline, ...overrides } = options;
  const file = resolve(cwd, filename);
  const root = rootOption ? resolve(cwd, rootOption) : findRoot(file, cwd);
  return {
    root,
    config: loadSeamConfig(root, overrides),
    file,
    rel: toRel(root, file),
    useBaseline: useBaseline !== false,
  };
}
