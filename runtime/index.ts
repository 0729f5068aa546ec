/**
 * capkit/runtime — the target migrated code runs on: capability types, the registry (eager
 * specs, lazy loaders, drift checks, category snapshot), the gate ladder in `invoke`, where a
 * gate comes from (`gateFromContext`), Tool adapters bound to a host's own base class, and the
 * catalog. Depends on zod only (the gate-options schema); the sandbox is `capkit/runtime/sandbox`.
 */
export type {
  CapabilityExport,
  CapabilityHostTypes,
  CapabilityImpl,
  CapabilityLookup,
  CapabilityModule,
  CapabilityRun,
  CapabilityRunOptions,
  CapabilityRunFields,
  CapabilitySpec,
  DefaultContext,
  HostCapability,
  HostType,
  InvokeOutcome,
  InvokeRecord,
  JsonSchema,
  Refusal,
  RefusalCode,
  ZodLike,
  ZodLikeResult,
} from "./types.js";
export type {
  ApprovalAnswer,
  ApprovalDecision,
  ApprovalRequest,
  Approver,
  BlockVerdict,
  CapabilityGate,
  GateClock,
  GateRequest,
  GateVerdict,
  MonitorRequest,
  MonitorVerdict,
  PermissionCategory,
  PermissionDecision,
  PermissionGateOptions,
  PermissionMode,
  RefusalInfo,
  RefusalMessages,
  ResumingClock,
  SecurityMonitor,
} from "./permission-types.js";
export { GATE_OPTION_SHAPES, PermissionGateOptionsError, validateGateOptions } from "./gate-options.js";
export { nodetoolPreset, type HostPreset } from "./presets.js";
export { PERMISSION_CATEGORIES, PERMISSION_MODES } from "./permission-types.js";
export { createPermissionGate, decidePermission } from "./gate.js";
export {
  NODETOOL_PERMISSION_GATE_CONTEXT_KEY,
  PERMISSION_GATE_CONTEXT_KEY,
  createHeadlessGate,
  gateFromContext,
  publishPermissionGate,
  resetHeadlessWarnings,
  type GateFromContextOptions,
  type HeadlessPolicy,
} from "./gate-from-context.js";
export { REFUSAL_CODES, errorPayloadText, isRefusal, refusal, refusalMessage } from "./refusals.js";
export {
  MESSAGE_ARG,
  REFERENCE_TOOL_CALL_ID_ARG,
  TOOL_CALL_ID_ARG,
  TOOL_CALL_ID_ARGS,
  coerceScalars,
  resolveUserMessage,
  validateArguments,
  withSnakeCaseAliases,
  type ValidationResult,
} from "./validate.js";
export {
  CapabilityLoadError,
  createCapabilityRegistry,
  formatCategorySnapshot,
  type CapabilityRegistry,
  type CapabilityTable,
  type CapabilityTableEntry,
} from "./registry.js";
export { moduleDrift, specDrift, type DriftCode, type DriftProblem } from "./drift.js";
export { CapabilityNotFoundError, createCapabilityRun, createInvokeTranscript } from "./run.js";
export {
  bindToolAdapters,
  type CategorySource,
  type RunSource,
  type ToolAdapterOptions,
  type ToolAdapters,
  type ToolBaseClass,
  type ToolLike,
} from "./adapters.js";
export {
  scriptedApprover,
  scriptedMonitor,
  type ApprovalScript,
  type ScriptedApprover,
  type ScriptedMonitor,
} from "./scripted.js";
export {
  capabilityCatalog,
  oneLine,
  type CapabilityCatalog,
  type CatalogExport,
  type CatalogModule,
} from "./catalog.js";
