/**
 * The `consilium` command (bin/consilium.mjs calls `main`). Every command is a
 * thin layer over the folders below it.
 *
 * @example
 * const code = await main(["keys", "finmem"]);
 */
export { main, parseGrid, type CliIo } from "./main";
