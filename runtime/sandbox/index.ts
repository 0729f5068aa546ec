/**
 * capkit/runtime/sandbox — the QuickJS side of the runtime: generated capability facades,
 * the per-run capability dispatcher, the sandbox clock, and `runGuestAction`, which runs a
 * guest ES module with the session's facades mounted. The only part of the runtime that
 * imports quickjs-emscripten (sync build; guest calls go on a queue the host pulls).
 */
export {
  createClockRelay,
  createSandboxClock,
  isClockRelay,
  isSandboxClock,
  type ClockRelay,
  type SandboxClock,
} from "./clock.js";
export {
  DispatchRejection,
  createCapabilityDispatcher,
  normaliseArguments,
  payloadFailure,
  type CapabilityDispatcher,
  type DispatcherOptions,
  type ErrorPayloadMode,
  type DispatchEnvelope,
  type DispatchRecord,
} from "./dispatcher.js";
export {
  BRIDGE_SPECIFIER,
  DEFAULT_PACK,
  FacadeNameError,
  catalogModuleSource,
  facadeSpecifier,
  generateCapabilityFacade,
  isExportIdentifier,
  isModuleKey,
} from "./facade.js";
export { runGuestAction, sandboxDiagnostics, type GuestActionOptions, type GuestActionResult } from "./host.js";
export type { GuestError, GuestErrorKind } from "./vm.js";
