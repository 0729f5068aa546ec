#!/usr/bin/env node
// The `capkit` executable: registers tsx so the TypeScript sources run straight after
// `npm install` (no build step), then hands over to the command table in capkit.ts.
import { register } from "tsx/esm/api";

register();
await import("./capkit.ts");
