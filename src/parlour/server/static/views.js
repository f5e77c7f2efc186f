// A game's view checked against the JSON Schema of its shape (the game's generated view_shape.js): the client
// reads the field names the schema declares, and a view that departs from it (a key missing, undeclared, of
// another type) is reported at once, as an uncaught error naming where, while the table still draws.
// It reads the part of JSON Schema that parlour.core.shapes writes: type, enum, anyOf, $ref to $defs,
// properties, required, additionalProperties: false, items and prefixItems.

const TYPES = {
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === "number",
  string: (v) => typeof v === "string",
  boolean: (v) => typeof v === "boolean",
  null: (v) => v === null,
  array: (v) => Array.isArray(v),
  object: (v) => v !== null && typeof v === "object" && !Array.isArray(v),
};

/** Where `value` departs from `schema` (within the document `root`), as "view.results[0].hand: …" lines. */
export function viewProblems(root, value, schema = root, where = "view") {
  if (schema.$ref) return viewProblems(root, value, root.$defs[schema.$ref.split("/").pop()], where);
  if (schema.anyOf) {
    return schema.anyOf.some((option) => viewProblems(root, value, option, where).length === 0)
      ? [] : [`${where}: ${JSON.stringify(value)} fits none of its types`];
  }
  if (schema.enum) return schema.enum.includes(value) ? [] : [`${where}: ${JSON.stringify(value)} is none of ${schema.enum}`];
  if (schema.type && !TYPES[schema.type](value)) return [`${where}: ${JSON.stringify(value)} is no ${schema.type}`];
  const problems = [];
  if (schema.type === "object") {
    const declared = schema.properties || {};
    for (const key of schema.required || []) if (!(key in value)) problems.push(`${where}: no "${key}"`);
    for (const [key, item] of Object.entries(value)) {
      if (key in declared) problems.push(...viewProblems(root, item, declared[key], `${where}.${key}`));
      else if (schema.additionalProperties === false) problems.push(`${where}: "${key}" is not declared`);
    }
  } else if (schema.type === "array") {
    const fixed = schema.prefixItems || [];
    if (schema.maxItems !== undefined && value.length !== schema.maxItems) {
      problems.push(`${where}: ${value.length} items, not ${schema.maxItems}`);
    }
    value.forEach((item, i) => {
      const itemSchema = i < fixed.length ? fixed[i] : schema.items;
      if (itemSchema) problems.push(...viewProblems(root, item, itemSchema, `${where}[${i}]`));
    });
  }
  return problems;
}

const reported = new Set();

/** `view`, after checking it against `schema`: each new problem is thrown apart from the drawing (so the page's
 * error handlers and its tests see it), once per page. */
export function checkedView(schema, view) {
  for (const problem of viewProblems(schema, view)) {
    const message = `${schema.title}: ${problem}`;
    if (reported.has(message)) continue;
    reported.add(message);
    setTimeout(() => { throw new Error(message); });
  }
  return view;
}
