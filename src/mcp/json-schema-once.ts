import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';

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
export function withJsonSchemaOnce<I, O>(schema: StandardSchemaWithJSON<I, O>): StandardSchemaWithJSON<I, O> {
  const std = schema['~standard'];
  const converted = new Map<string, Record<string, unknown>>();
  const once = (io: 'input' | 'output') => (options: Parameters<typeof std.jsonSchema.input>[0]) => {
    // Options beyond the target are library-specific and unused by the SDK: convert afresh.
    if (options.libraryOptions !== undefined) return std.jsonSchema[io](options);
    const key = `${io} ${options.target}`;
    let json = converted.get(key);
    if (!json) {
      json = deepFreeze(std.jsonSchema[io](options));
      converted.set(key, json);
    }
    return json;
  };
  return {
    '~standard': {
      version: std.version,
      vendor: std.vendor,
      validate: std.validate,
      ...(std.types !== undefined && { types: std.types }),
      jsonSchema: { input: once('input'), output: once('output') },
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
