/**
 * A zip written by hand (deflate through zlib), for the extraction tests' hostile files: entries
 * may declare an uncompressed size other than their real one, as a zip bomb's directory lies.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** The data, or its deflated form with its real size and CRC (deflatedRepeat). */
  data: Buffer | { deflated: Buffer; size: number; crc: number };
  /** What the directory says the entry inflates to (default: the truth). */
  declaredSize?: number;
}

export function writeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const { deflated, size, crc } = Buffer.isBuffer(e.data) ? { deflated: deflateRawSync(e.data), size: e.data.length, crc: crc32(e.data) } : e.data;
    const declared = e.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated);
    centrals.push(central, name);
    offset += local.length + name.length + deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `chunk` repeated `times` times and deflated (a bomb's payload: megabytes that deflate to kilobytes). */
export function deflatedRepeat(chunk: Buffer, times: number): { deflated: Buffer; size: number; crc: number } {
  const whole = Buffer.alloc(chunk.length * times);
  for (let i = 0; i < times; i++) chunk.copy(whole, i * chunk.length);
  return { deflated: deflateRawSync(whole, { level: 9 }), size: whole.length, crc: crc32(whole) };
}
