#!/usr/bin/env node
// Entry point of the `consilium` CLI: registers tsx so the TypeScript core runs as is.
import { register } from "tsx/esm/api";
register();
const { main } = await import("../src/cli/main.ts");
const code = await main(process.argv.slice(2));
process.exitCode = code;
