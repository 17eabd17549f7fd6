// Splits a stream-json token stream (packed tokens only) into the items an ODP file carries,
// holding at most one item in memory, whatever the file's size. Three input shapes
// (uspto-data.md §1.3, §1.6 — the bulk layout is unverified, so both are accepted):
//   {count, patentFileWrapperDataBag: [record, …], requestIdentifier}   API / search response
//   {count, documentBag: [document, …]}                                  /documents response
//   record \n record \n …  (JSON Lines or concatenated), or a top-level [record, …]
// Only those two bag names are streamed, and only at the top level of an object: such an object
// is a wrapper and its other keys (count, requestIdentifier, facets) are dropped. Any other
// top-level object is an item (record keys like eventDataBag are assembled with it). A record
// that carries its own documentBag therefore belongs with importOdpRecord(), not in a file.
import Assembler from 'stream-json/assembler.js';
import type { Token } from 'stream-json/parser.js';

/** Which bag an item came from; 'top-level' for a record per line or an element of a top-level array. */
export type ItemOrigin = 'patentFileWrapperDataBag' | 'documentBag' | 'top-level';

export interface OdpItem {
  origin: ItemOrigin;
  value: unknown;
}

const VALUE_TOKENS = new Set(['stringValue', 'numberValue', 'nullValue', 'trueValue', 'falseValue']);

export class ItemSplitter {
  /** Items completed since the last take(). */
  private out: OdpItem[] = [];
  /** Nesting depth of the structure handled here (items being assembled are not counted). */
  private depth = 0;
  private topKind: 'object' | 'array' | null = null;
  /** Top-level object's non-bag fields; becomes the item itself when no bag was found. */
  private header: Record<string, unknown> = {};
  private headerKey: string | null = null;
  private sawBag = false;
  /** Origin of the elements while inside a bag array (depth 2). */
  private bag: ItemOrigin | null = null;
  /** Assembles the current item or header field. */
  private asm: Assembler | null = null;
  private asmTarget: 'item' | 'header' = 'item';

  consume(token: Token): void {
    if (this.asm !== null) {
      this.asm.consume(token);
      if (this.asm.done) this.finishValue(this.asm.current);
      return;
    }
    const { name } = token;
    if (this.depth === 0) {
      if (name === 'startObject') {
        this.topKind = 'object';
        this.header = {};
        this.headerKey = null;
        this.sawBag = false;
        this.depth = 1;
      } else if (name === 'startArray') {
        this.topKind = 'array';
        this.depth = 1;
      } else {
        throw new Error('a top-level value is neither an object nor an array');
      }
      return;
    }
    if (this.depth === 1 && this.topKind === 'object') {
      if (name === 'keyValue') {
        this.headerKey = token.value;
      } else if (name === 'endObject') {
        this.depth = 0;
        if (!this.sawBag) this.out.push({ origin: 'top-level', value: this.header });
        this.header = {};
      } else if (name === 'startArray' && (this.headerKey === 'patentFileWrapperDataBag' || this.headerKey === 'documentBag')) {
        this.sawBag = true;
        this.bag = this.headerKey;
        this.depth = 2;
      } else {
        this.startValue(token, 'header');
      }
      return;
    }
    // Inside a bag array (depth 2) or a top-level array (depth 1).
    if (name === 'endArray') {
      this.depth -= 1;
      this.bag = null;
      return;
    }
    this.startValue(token, 'item');
  }

  /** Items completed so far, removed from the splitter. */
  take(): OdpItem[] {
    const items = this.out;
    this.out = [];
    return items;
  }

  /** True when the input ended between top-level values. */
  get atTopLevel(): boolean {
    return this.depth === 0 && this.asm === null;
  }

  private startValue(token: Token, target: 'item' | 'header'): void {
    if (VALUE_TOKENS.has(token.name)) {
      const asm = new Assembler();
      asm.consume(token);
      this.asmTarget = target;
      this.finishValue(asm.current);
      return;
    }
    this.asm = new Assembler();
    this.asmTarget = target;
    this.asm.consume(token);
  }

  private finishValue(value: unknown): void {
    this.asm = null;
    if (this.asmTarget === 'header') {
      // Like JSON.parse, a "__proto__" key is an own property, never the prototype.
      if (this.headerKey !== null) Object.defineProperty(this.header, this.headerKey, { value, writable: true, enumerable: true, configurable: true });
      this.headerKey = null;
    } else {
      this.out.push({ origin: this.bag ?? 'top-level', value });
    }
  }
}
