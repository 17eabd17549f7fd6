import type { FastifyRequest } from 'fastify';
import { validationError } from '../errors.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key header, or null; 400 when it is not 1-255 visible ASCII characters. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!IDEMPOTENCY_KEY.test(key)) throw validationError('Idempotency-Key', 'must be 1 to 255 visible ASCII characters');
  return key;
}
