/** A refusal of the add-document route, turned into what the dialog shows and where. */
import { ApiError } from '../api/client.ts';

export type AddField = 'publication_number' | 'reference_name' | 'document_date' | 'text' | 'file' | 'kind';
const FIELDS: readonly AddField[] = ['publication_number', 'reference_name', 'document_date', 'text', 'file', 'kind'];

/** What to do next, by refusal; the server's message says what is wrong. */
const ADVICE: Record<string, string> = {
  reference_not_cited: 'Check the number against the office action, or analyse the action that cites this reference first.',
  claims_unreadable: 'Start each claim on its own line with its number ("1. A method …"), then add it again.',
  unsupported_file_type: 'Upload a PDF, a Word (.docx) file, a plain-text (.txt) file or USPTO full-text XML, or paste the text.',
  payload_too_large: 'Upload the document alone rather than a whole file wrapper, or paste its text.',
  no_text_found: 'If the file is a scan, paste its text instead, or upload a copy with a text layer.',
  unreadable_document: 'Check that the file opens, or paste its text instead.',
  document_too_complex: 'Upload a simpler copy (the document alone), or paste its text instead.',
  extraction_busy: 'Prosa is reading other documents just now: try again in a minute.',
};

export interface AddProblem {
  /** The field the message is about, when it names one. */
  field: AddField | null;
  message: string;
  advice: string | null;
}

/**
 * "publication_number: "x" is not a publication number" → that field, and the rest as the
 * message; a reference the action does not cite → the number (or name) the person gave.
 */
export function addProblem(err: unknown, given: { publication_number: string; reference_name: string }): AddProblem {
  if (!(err instanceof ApiError))
    return { field: null, message: err instanceof Error ? err.message : 'The document could not be added.', advice: 'Check your connection and try again.' };
  if (err.code === 'reference_not_cited') {
    return {
      field: given.publication_number ? 'publication_number' : given.reference_name ? 'reference_name' : null,
      message: err.message,
      advice: ADVICE.reference_not_cited!,
    };
  }
  const m = /^([a-z_]+): (.+)$/s.exec(err.message);
  const field = m && (FIELDS as readonly string[]).includes(m[1]!) ? (m[1] as AddField) : null;
  const message = capitalise(
    field ? m![2]! : err.message.replace(/\bpublication_number\b/g, 'the publication number').replace(/\breference_name\b/g, 'the name of the reference'),
  );
  return { field, message, advice: ADVICE[err.code] ?? null };
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
