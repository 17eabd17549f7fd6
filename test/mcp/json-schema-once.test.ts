import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { withJsonSchemaOnce } from '../../src/mcp/json-schema-once.ts';

const schema = z.object({ application_number: z.string().describe('US application number'), limit: z.number().int().max(100).default(20) });
const target = 'draft-2020-12' as const;

describe('withJsonSchemaOnce', () => {
  /** What zod converts to, without the dialect URI (2020-12 is MCP's default; issue 20). */
  const zodJson = (io: 'input' | 'output', t: 'draft-2020-12' | 'draft-07' = target) => {
    const { $schema: _dialect, ...rest } = schema['~standard'].jsonSchema[io]({ target: t });
    return rest;
  };

  test('converts once per direction and target, to what the zod schema converts to without $schema', () => {
    const once = withJsonSchemaOnce(schema);
    const input = once['~standard'].jsonSchema.input({ target });
    expect(input).toEqual(zodJson('input'));
    expect(input).not.toHaveProperty('$schema');
    expect(once['~standard'].jsonSchema.input({ target })).toBe(input);
    const output = once['~standard'].jsonSchema.output({ target });
    expect(output).toEqual(zodJson('output'));
    // `limit` has a default: required in the output, optional in the input.
    expect(output).not.toEqual(input);
    expect(once['~standard'].jsonSchema.output({ target: 'draft-07' })).toEqual(zodJson('output', 'draft-07'));
  });

  test("'in-tool' validation hands the SDK the arguments as they came: the tool runner validates them", async () => {
    const once = withJsonSchemaOnce(schema, { validate: 'in-tool' });
    expect(await once['~standard'].validate({ application_number: 5 })).toEqual({ value: { application_number: 5 } });
    expect((await withJsonSchemaOnce(schema)['~standard'].validate({ application_number: 5 })).issues).toBeDefined();
  });

  test('the shared conversion is frozen all the way down: no request can change what the next one sees', () => {
    const json = withJsonSchemaOnce(schema)['~standard'].jsonSchema.input({ target }) as { properties: Record<string, { description?: string }> };
    expect(() => (json.properties.application_number.description = 'changed')).toThrow(TypeError);
    expect(() => delete json.properties.limit).toThrow(TypeError);
  });

  test("validation is the zod schema's own, with its messages", async () => {
    const once = withJsonSchemaOnce(schema);
    expect(await once['~standard'].validate({ application_number: 5 })).toEqual(await schema['~standard'].validate({ application_number: 5 }));
    expect(await once['~standard'].validate({ application_number: '17/200,011' })).toEqual({ value: { application_number: '17/200,011', limit: 20 } });
  });
});
