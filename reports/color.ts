/**
 * Whether terminal output should carry ANSI colours: never when NO_COLOR is set (any value,
 * per no-color.org), always when FORCE_COLOR is set to something other than 0, otherwise only
 * on an interactive terminal.
 */
export function colorEnabled(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false";
  return isTTY;
}
