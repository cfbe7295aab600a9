import * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import { requiredValue } from '@canteiro/shared/domain';

/**
 * A valibot schema as the OpenAPI 3.0 JSON Schema of the description: the same schema that
 * validates a body (typeMode `input`) or types an answer (`output`) documents it, so the two
 * cannot disagree. What JSON Schema cannot say (a check, a transform) is left out: the
 * description is then looser than the server, never stricter.
 */

/** A JSON Schema object of the description (OpenAPI 3.0 dialect). */
export type JsonSchema = Record<string, unknown>;
export type AnySchema = v.GenericSchema;

/**
 * The form fields start with `requiredValue` (absent, null and '' all mean "required"), a
 * custom check JSON Schema cannot read; what follows it (a number, a list) is the field's type.
 */
function withoutRequiredValue(schema: AnySchema): AnySchema | null {
  const pipe = (schema as { pipe?: readonly unknown[] }).pipe;
  if (schema.type === 'custom' || !pipe || pipe[0] !== requiredValue) return null;
  return v.pipe(...(pipe.slice(1) as [AnySchema])) as AnySchema;
}

/**
 * A nullable picklist: OpenAPI 3.0 reads `nullable: true` beside `enum` as still bound by the
 * enum, so null must be one of its values (the 3.0.3 clarification) or a validator refuses it.
 */
function nullableChoice(schema: AnySchema): JsonSchema | null {
  if (schema.type !== 'nullable') return null;
  const wrapped = (schema as unknown as { wrapped: { type: string; options?: readonly unknown[] } }).wrapped;
  if (wrapped.type !== 'picklist' || !wrapped.options?.every((option) => typeof option === 'string')) return null;
  return { type: 'string', enum: [...wrapped.options, null], nullable: true };
}

/**
 * An object whose properties are all optional comes out with `required: []`, which OpenAPI
 * 3.0 refuses (at least one item): dropped, at any depth.
 */
function withoutEmptyRequired(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutEmptyRequired);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'required' && Array.isArray(value) && value.length === 0))
      .map(([key, value]) => [key, withoutEmptyRequired(value)]),
  );
}

export function jsonSchema(schema: AnySchema, typeMode: 'input' | 'output'): JsonSchema {
  const convert = (current: AnySchema): JsonSchema => {
    const { $schema: _draft, ...converted } = toJsonSchema(current, {
      target: 'openapi-3.0',
      typeMode,
      errorMode: 'ignore',
      overrideSchema: ({ valibotSchema }) => {
        const choice = nullableChoice(valibotSchema as AnySchema);
        if (choice) return choice as ReturnType<typeof toJsonSchema>;
        const field = withoutRequiredValue(valibotSchema as AnySchema);
        return field ? (convert(field) as ReturnType<typeof toJsonSchema>) : undefined;
      },
    });
    return converted as JsonSchema;
  };
  return withoutEmptyRequired(convert(schema)) as JsonSchema;
}

/** What a body takes. */
export const bodySchema = (schema: AnySchema): JsonSchema => jsonSchema(schema, 'input');
/** What an answer holds. */
export const answerSchema = (schema: AnySchema): JsonSchema => jsonSchema(schema, 'output');
