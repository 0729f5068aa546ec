/**
 * The time limit of a test that runs whole toolchains (tsc, a child vitest, the CLI in child
 * processes): a guard against a hang, never a limit the test exercises. Such a test's work takes
 * tens of seconds on an idle machine and several times that on a loaded or slower one, so the
 * global guard in vitest.config.ts would fail it for being slow, not for being wrong. Used by
 * the end-to-end tests of migrate, parity and the CLI.
 */
export const TOOLCHAIN_TEST_TIMEOUT_MS = 600_000;
