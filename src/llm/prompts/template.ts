/**
 * Prompt templates, the one convention of all three experiments: the chat
 * messages a real model is sent live in plain-text files a user can copy and
 * edit (`src/<experiment>/prompts/<set>/*.md`; prompt-folder.ts loads a set).
 *
 * A file holds one or more messages, each introduced by a marker line
 * `<!-- system -->` or `<!-- user -->`. Inside a message:
 * - `{{name}}` inserts a value (inserted text is never re-read as a template);
 * - `{{#name}}...{{/name}}` renders its body once per item of a list (item
 *   fields and the per-item flags `first` / `last` are then in scope), once if
 *   a text is non-empty or a flag is true, and not at all otherwise;
 * - `{{^name}}...{{/name}}` renders its body only when the value is empty or false;
 * - any other `<!-- ... -->` is a comment and is dropped.
 * A line holding nothing but markers, comments and section tags disappears
 * with its line break (the mustache "standalone" rule), so sections can sit on
 * lines of their own. Each message is trimmed at its end. Every placeholder is
 * checked against the task's declared vocabulary when the file is loaded: an
 * unknown one, a list used as text, a missing required one, an unclosed
 * section or a stray `{{` is an error naming the file and the line.
 */

/** What a placeholder holds: a text (or number), a yes/no flag, or a list of items with named fields. */
export type PlaceholderKind = "text" | "flag" | "list";

export interface PlaceholderDoc {
  kind: PlaceholderKind;
  /** What the value is, for the prompt README and error messages. */
  doc: string;
  /** List items' fields (kind "list" only). */
  fields?: Record<string, string>;
  /** A template without it is rejected (the task cannot do its job without it). */
  required?: boolean;
}

/** The placeholders one prompt file may use. */
export type PlaceholderSpec = Record<string, PlaceholderDoc>;

export type TemplateScalar = string | number | boolean;
export type TemplateItem = Record<string, TemplateScalar>;
export type TemplateValues = Record<string, TemplateScalar | readonly TemplateItem[]>;

/** A bad template file: names the file, the line and what is wrong. */
export class TemplateError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
  ) {
    super(`${file}${line === undefined ? "" : `:${line}`}: ${message}`);
    this.name = "TemplateError";
  }
}

type Node =
  | { type: "text"; value: string }
  | { type: "var"; name: string; line: number }
  | { type: "section"; name: string; inverted: boolean; line: number; children: Node[] };

/** One chat message of a compiled template. */
export interface TemplateMessage {
  role: "system" | "user";
  nodes: Node[];
}

/** A parsed and checked prompt file. */
export interface CompiledTemplate {
  file: string;
  messages: TemplateMessage[];
  /** Every placeholder name the file uses (sections included). */
  used: ReadonlySet<string>;
}

type Token =
  | { kind: "text"; value: string; line: number }
  | { kind: "marker"; role: "system" | "user"; line: number }
  | { kind: "comment"; line: number }
  | { kind: "open" | "inverted" | "close"; name: string; line: number }
  | { kind: "var"; name: string; line: number };

const TOKEN = /<!--([\s\S]*?)-->|\{\{([\s\S]*?)\}\}/g;
const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Splits the raw file into text and tags, each with the line it starts on. */
function tokenize(text: string, file: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const at = match.index ?? 0;
    const line = lineAt(text, at);
    if (at > last) tokens.push({ kind: "text", value: text.slice(last, at), line: lineAt(text, last) });
    last = at + match[0].length;
    if (match[1] !== undefined) {
      const role = match[1].trim();
      tokens.push(role === "system" || role === "user" ? { kind: "marker", role, line } : { kind: "comment", line });
      continue;
    }
    const body = (match[2] ?? "").trim();
    const sigil = body[0];
    const name = sigil === "#" || sigil === "^" || sigil === "/" ? body.slice(1).trim() : body;
    if (!NAME.test(name)) throw new TemplateError(`malformed placeholder "{{${match[2]}}}" (expected {{name}}, {{#name}}, {{^name}} or {{/name}})`, file, line);
    if (sigil === "#") tokens.push({ kind: "open", name, line });
    else if (sigil === "^") tokens.push({ kind: "inverted", name, line });
    else if (sigil === "/") tokens.push({ kind: "close", name, line });
    else tokens.push({ kind: "var", name, line });
  }
  if (last < text.length) tokens.push({ kind: "text", value: text.slice(last), line: lineAt(text, last) });
  for (const t of tokens) {
    if (t.kind === "text" && t.value.includes("{{"))
      throw new TemplateError('a "{{" without its closing "}}"', file, t.line + (t.value.split("{{")[0]!.match(/\n/g)?.length ?? 0));
  }
  return tokens;
}

