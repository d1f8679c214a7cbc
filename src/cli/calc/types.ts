/** One `consilium calc <name>` command: one JSON object in on stdin, one JSON object out on stdout. */
export interface CalcCommand {
  name: string;
  description: string;
  run(input: unknown): unknown | Promise<unknown>;
}
