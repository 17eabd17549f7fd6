import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniformly random base62 string (randomInt avoids modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function newId(): string {
  return randomUUID();
}

/** API keys: `prosa_sk_` + 30 base62 characters = 39 characters (spec: "39 characters in total"). */
const API_KEY_PREFIX = 'prosa_sk_';
const API_KEY_RANDOM_LENGTH = 30;
export const API_KEY_PATTERN = /^prosa_sk_[0-9A-Za-z]{30}$/;

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBase62(API_KEY_RANDOM_LENGTH);
}

/** What lists show: the prefix and the first four random characters. */
export function apiKeyDisplayPrefix(key: string): string {
  return `${key.slice(0, API_KEY_PREFIX.length + 4)}…`;
}