const STANDALONE = new Set(["marker", "comment", "open", "inverted", "close"]);

/**
 * Drops every line made only of markers, comments and section tags (plus
 * whitespace), together with its line break.
 */
function dropStandaloneLines(tokens: Token[]): Token[] {
  // Cut the stream into lines: text tokens are split at their line breaks.
  const lines: Token[][] = [[]];
  for (const t of tokens) {
    if (t.kind !== "text") {
      lines.at(-1)!.push(t);
      continue;
    }
    const parts = t.value.split("\n");
    parts.forEach((part, i) => {
      if (i > 0) lines.push([]);
      const value = i < parts.length - 1 ? `${part}\n` : part;
      if (value !== "") lines.at(-1)!.push({ kind: "text", value, line: t.line + i });
    });
  }
  return lines.flatMap((line) => {
    const tags = line.filter((t) => t.kind !== "text");
    const standalone = tags.length > 0 && tags.every((t) => STANDALONE.has(t.kind)) && line.every((t) => t.kind !== "text" || t.value.trim() === "");
    return standalone ? tags : line;
  });
}

/** Nests section tags into a tree, checking that every section is closed by its own name. */
function nest(tokens: readonly Token[], file: string): Node[] {
  const root: Node[] = [];
  const stack: Array<{ node: Extract<Node, { type: "section" }> }> = [];
  const target = () => stack.at(-1)?.node.children ?? root;
  for (const t of tokens) {
    if (t.kind === "text") target().push({ type: "text", value: t.value });
    else if (t.kind === "var") target().push({ type: "var", name: t.name, line: t.line });
    else if (t.kind === "open" || t.kind === "inverted") {
      const node: Extract<Node, { type: "section" }> = { type: "section", name: t.name, inverted: t.kind === "inverted", line: t.line, children: [] };
      target().push(node);
      stack.push({ node });
    } else if (t.kind === "close") {
      const open = stack.pop();
      if (!open) throw new TemplateError(`{{/${t.name}}} closes a section that was never opened`, file, t.line);
      if (open.node.name !== t.name) throw new TemplateError(`{{/${t.name}}} closes {{#${open.node.name}}} (opened on line ${open.node.line})`, file, t.line);
    }
  }
  const unclosed = stack.pop();
  if (unclosed)
    throw new TemplateError(
      `section {{${unclosed.node.inverted ? "^" : "#"}${unclosed.node.name}}} is never closed (add {{/${unclosed.node.name}}})`,
      file,
      unclosed.node.line,
    );
  return root;
}

/** Checks every placeholder against the spec; returns the names used. */
function check(nodes: readonly Node[], spec: PlaceholderSpec, file: string, scope: ReadonlyMap<string, PlaceholderKind>, used: Set<string>): void {
  for (const node of nodes) {
    if (node.type === "text") continue;
    const kind = scope.get(node.name);
    if (kind === undefined) {
      const known = [...scope.keys()].sort().join(", ");
      throw new TemplateError(`unknown placeholder {{${node.name}}}; this file may use: ${known}`, file, node.line);
    }
    used.add(node.name);
    if (node.type === "var") {
      if (kind === "list")
        throw new TemplateError(`{{${node.name}}} is a list: use {{#${node.name}}}...{{/${node.name}}} to repeat over its items`, file, node.line);
      continue;
    }
    const inner = new Map(scope);
    const fields = spec[node.name]?.fields;
    if (kind === "list" && !node.inverted && fields) {
      for (const field of Object.keys(fields)) inner.set(field, "text");
      inner.set("first", "flag");
      inner.set("last", "flag");
    }
    check(node.children, spec, file, inner, used);
  }
}

