import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * Answers checked against their route's response schema inside the seller's transaction
 * (auth/session.ts: an answer that cannot be sent rolls the work back). The serializer does not
 * check them a second time: on a list of sales that second pass was a few per cent of the request.
 */
const checked = new WeakSet<object>();

/** Marks `value` (the schema's own output) as already checked. */
export function checkedResponse<T>(value: T): T {
  if (typeof value === 'object' && value !== null) checked.add(value);
  return value;
}

/** fastify-type-provider-zod's serializer, which skips answers already checked. */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  const checkAndSerialize = zodSerializerCompiler(route);
  return (data) => (typeof data === 'object' && data !== null && checked.has(data) ? JSON.stringify(data) : checkAndSerialize(data));
};
