import Echo from "../../agents/src/tools/echo.js";

// Constructs the tool under its default-import name only: nothing else here points at a class.
export function startEcho() {
  return new Echo();
}
