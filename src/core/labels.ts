/**
 * The labels that keep offline-agent results from ever being read as the
 * papers' LLM results: every table gets a `model` column and every figure
 * title the model label (src/run/runner labels results; these are the words).
 */
import type { Table } from "./contract";

/** The notice on every table and figure produced by the embedded offline agents. */
export const OFFLINE_LABEL = "offline agents — not LLM results";

/**
 * The label shown for a model id: the offline notice, or `model: <id>`.
 *
 * @example
 * modelLabel("offline"); // "offline agents — not LLM results"
 * modelLabel("gpt-4o-mini"); // "model: gpt-4o-mini"
 */
export function modelLabel(modelId: string): string {
  return modelId === "offline" ? OFFLINE_LABEL : `model: ${modelId}`;
}

/**
 * Title suffix from a table's `model` column: the offline notice, `model: <id>`,
 * or the list of models when a table mixes them.
 *
 * @example
 * modelLabelOf({ name: "t", title: "T", rows: [{ model: "offline" }] }); // "offline agents — not LLM results"
 */
export function modelLabelOf(table: Table): string {
  const models = [...new Set(table.rows.map((row) => row.model).filter((m): m is string => typeof m === "string" && m !== ""))];
  const [only] = models;
  if (only === undefined) return "";
  if (models.length === 1) return modelLabel(only);
  return `models: ${models.map((m) => (m === "offline" ? "offline agents" : m)).join(", ")}`;
}
