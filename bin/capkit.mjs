#!/usr/bin/env node
// The `capkit` executable. Commands that run compiled (compiled-cli.mjs: inventory, lint,
// migrate, smoke; ~0.4 s faster to start) import the cached build; everything else registers tsx so the TypeScript
// sources run straight after `npm install` (no build step), then hands over to the command
// table in capkit.ts. Both paths run the same main() from capkit.ts.
import { compiledCli } from "./compiled-cli.mjs";

const compiled = await compiledCli(process.argv[2]);
if (compiled) {
  process.setSourceMapsEnabled(true);
  await import(compiled);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import("./capkit.ts");
}
