/** Constants shared by the gate and the refusal messages without an import cycle. */
export const PERMISSION_GATE_CONTEXT_KEY_TEXT = "__capkitPermissionGate";
