/**
 * Prompt folders: the one convention every experiment uses for what a real
 * model is sent. An experiment declares a catalog — the prompt files a folder
 * may hold and the placeholders each file may use — and ships built-in sets
 * as `src/<experiment>/prompts/<set>/*.md`; a user copies a set, edits it and
 * points the run at the copy with the config key `promptDir`.
 *
 * A folder is checked as a whole when it is loaded: every template against
 * its file's placeholders (template.ts), an unknown `.md` name (a misspelt
 * file is never silently ignored) and a missing file are errors naming the
 * file and, where there is one, the line. README.md files are documentation.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { compileTemplate, renderTemplate, TemplateError, type CompiledTemplate, type PlaceholderSpec, type TemplateValues } from "./template";

/** The prompt files an experiment's folders may hold. */
export interface PromptCatalog<F extends string = string> {
  /** The experiment, for messages (e.g. "finmem"). */
  experiment: string;
  /** Every file a folder may hold (without `.md`) and the placeholders it may use. */
  files: Record<F, PlaceholderSpec>;
  /**
   * The files a folder must hold, given the ones it does; throws a
   * TemplateError (naming `dir`) when the present files do not make a set.
   * Default: every file of `files`.
   */
  needed?: (present: ReadonlySet<F>, dir: string) => readonly F[];
  /** Folder of a built-in set, for the "copy a whole set" hint of a missing file. */
  builtinDir: (set: string) => string;
  /** The built-in set named in that hint. */
  defaultSet: string;
}

/** A loaded, checked prompt folder. */
export interface PromptFolder<F extends string = string> {
  /** The built-in set's name, or the user's folder. */
  label: string;
  dir: string;
  templates: Partial<Record<F, CompiledTemplate>>;
}

/**
 * Loads and checks every template of a prompt folder against its catalog.
 *
 * @example
 * const catalog = { experiment: "demo", files: { hello: { name: { kind: "text", doc: "who", required: true } } },
 *   builtinDir: (s: string) => `prompts/${s}`, defaultSet: "plain" };
 * loadPromptFolder(catalog, "prompts/plain", "plain").templates.hello?.file; // "prompts/plain/hello.md"
 */
export function loadPromptFolder<F extends string>(catalog: PromptCatalog<F>, dir: string, label: string = dir): PromptFolder<F> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new TemplateError("prompt folder not found (config key promptDir)", dir);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".md") && f.toLowerCase() !== "readme.md")
    .sort();
  const known = new Set<string>(Object.keys(catalog.files));
  for (const f of files) {
    if (!known.has(f.slice(0, -3)))
      throw new TemplateError(
        `unknown prompt file ${f}; a ${catalog.experiment} prompt folder holds: ${[...known].map((k) => `${k}.md`).join(", ")}`,
        path.join(dir, f),
      );
  }
  const present = new Set(files.map((f) => f.slice(0, -3) as F));
  const needed = catalog.needed ? catalog.needed(present, dir) : (Object.keys(catalog.files) as F[]);
  const missing = needed.filter((f) => !present.has(f));
  if (missing.length > 0) {
    throw new TemplateError(
      `missing prompt file${missing.length > 1 ? "s" : ""} ${missing.map((f) => `${f}.md`).join(", ")} (copy a whole built-in set, e.g. cp -r ${catalog.builtinDir(catalog.defaultSet)} ${dir})`,
      dir,
    );
  }
  const templates: PromptFolder<F>["templates"] = {};
  for (const name of needed) {
    const file = path.join(dir, `${name}.md`);
    templates[name] = compileTemplate(readFileSync(file, "utf8"), file, catalog.files[name]);
  }
  return { label, dir, templates };
}

/**
 * The folder a run uses: the user's `promptDir` when set (checked on every
 * call, so an edit shows at once), else the built-in set `set`, loaded once
 * per process through `cache`.
 *
 * @example
 * resolvePromptFolder(catalog, { set: "plain", promptDir: "" }, new Map()).label; // "plain"
 */
export function resolvePromptFolder<F extends string>(
  catalog: PromptCatalog<F>,
  options: { set: string; promptDir: string },
  cache: Map<string, PromptFolder<F>>,
): PromptFolder<F> {
  if (options.promptDir.trim() !== "") return loadPromptFolder(catalog, path.resolve(options.promptDir));
  let folder = cache.get(options.set);
  if (!folder) {
    folder = loadPromptFolder(catalog, catalog.builtinDir(options.set), options.set);
    cache.set(options.set, folder);
  }
  return folder;
}

/**
 * One template of a folder; a folder that lacks it is a programming error (the loader checked).
 *
 * @example
 * promptTemplate(folder, "hello").file; // ".../plain/hello.md"
 */
export function promptTemplate<F extends string>(folder: PromptFolder<F>, name: F): CompiledTemplate {
  const t = folder.templates[name];
  if (!t) throw new TemplateError(`prompt set "${folder.label}" has no ${name}.md`, folder.dir);
  return t;
}

/**
 * Renders one file of a folder to chat messages.
 *
 * @example
 * renderPrompt(folder, "hello", { name: "Ada" }); // [{ role: "user", content: "Hello Ada." }]
 */
export function renderPrompt<F extends string>(folder: PromptFolder<F>, name: F, values: TemplateValues): Array<{ role: "system" | "user"; content: string }> {
  return renderTemplate(promptTemplate(folder, name), values);
}
