/** What the "import" condition of "./tools" points at: a runtime shim, not the types entry. */
export const runtimeShim = true;
