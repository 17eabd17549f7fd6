/**
 * The full text of the US references an action cites, from the USPTO (issue 18 item 2), kept in
 * the public reference cache every account shares: a patent or publication is a public record,
 * fetched once. Foreign documents and non-patent literature are not at the USPTO: they are
 * reported, to be uploaded by the practitioner. Nothing an account uploaded ever enters the cache.
 */
import type { Db } from '../../db/connect.ts';
import type { AnalysisEngine } from '../../analysis/analysis-engine.ts';
import { AppError } from '../../errors.ts';
import { sha256Hex } from '../../auth/secrets.ts';
import { extractDocument } from '../../extraction/extract.ts';
import type { CitedReferenceEntry } from '../../queries/cited-references.ts';
import { heldReferences } from '../../queries/file-documents.ts';
import type { OdpClient } from '../../sources/odp/odp-client.ts';
import { fetchPublicationText } from '../../sources/odp/publication-text.ts';

export interface FetchedReference {
  reference: string;
  publication_number: string | null;
  outcome: 'fetched' | 'already_held' | 'not_at_uspto' | 'not_found' | 'failed';
  detail: string | null;
}

export async function fetchCitedReferences(
  deps: { db: Db; engine: AnalysisEngine; client: OdpClient },
  accountId: string,
  cited: readonly CitedReferenceEntry[],
): Promise<FetchedReference[]> {
  const numbers = cited.flatMap((c) => (c.publication ? [c.publication.base] : []));
  const held = new Set((await heldReferences(deps.db, accountId, { numbers, names: [] })).map((h) => h.publication_number));
  const out: FetchedReference[] = [];
  for (const c of cited) {
    const pub = c.publication;
    const base = { reference: c.label, publication_number: pub?.display ?? null };
    if (!pub || (pub.kind !== 'us_patent' && pub.kind !== 'us_pgpub')) {
      out.push({
        ...base,
        outcome: 'not_at_uspto',
        detail: 'The USPTO publishes the full text of US patents and publications only: upload this document to the file.',
      });
      continue;
    }
    if (held.has(pub.base)) {
      out.push({ ...base, outcome: 'already_held', detail: null });
      continue;
    }
    try {
      const found = await fetchPublicationText(deps.client, pub.display);
      if (!found) {
        out.push({
          ...base,
          outcome: 'not_found',
          detail: 'The USPTO has no full text of this document (the Open Data Portal covers applications filed from 2001): upload it to the file.',
        });
        continue;
      }
      const extracted = await extractDocument(
        { filename: found.file.filename, mimetype: found.file.mimetype, bytes: found.file.bytes },
        { purpose: 'document' },
      );
      const read = await deps.engine.readDocument({ text: extracted.text, kind: 'reference' });
      const values = {
        publication_display: pub.display,
        kind_code: pub.kind_code,
        title: extracted.bibliography?.title ?? read.title,
        format: extracted.format,
        sha256: sha256Hex(extracted.text),
        text: extracted.text,
        paragraphs: JSON.stringify(read.paragraphs),
        figures: JSON.stringify(read.figures),
        column_lines: extracted.column_lines ? JSON.stringify(extracted.column_lines) : null,
        claims: read.claims ? JSON.stringify(read.claims) : null,
        origin: JSON.stringify({ source: 'uspto_odp', application_number: found.applicationNumber, product: found.productIdentifier, file: found.xmlFileName }),
        fetched_at: new Date(),
      };
      await deps.db
        .insertInto('public_references')
        .values({ publication_number: pub.base, ...values })
        .onConflict((oc) => oc.column('publication_number').doUpdateSet(values))
        .execute();
      out.push({ ...base, outcome: 'fetched', detail: `${read.paragraphs.length} paragraphs` });
    } catch (err) {
      if (err instanceof AppError) out.push({ ...base, outcome: 'failed', detail: err.message });
      else if (err instanceof Error && /Odp(?:Unavailable|Rejected|TooLarge|RefusedUrl)Error/.test(err.name))
        out.push({ ...base, outcome: 'failed', detail: 'The USPTO did not answer usefully; try again later.' });
      else throw err;
    }
  }
  return out;
}
