import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

const compile = SerializerSelector()();

/**
 * The JSON Schema that an answer is serialised from. OpenAPI 3.0's form marks a nullable field
 * `nullable: true` where JSON Schema 2020-12 writes `anyOf: [T, null]`, which fast-json-stringify
 * could only resolve by validating every value.
 */
export function serializationSchema(schema: z.ZodType): object {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output', unrepresentable: 'any' });
}

type Serialize = (data: unknown) => string;

/**
 * One serializer per schema, whichever routes answer with it: every route's 4xx and 5xx share the
 * error shape, and several actions share their answer. Compiling each anew cost a third of the
 * server's start and about 10 MB of garbage at it (docs/PERFORMANCE.md, Start).
 */
const compiled = new WeakMap<z.ZodType, Serialize>();

function serializerOf(schema: z.ZodType, method: string, url: string, httpStatus: string): Serialize {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = compile({ schema: serializationSchema(schema), method, url, httpStatus }) as Serialize;
    compiled.set(schema, serialize);
  }
  return serialize;
}

/**
 * Every JSON answer is written by Fastify's own compiled serializer (fast-json-stringify) from the
 * route's zod response schema: faster than JSON.stringify, and only declared fields leave the
 * server. Each is compiled when its route first answers with that status, not at start: a process
 * rarely calls every route, and compiling them all kept about 3 MB more resident while idle
 * (docs/PERFORMANCE.md, Start).
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url, httpStatus }) => {
  let serialize: Serialize | undefined;
  return (data) => (serialize ??= serializerOf(schema, method, url, httpStatus ?? 'default'))(data);
};
