// Streams the items of an ODP JSON file (see item-splitter.ts for the accepted shapes) with
// flat memory: stream-json v3's tokenizer is fed one input chunk at a time and only the item
// being assembled is held.
//
// Error positions: stream-json's parser reports no position, so its verifier (which reports
// line, column and character offset) reads each chunk first. When the verifier rejects a chunk,
// only the part before the error reaches the tokenizer, every item that ended before the error is
// still yielded (and so imported), and then a ParseError naming the position is thrown.
import { getManyValues, isMany, none } from 'stream-chain/defs.js';
import { jsonParser, type Token } from 'stream-json/parser.js';
import { jsonVerifier } from 'stream-json/utils/verifier.js';
import { ItemSplitter, type OdpItem } from './item-splitter.ts';

export class OdpParseError extends Error {
  /** 1-based line of the error, when known. */
  readonly line: number | null;
  /** 1-based column (character position in the line), when known. */
  readonly column: number | null;
  /** 0-based character offset from the start of the input (after a byte-order mark), when known. */
  readonly offset: number | null;

  constructor(message: string, position: { line?: number; column?: number; offset?: number }, cause?: unknown) {
    const where =
      position.line !== undefined
        ? ` at line ${position.line}, column ${position.column} (character offset ${position.offset})`
        : position.offset !== undefined
          ? ` near character offset ${position.offset}`
          : '';
    super(`Malformed ODP JSON${where}: ${message}`, cause === undefined ? undefined : { cause });
    this.name = 'OdpParseError';
    this.line = position.line ?? null;
    this.column = position.column ?? null;
    this.offset = position.offset ?? null;
  }
}

interface VerifierError extends Error {
  line: number;
  pos: number;
  offset: number;
}

function isVerifierError(e: unknown): e is VerifierError {
  return e instanceof Error && typeof (e as Partial<VerifierError>).offset === 'number';
}

/** The verifier's messages look like "ERROR at 12 (1, 13): Verifier cannot parse input: …". */
function reason(e: Error): string {
  return e.message.replace(/^ERROR at \d+ \(\d+, \d+\): /, '').replace(/^(Verifier|Parser) /, 'the parser ');
}

export async function* readOdpItems(source: AsyncIterable<string | Uint8Array>): AsyncGenerator<OdpItem> {
  const decoder = new TextDecoder('utf-8');
  const verify = jsonVerifier({ jsonStreaming: true });
  // Packed tokens only: the splitter and Assembler read keyValue/stringValue/numberValue.
  const tokenize = jsonParser({ jsonStreaming: true, packValues: true, streamValues: false });
  const splitter = new ItemSplitter();
  let offset = 0; // characters verified and tokenized so far
  let started = false;

  function* feed(text: string): Generator<OdpItem> {
    let failure: VerifierError | null = null;
    try {
      verify(text);
    } catch (e) {
      if (!isVerifierError(e)) throw e;
      failure = e;
      // The error may lie in an earlier chunk that the verifier held back: then nothing of this one is valid.
      text = text.slice(0, Math.max(0, e.offset - offset));
    }
    const parseError = tokenizeInto(text);
    offset += text.length;
    yield* splitter.take(); // items completed before any error
    // The verifier's position is exact; without one, report where this chunk ends.
    if (failure !== null) {
      throw new OdpParseError(reason(failure), { line: failure.line, column: failure.pos, offset: failure.offset }, failure);
    }
    if (parseError !== null) throw new OdpParseError(reason(parseError), { offset }, parseError);
  }

  /** Tokenize and split; `none` flushes. Returns the error that stopped it, if any. */
  function tokenizeInto(text: string | typeof none): Error | null {
    try {
      const tokens = tokenize(text as string);
      if (isMany(tokens)) for (const token of getManyValues(tokens) as Token[]) splitter.consume(token);
      return null;
    } catch (e) {
      return e instanceof Error ? e : new Error(String(e));
    }
  }

  for await (const chunk of source) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (!started && text.length > 0) {
      started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // RFC 8259 §8.1 lets a parser drop a BOM
    }
    if (text.length > 0) yield* feed(text);
  }
  const tail = decoder.decode();
  if (tail.length > 0) yield* feed(tail);

  try {
    verify(none as unknown as string);
  } catch (e) {
    if (!isVerifierError(e)) throw e;
    throw new OdpParseError(`the input ended early (${reason(e)})`, { line: e.line, column: e.pos, offset: e.offset }, e);
  }
  const parseError = tokenizeInto(none);
  yield* splitter.take();
  if (parseError !== null) throw new OdpParseError(reason(parseError), { offset }, parseError);
  if (!splitter.atTopLevel) throw new OdpParseError('the input ended inside a value', { offset });
}
