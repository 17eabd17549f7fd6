import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { deepFreeze } from '../domain/deep-freeze.ts';

/**
 * The same schema for the MCP SDK, with its JSON Schema converted once per process instead of
 * once per request.
 *
 * Why: the server is stateless (ARCHITECTURE "MCP server"), so the SDK gets a fresh McpServer
 * for every request, and its JSON Schema memo lives on that instance: every tools/call converted
 * the tool's output schema again (the SDK projects the result against it) and every tools/list
 * converted all 59 tools' input and output schemas. The conversion is a pure function of the
 * schema and the options, so one result serves every request; it is deep-frozen, so no request
 * can alter what the next one advertises.
 *
 * Validation is the zod schema's own `~standard.validate`: error messages are unchanged.
 */
export function withJsonSchemaOnce<I, O>(schema: StandardSchemaWithJSON<I, O>, opts: { validate?: 'schema' | 'in-tool' } = {}): StandardSchemaWithJSON<I, O> {
  const std = schema['~standard'];
  const converted = new Map<string, Record<string, unknown>>();
  const once = (io: 'input' | 'output') => (options: Parameters<typeof std.jsonSchema.input>[0]) => {
    // Options beyond the target are library-specific and unused by the SDK: convert afresh.
    if (options.libraryOptions !== undefined) return std.jsonSchema[io](options);
    const key = `${io} ${options.target}`;
    let json = converted.get(key);
    if (!json) {
      json = deepFreeze(withoutDialect(std.jsonSchema[io](options)));
      converted.set(key, json);
    }
    return json;
  };
  return {
    '~standard': {
      version: std.version,
      vendor: std.vendor,
      // 'in-tool': the SDK accepts any arguments and the tool runner validates them, so a refusal
      // is a tool result with error_code and agent_suggestion like every other error (issue 20),
      // and is audited; the SDK's own refusal was a bare text.
      validate: opts.validate === 'in-tool' ? (value: unknown) => ({ value: value as O }) : std.validate,
      ...(std.types !== undefined && { types: std.types }),
      jsonSchema: { input: once('input'), output: once('output') },
    },
  };
}

/**
 * Without `$schema`: every listed schema would repeat the 2020-12 dialect URI, which is the
 * default of MCP tool schemas anyway (2025-11-25 and 2026-07-28 "Tool": defaults to 2020-12 when
 * no `$schema` is present). About a dozen tokens per schema an assistant reads.
 */
function withoutDialect(json: Record<string, unknown>): Record<string, unknown> {
  if (!('$schema' in json)) return json;
  const { $schema: _dialect, ...rest } = json;
  return rest;
}

const publicSchemas = new WeakMap<object, Partial<Record<'input' | 'output', Record<string, unknown>>>>();

/** A zod schema's JSON Schema as tools/list shows it (2020-12, no `$schema`), converted once. */
export function publicJsonSchema(schema: StandardSchemaWithJSON, io: 'input' | 'output'): Record<string, unknown> {
  let entry = publicSchemas.get(schema);
  if (!entry) publicSchemas.set(schema, (entry = {}));
  return (entry[io] ??= deepFreeze(withoutDialect(schema['~standard'].jsonSchema[io]({ target: 'draft-2020-12' }))));
}