/**
 * Parses and checks one prompt file against the placeholders its task offers.
 *
 * @example
 * const t = compileTemplate("<!-- user -->\nHello {{name}}.", "hello.md", { name: { kind: "text", doc: "who", required: true } });
 * renderTemplate(t, { name: "Ada" }); // [{ role: "user", content: "Hello Ada." }]
 */
export function compileTemplate(text: string, file: string, spec: PlaceholderSpec): CompiledTemplate {
  const tokens = dropStandaloneLines(tokenize(text.replace(/\r\n/g, "\n"), file));
  const messages: Array<{ role: "system" | "user"; tokens: Token[] }> = [];
  for (const t of tokens) {
    if (t.kind === "marker") messages.push({ role: t.role, tokens: [] });
    else if (t.kind === "comment") continue;
    else if (messages.length === 0) {
      if (t.kind === "text" && t.value.trim() === "") continue;
      throw new TemplateError("text before the first message marker (start the file with <!-- system --> or <!-- user -->)", file, t.line);
    } else messages.at(-1)!.tokens.push(t);
  }
  if (messages.length === 0) throw new TemplateError("no message: add a <!-- system --> or <!-- user --> line", file);
  const scope = new Map(Object.entries(spec).map(([name, d]) => [name, d.kind] as const));
  const used = new Set<string>();
  const compiled = messages.map((m) => ({ role: m.role, nodes: nest(m.tokens, file) }));
  for (const m of compiled) check(m.nodes, spec, file, scope, used);
  const missing = Object.entries(spec)
    .filter(([name, d]) => d.required && !used.has(name))
    .map(([name]) => `{{${name}}}`);
  if (missing.length > 0) throw new TemplateError(`missing required placeholder${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`, file);
  return { file, messages: compiled, used };
}

function isEmpty(value: TemplateScalar | readonly TemplateItem[] | undefined): boolean {
  if (value === undefined || value === false || value === "") return true;
  return Array.isArray(value) && value.length === 0;
}

function renderNodes(nodes: readonly Node[], scopes: readonly TemplateValues[], out: string[]): void {
  const lookup = (name: string) => {
    for (let i = scopes.length - 1; i >= 0; i--) if (name in scopes[i]!) return scopes[i]![name];
    return undefined;
  };
  for (const node of nodes) {
    if (node.type === "text") out.push(node.value);
    else if (node.type === "var") {
      const value = lookup(node.name);
      if (value !== undefined && !Array.isArray(value)) out.push(String(value));
    } else {
      const value = lookup(node.name);
      if (node.inverted) {
        if (isEmpty(value)) renderNodes(node.children, scopes, out);
      } else if (Array.isArray(value)) {
        value.forEach((item: TemplateItem, i: number) =>
          renderNodes(node.children, [...scopes, { ...item, first: i === 0, last: i === value.length - 1 }], out),
        );
      } else if (!isEmpty(value)) renderNodes(node.children, scopes, out);
    }
  }
}

/**
 * Renders a compiled template to chat messages (each trimmed at its end).
 *
 * @example
 * renderTemplate(compileTemplate("<!-- user -->\n{{#xs}}{{v}}{{^last}}, {{/last}}{{/xs}}", "x.md",
 *   { xs: { kind: "list", doc: "", fields: { v: "" } } }), { xs: [{ v: "a" }, { v: "b" }] });
 * // [{ role: "user", content: "a, b" }]
 */
export function renderTemplate(template: CompiledTemplate, values: TemplateValues): Array<{ role: "system" | "user"; content: string }> {
  return template.messages.map((m) => {
    const out: string[] = [];
    renderNodes(m.nodes, [values], out);
    return { role: m.role, content: out.join("").trimEnd() };
  });
}
