/**
 * Renders the OpenAPI document as the Markdown reference kept in `docs/api.md`, so the page in the
 * repository lists exactly what the routes declare (a test fails when it falls behind).
 */

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema: JsonSchema;
  }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema }> }
  >;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const componentName = (ref: string) => ref.replace('#/components/schemas/', '');
const anchor = (name: string) => `#${name.toLowerCase()}`;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A short, readable type: `string`, `Post[]`, `string \| null`, `{ token: string, … }`. */
export function typeOf(schema: JsonSchema): string {
  if (schema.$ref) {
    const name = componentName(schema.$ref);
    return `[${name}](${anchor(name)})`;
  }
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' \\| ');
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(' \\| ');
  if (schema.type === 'array' && schema.items) return `${typeOf(schema.items)}[]`;
  if (schema.type === 'object' && schema.properties) {
    const fields = Object.entries(schema.properties).map(([name, field]) => {
      const optional = schema.required?.includes(name) ? '' : '?';
      return `${name}${optional}: ${typeOf(field)}`;
    });
    return `{ ${fields.join(', ')} }`;
  }
  if (schema.type === 'object' && typeof schema.additionalProperties === 'object') {
    return `{ [key]: ${typeOf(schema.additionalProperties)} }`;
  }
  if (schema.format === 'binary') return 'binary';
  if (Array.isArray(schema.type)) return schema.type.join(' \\| ');
  return schema.type ?? 'any';
}

/** Limits and notes of one field: length, range, pattern, format, description. */
function rulesOf(schema: JsonSchema): string {
  const variants = schema.anyOf ?? [schema];
  const rules: string[] = [];
  for (const variant of variants) {
    if (variant.minLength === 1) rules.push('not empty');
    else if (variant.minLength !== undefined)
      rules.push(`at least ${variant.minLength} characters`);
    if (variant.maxLength !== undefined) rules.push(`at most ${variant.maxLength} characters`);
    // zod bounds every integer to the safe range; only a narrower bound says something.
    if (variant.minimum !== undefined && variant.minimum > Number.MIN_SAFE_INTEGER)
      rules.push(`≥ ${variant.minimum}`);
    if (variant.maximum !== undefined && variant.maximum < Number.MAX_SAFE_INTEGER)
      rules.push(`≤ ${variant.maximum}`);
    if (variant.pattern !== undefined) rules.push(`matches \`${variant.pattern}\``);
    if (variant.format !== undefined && variant.format !== 'binary') rules.push(variant.format);
  }
  if (schema.description) rules.push(schema.description);
  return rules.join('; ');
}

function fieldTable(schema: JsonSchema): string[] {
  const lines = ['| field | type | required | rules |', '|---|---|---|---|'];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const required = schema.required?.includes(name) ? 'yes' : 'no';
    lines.push(`| \`${name}\` | ${typeOf(field)} | ${required} | ${cell(rulesOf(field))} |`);
  }
  return lines;
}

function renderOperation(method: string, pathname: string, operation: Operation): string[] {
  const lines = [`### \`${method.toUpperCase()} ${pathname}\``, ''];
  if (operation.summary) lines.push(`${operation.summary}.`, '');
  if (operation.description) lines.push(operation.description, '');
  const parameters = operation.parameters ?? [];
  if (parameters.length > 0) {
    lines.push('| parameter | in | type | required | rules |', '|---|---|---|---|---|');
    for (const parameter of parameters) {
      const required = parameter.required ? 'yes' : 'no';
      const type = typeOf(parameter.schema);
      const rules = cell(rulesOf({ ...parameter.schema, description: parameter.description }));
      lines.push(`| \`${parameter.name}\` | ${parameter.in} | ${type} | ${required} | ${rules} |`);
    }
    lines.push('');
  }
  for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
    lines.push(`Body (\`${type}\`):`, '', ...fieldTable(schema), '');
  }
  lines.push('| status | meaning | body |', '|---|---|---|');
  for (const [status, response] of Object.entries(operation.responses)) {
    const bodies = Object.entries(response.content ?? {}).map(([type, { schema }]) =>
      type === 'application/json' ? typeOf(schema) : `\`${type}\` ${typeOf(schema)}`,
    );
    lines.push(`| ${status} | ${cell(response.description)} | ${bodies.join(', ') || '—'} |`);
  }
  lines.push('');
  return lines;
}

export function renderApiMarkdown(document: OpenApiDocument): string {
  const lines: string[] = [];
  const byTag = new Map<string, string[]>();
  for (const [pathname, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), ...renderOperation(method, pathname, operation)]);
    }
  }
  for (const [tag, operationLines] of byTag) {
    lines.push(`## ${tag[0]?.toUpperCase()}${tag.slice(1)}`, '', ...operationLines);
  }
  lines.push('## Shapes', '');
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    lines.push(`### ${name}`, '');
    if (schema.description) lines.push(schema.description, '');
    lines.push(...fieldTable(schema), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
