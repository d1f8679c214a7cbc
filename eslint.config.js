// Lint rules for Consilium. Formatting is Prettier's (eslint-config-prettier turns the
// stylistic rules off); layering is dependency-cruiser's (.dependency-cruiser.cjs).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import prettier from "eslint-config-prettier";

export default tseslint.config(
  { ignores: ["node_modules/", "figures/", "runs/", ".jupyter/", ".cache/", "notebooks/*.ipynb", "src/text/data/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    files: ["**/*.ts"],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "max-lines": ["error", { max: 600, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ["**/*.mjs", "**/*.js", "**/*.cjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", module: "writable", require: "readonly", __dirname: "readonly" } },
  },
  {
    // Determinism: every random choice flows from an explicit seed (src/stats/rng).
    files: ["src/**/*.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "Math", property: "random", message: "use a seeded Rng from src/stats (no Math.random in src/)" }],
    },
  },
  {
    // Paper folders: small functions (the loop, tables and figures each in their own module).
    files: ["src/sentimental/**/*.ts", "src/finmem/**/*.ts", "src/blackboard/**/*.ts"],
    rules: {
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    // Notebook sources (notebooks/NN-name.ts): a cell ending in a bare expression is how a notebook shows a value.
    files: ["notebooks/*.ts"],
    rules: { "@typescript-eslint/no-unused-expressions": "off" },
  },
  {
    files: ["test/**/*.ts", "bench/**/*.ts", "scripts/**/*.ts"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
);
