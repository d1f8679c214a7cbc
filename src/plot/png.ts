/**
 * Minimal PNG chunk surgery: read the image size and stamp the physical
 * resolution (pHYs chunk) so a 300-DPI export *says* it is 300 DPI to
 * journals' upload checkers, LaTeX and image editors.
 *
 * PNG layout (ISO/IEC 15948): 8-byte signature, then chunks of
 * [length u32 BE][type 4 ASCII][data][CRC-32 over type+data].
 */

import { crc32 as zlibCrc32 } from "node:zlib";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const INCHES_PER_METER = 1 / 0.0254;

/**
 * CRC-32 (IEEE 802.3, polynomial 0xEDB88320) as used by PNG chunks: zlib's,
 * which is this very checksum (Node >= 20.15).
 * @example crc32(new TextEncoder().encode("IEND")) // 0xAE426082
 */
export function crc32(bytes: Uint8Array): number {
  return zlibCrc32(bytes);
}

/**
 * Pixels per metre for a resolution in dots per inch, rounded as PNG stores it.
 * @example dpiToPixelsPerMeter(300) // 11811
 */
export function dpiToPixelsPerMeter(dpi: number): number {
  return Math.round(dpi * INCHES_PER_METER);
}

export interface PngChunk {
  type: string;
  /** Byte offset of the chunk's length field. */
  offset: number;
  data: Uint8Array;
}

/**
 * The chunks of a PNG file, in order; throws on a bad signature or a truncated chunk.
 * @example listPngChunks(bytes).map((c) => c.type) // ["IHDR", "pHYs", "IDAT", "IEND"]
 */
export function listPngChunks(png: Uint8Array): PngChunk[] {
  for (let i = 0; i < 8; i++) {
    if (png[i] !== PNG_SIGNATURE[i]) throw new Error("not a PNG file (bad signature)");
  }
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: PngChunk[] = [];
  let offset = 8;
  while (offset < png.length) {
    if (offset + 12 > png.length) throw new Error(`truncated PNG chunk at byte ${offset}`);
    const length = view.getUint32(offset);
    const type = String.fromCharCode(png[offset + 4]!, png[offset + 5]!, png[offset + 6]!, png[offset + 7]!);
    if (offset + 12 + length > png.length) throw new Error(`truncated PNG chunk ${type} at byte ${offset}`);
    chunks.push({ type, offset, data: png.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
    if (type === "IEND") break;
  }
  return chunks;
}

export interface PngInfo {
  width: number;
  height: number;
  /** From the pHYs chunk, or null when absent. */
  pixelsPerMeterX: number | null;
  pixelsPerMeterY: number | null;
  /** 1 = metre; 0 = aspect ratio only. */
  unit: number | null;
  /** Horizontal resolution in DPI (pHYs in metres), or null. */
  dpiX: number | null;
}

/**
 * Image size (IHDR) and physical resolution (pHYs) of a PNG.
 * @example readPngInfo(bytes) // { width: 1950, height: 1200, pixelsPerMeterX: 11811, ..., dpiX: 300 }
 */
export function readPngInfo(png: Uint8Array): PngInfo {
  const chunks = listPngChunks(png);
  const ihdr = chunks[0];
  if (!ihdr || ihdr.type !== "IHDR") throw new Error("PNG does not start with an IHDR chunk");
  const ih = new DataView(ihdr.data.buffer, ihdr.data.byteOffset, ihdr.data.byteLength);
  const phys = chunks.find((c) => c.type === "pHYs");
  let ppmX: number | null = null;
  let ppmY: number | null = null;
  let unit: number | null = null;
  if (phys) {
    const pv = new DataView(phys.data.buffer, phys.data.byteOffset, phys.data.byteLength);
    ppmX = pv.getUint32(0);
    ppmY = pv.getUint32(4);
    unit = pv.getUint8(8);
  }
  return {
    width: ih.getUint32(0),
    height: ih.getUint32(4),
    pixelsPerMeterX: ppmX,
    pixelsPerMeterY: ppmY,
    unit,
    dpiX: ppmX !== null && unit === 1 ? Math.round((ppmX / INCHES_PER_METER) * 100) / 100 : null,
  };
}

/**
 * A copy of `png` whose pHYs chunk declares `dpi` dots per inch (any existing
 * pHYs is replaced; the new one goes right after IHDR, before IDAT as the
 * spec requires). 300 DPI is stored as 11811 pixels per metre.
 * @example readPngInfo(setPngDpi(bytes, 300)).pixelsPerMeterX // 11811
 */
export function setPngDpi(png: Uint8Array, dpi: number): Uint8Array {
  if (!(dpi > 0)) throw new RangeError(`setPngDpi: dpi must be > 0, got ${dpi}`);
  const chunks = listPngChunks(png);
  const ppm = dpiToPixelsPerMeter(dpi);
  const phys = new Uint8Array(21);
  const pv = new DataView(phys.buffer);
  pv.setUint32(0, 9);
  phys.set([0x70, 0x48, 0x59, 0x73], 4); // "pHYs"
  pv.setUint32(8, ppm);
  pv.setUint32(12, ppm);
  pv.setUint8(16, 1); // unit: metre
  pv.setUint32(17, crc32(phys.subarray(4, 17)));

  const parts: Uint8Array[] = [png.subarray(0, 8)];
  for (const chunk of chunks) {
    if (chunk.type === "pHYs") continue;
    parts.push(png.subarray(chunk.offset, chunk.offset + 12 + chunk.data.length));
    if (chunk.type === "IHDR") parts.push(phys);
  }
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
