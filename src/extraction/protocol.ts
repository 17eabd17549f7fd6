/**
 * The messages between the server and an extraction child (IPC with `serialization: 'advanced'`,
 * so the file's Buffer crosses as bytes, not as JSON).
 */
import type { WireError } from './errors.ts';
import type { ReadRequest } from './read-document.ts';
import type { ExtractedText } from './types.ts';

export type ChildRequest = { id: number; request: ReadRequest };

/** `ocr`: the file is a scan and its OCR starts now (the server gives it the OCR time budget). */
export type ChildReply =
  | { ready: true }
  | { id: number; ocr: true }
  | { id: number; ok: true; result: ExtractedText }
  | { id: number; ok: false; error: WireError };
