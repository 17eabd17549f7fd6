import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { withJsonSchemaOnce } from '../../src/mcp/json-schema-once.ts';

const schema = z.object({ application_number: z.string().describe('US application number'), limit: z.number().int().max(100).default(20) });
const target = 'draft-2020-12' as const;

describe('withJsonSchemaOnce', () => {
  test('converts once per direction and target, to what the zod schema converts to', () => {
    const once = withJsonSchemaOnce(schema);
    const input = once['~standard'].jsonSchema.input({ target });
    expect(input).toEqual(schema['~standard'].jsonSchema.input({ target }));
    expect(once['~standard'].jsonSchema.input({ target })).toBe(input);
    const output = once['~standard'].jsonSchema.output({ target });
    expect(output).toEqual(schema['~standard'].jsonSchema.output({ target }));
    // `limit` has a default: required in the output, optional in the input.
    expect(output).not.toEqual(input);
    expect(once['~standard'].jsonSchema.output({ target: 'draft-07' })).toEqual(schema['~standard'].jsonSchema.output({ target: 'draft-07' }));
  });

  test('the shared conversion is frozen all the way down: no request can change what the next one sees', () => {
    const json = withJsonSchemaOnce(schema)['~standard'].jsonSchema.input({ target }) as { properties: Record<string, { description?: string }> };
    expect(() => (json.properties.application_number.description = 'changed')).toThrow(TypeError);
    expect(() => delete json.properties.limit).toThrow(TypeError);
  });

  test('validation is the zod schema\'s own, with its messages', async () => {
    const once = withJsonSchemaOnce(schema);
    expect(await once['~standard'].validate({ application_number: 5 })).toEqual(await schema['~standard'].validate({ application_number: 5 }));
    expect(await once['~standard'].validate({ application_number: '17/200,011' })).toEqual({ value: { application_number: '17/200,011', limit: 20 } });
  });
});
