// ESLint: typescript-eslint's recommended rules, the rules of hooks and jsx-a11y's recommended set.
// Formatting is Prettier's job (eslint-config-prettier turns off the rules that would fight it).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The engine seam (docs/architecture.md): outside db/, no code opens a driver, sends it SQL or asks which
// engine it talks to; among the models only the text index (app/models/text-index.server.ts) does, and the
// `sql` templates of the others name nothing that exists on one engine only.
// Models speak the domain (a RefusalReason from app/lib/refusal.ts), never HTTP: the route maps it to a status.
const httpStatusInModels = {
  selector: "Property[key.name='status'][value.type='Literal'][value.value>=100][value.value<600]",
  message: "Models return a refusal reason (app/lib/refusal.ts), not an HTTP status.",
};
const driverCalls = {
  selector: "CallExpression[callee.property.name=/^(query|prepare|pragma)$/]",
  message: "Raw driver SQL belongs in db/ (db/client.ts, db/engine.ts): add a function there.",
};
const rawSql = {
  selector: "MemberExpression[object.name=/^(sql|CompiledQuery)$/][property.name='raw']",
  message: "Raw SQL strings belong in db/: build the statement with Kysely or a `sql` template.",
};
const engineSpecificSql = {
  selector:
    "TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/(\\b(sellers_fts\\w*|sellers_search|search_terms|to_tsquery|tsquery|tsvector|ilike|pragma|pg_\\w+|date_trunc|strftime|julianday|glob|indexed by)\\b|::|@@)/i], Literal[value=/^(sellers_fts\\w*|sellers_search|search_terms)$/]",
  message:
    "Engine-specific SQL belongs behind the seam: db/engine.ts, db/client.ts or the text index (app/models/text-index.server.ts).",
};
const drivers = {
  paths: ["pg", "pg-cursor", "better-sqlite3"].map((name) => ({
    name,
    allowTypeImports: true,
    message: "Only db/ talks to the database driver: use db/client.ts.",
  })),
  patterns: [
    {
      group: ["~db/engine", "**/db/engine"],
      importNames: ["engineOf", "isPostgresUrl"],
      message:
        "Only db/ and the text index ask which engine they talk to: use a function of db/engine.ts or db/client.ts.",
    },
  ],
};

// One way to build a form (docs/decisions/200-one-form-hook-over-conforms-parts.md): the hook is `useForm` of
// app/lib/form.ts; conform gives the field helpers (getInputProps, getSelectProps, getTextareaProps) and
// the submission types, not its own hook or form props.
const oneFormHook = {
  name: "@conform-to/react",
  importNames: ["useForm", "getFormProps", "FormProvider", "useField", "useFormMetadata", "FormStateInput"],
  message: "Build a form with useForm from ~/lib/form (form.props on the <Form>); conform's get*Props read its fields.",
};
const appImports = { paths: [...drivers.paths, oneFormHook], patterns: drivers.patterns };

export default tseslint.config(
  { ignores: ["build/", "dist/", ".react-router/", "node_modules/", "tmp/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // After a refused post without JavaScript, the first invalid field carries autofocus on purpose
      // (app/components/forms.tsx): it is how focus reaches the error with no script.
      "jsx-a11y/no-autofocus": "off",
      // Scrollable tables are focusable regions so keyboard users can scroll them (axe: scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["tabpanel", "region"] }],
      // "profile photo" tells which picture it is (hers, not her products'): information, not redundancy.
      "jsx-a11y/img-redundant-alt": "off",
      "jsx-a11y/label-has-associated-control": [
        "error",
        { controlComponents: ["InputFocusedWhenFirstInvalid"], depth: 3 },
      ],
    },
  },
  {
    // SQL lives in the models (app/models) and db/: everywhere else passes the DB handle to a model
    // function. (The import boundaries themselves are checked by dependency-cruiser: .dependency-cruiser.cjs.)
    files: ["app/{routes,services,components,lib}/**/*.{ts,tsx}", "app/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|transaction|with)$/][callee.object.name=/^(db|trx|getDb)$/]",
          message: "Queries belong in app/models: call a model function with the DB handle.",
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|transaction)$/][callee.object.type='CallExpression'][callee.object.callee.name='getDb']",
          message: "Queries belong in app/models: call a model function with the DB handle.",
        },
        driverCalls,
        rawSql,
      ],
    },
  },
  {
    // Models speak the domain (a RefusalReason from app/lib/refusal.ts), never HTTP: the route maps it to a status.
    files: ["app/models/**/*.ts"],
    rules: {
      "no-restricted-syntax": ["error", httpStatusInModels, driverCalls, rawSql, engineSpecificSql],
    },
  },
  {
    files: ["app/models/text-index.server.ts"],
    rules: {
      "no-restricted-syntax": ["error", httpStatusInModels, driverCalls, rawSql],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,tsx,js}"],
    rules: { "no-restricted-imports": ["error", appImports] },
  },
  {
    files: ["app/models/text-index.server.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: drivers.paths }],
    },
  },
  {
    // The server's entry points are not app code but reach no driver either.
    files: ["server/**/*.{ts,tsx,js}"],
    rules: { "no-restricted-syntax": ["error", driverCalls, rawSql] },
  },
  {
    // Kysely's documented migration signature takes Kysely<any>: a migration must not depend on today's schema.
    files: ["db/migrations/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
  },
  {
    // Playwright fixtures without dependencies are declared with an empty pattern.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    // A browser context a test opens comes from the `clientContext` fixture (tests/e2e/fixtures.ts), which gives it
    // the test's client address: one opened bare would share 127.0.0.1's rate-limit buckets with every other such
    // context, and fail or pass by what ran beside it.
    files: ["tests/e2e/**/*.ts"],
    ignores: ["tests/e2e/fixtures.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name='newContext']:not([callee.object.type='MemberExpression'][callee.object.property.name='request'])",
          message: "Open a browser context with the clientContext fixture (tests/e2e/fixtures.ts).",
        },
      ],
    },
  },
  prettier,
);
