// The stand-in's payload-schema namespace (sdk-api/node.md §7): only the
// keywords bqgen's tests reach through the scaffold, with the core's
// "null = valid, else the first violation" answer.

export type SchemaNode = Record<string, unknown>;

function kind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

export function validateSchema(schema: SchemaNode, value: unknown, path = ""): string | null {
  const where = path === "" ? "<root>" : path;
  const type = schema["type"];
  if (typeof type === "string" && type !== kind(value) && !(type === "number" && kind(value) === "integer")) {
    return `${where}: expected ${type}`;
  }
  const min = schema["minLength"];
  if (typeof value === "string" && typeof min === "number" && [...value].length < min) {
    return `${where}: shorter than ${min}`;
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const required = schema["required"];
    for (const name of Array.isArray(required) ? required : []) {
      if (typeof name === "string" && !(name in record)) {
        return `${where}: missing ${name}`;
      }
    }
    const properties = schema["properties"];
    if (typeof properties === "object" && properties !== null) {
      for (const [name, sub] of Object.entries(properties as Record<string, SchemaNode>)) {
        if (name in record) {
          const violation = validateSchema(sub, record[name], `${path}/${name}`);
          if (violation !== null) return violation;
        }
      }
    }
  }
  return null;
}
