/**
 * Every rule's user-facing wording, in one place and free of ESLint imports: the rules use it
 * as `meta.messages`, and `capkit lint`'s fast path fills the same templates without loading
 * ESLint (engine/messages.ts).
 */
export const MESSAGES = {
  "no-reverse-seam-import": {
    reverseImport: "'{{specifier}}' imports {{target}} across the {{seam}} seam in the forbidden direction: {{reason}}",
    reverseTypeImport:
      "type-only import '{{specifier}}' reaches {{target}} across the {{seam}} seam in the forbidden direction (allowTypeImports is false): {{reason}}",
    reverseDynamicImport:
      "dynamic import('{{specifier}}') loads {{target}} across the {{seam}} seam in the forbidden direction: {{reason}}",
  },
  "no-seam-cycle": {
    seamCycle: "import cycle across the {{seam}} seam ({{length}} files): {{cycle}}. {{reason}}",
    asyncSeamCycle:
      "async import cycle across the {{seam}} seam ({{length}} files): {{cycle}}; it reaches the top-level await in {{tla}}, so an esbuild bundle deadlocks while plain Node runs. {{reason}}",
  },
  "no-async-cycle": {
    asyncCycle:
      "import cycle ({{length}} files): {{cycle}}; it reaches the top-level await in {{tla}}, so an esbuild bundle of it deadlocks (its async __esm initialisers await each other) while plain Node runs. Break the cycle: move what both sides need into a module that imports neither",
    syncCycle:
      "import cycle ({{length}} files): {{cycle}}; synchronous today, it deadlocks an esbuild bundle once a module in it reaches a top-level await. Break it, or accept the current list with `capkit lint --cycles --update-baseline`",
  },
  "spec-file-purity": {
    implementationImport:
      "spec files are data: '{{specifier}}' imports the implementation module {{target}}; import its types with `import type`, or move the value into a spec or schema module",
    packageImport:
      "spec files are data: '{{specifier}}' is not an allowed package (see seam.specs.allowedPackages); import only its types",
    runtimeLoad:
      "spec files are data: '{{specifier}}' is loaded at run time (import() or require); load it from the implementation module",
  },
  "require-capability-category": {
    missingCategory:
      'capability spec \'{{name}}\' has no category; add `category: "read" | "write" | "execute" | "external"` ({{allowed}})',
    invalidCategory: "capability spec '{{name}}' has category '{{value}}', which is not one of {{allowed}}",
    nonLiteralCategory:
      "capability spec '{{name}}' computes its category; write it as a string literal, one of {{allowed}}",
  },
} as const;

export type CapkitRuleName = keyof typeof MESSAGES;
export const RULE_NAMES = Object.keys(MESSAGES) as CapkitRuleName[];
