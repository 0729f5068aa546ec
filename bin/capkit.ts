/**
 * capkit's CLI entry: looks the command up in one table, runs it, and turns a typed error
 * into a message and an exit code. Nothing here knows what a command does.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { didYouMean } from "../lib/did-you-mean.js";
import { isCapkitError } from "../lib/errors.js";
import { PACKAGE_ROOT } from "../lib/package-layout.js";
import { commandHelp, type CliIO, type CommandModule } from "./command.js";
import { environmentErrorOf } from "./system-error.js";

const COMMANDS: Record<string, () => Promise<CommandModule>> = {
  inventory: () => import("./commands/inventory.js").then((m) => m.command),
  migrate: () => import("./commands/migrate.js").then((m) => m.command),
  lint: () => import("./commands/lint.js").then((m) => m.command),
  smoke: () => import("./commands/smoke.js").then((m) => m.command),
  parity: () => import("./commands/parity.js").then((m) => m.command),
  dashboard: () => import("./commands/dashboard.js").then((m) => m.command),
  demo: () => import("./commands/demo.js").then((m) => m.command),
  config: () => import("./commands/config.js").then((m) => m.command),
};

export function processIO(): CliIO {
  return {
    cwd: process.cwd(),
    env: process.env,
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    stdoutIsTTY: Boolean(process.stdout.isTTY),
  };
}

async function help(io: CliIO): Promise<number> {
  const lines = ["capkit — retire a Tool class hierarchy in favour of capability modules", "", "commands:"];
  for (const [name, load] of Object.entries(COMMANDS)) {
    const mod = await load();
    lines.push(`  ${name.padEnd(10)} ${mod.summary}`);
  }
  lines.push("", "Run `capkit <command> --help` for a command's flags.");
  io.stdout(`${lines.join("\n")}\n`);
  return 0;
}

/** Asked for GitHub annotations (`--reporter github`): an error that stops the run is one too. */
function wantsGithub(args: readonly string[]): boolean {
  return args.some((a, i) => a === "--reporter=github" || (a === "--reporter" && args[i + 1] === "github"));
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") return help(io);
  if (name === "--version" || name === "-V" || name === "version") {
    const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as { version: string };
    io.stdout(`${pkg.version}\n`);
    return 0;
  }
  const load = COMMANDS[name];
  if (!load) {
    const names = Object.keys(COMMANDS);
    io.stderr(`capkit: unknown command "${name}"\n  hint: ${didYouMean(name, names)}one of ${names.join(", ")}\n`);
    return 2;
  }
  try {
    const mod = await load();
    if (rest.includes("--help") || rest.includes("-h")) {
      io.stdout(commandHelp(mod));
      return 0;
    }
    return await mod.run(rest, io);
  } catch (error) {
    const known = isCapkitError(error) ? error : environmentErrorOf(error, io.cwd);
    if (known) {
      io.stderr(`capkit ${name}: ${known.format()}\n`);
      if (wantsGithub(rest)) {
        // Loaded only here: the reporter is not part of any command's start-up.
        const { formatAnnotation } = await import("../reports/index.js");
        const { file, line, hint } = known.details;
        const message = hint ? `${known.message}\n${hint}` : known.message;
        io.stdout(`${formatAnnotation({ level: "error", file, line, title: `capkit ${name}`, message })}\n`);
      }
      return known.exitCode;
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr(`capkit ${name}: internal error — please report it with this trace:\n${detail}\n`);
    return 2;
  }
}
