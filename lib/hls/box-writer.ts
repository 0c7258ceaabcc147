/** Writing ISO-BMFF boxes: small, fixed-layout structures built whole in memory (never media bytes). */

export function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  const size = 8 + payload.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(ascii(type), 4);
  let at = 8;
  for (const part of payload) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function fullBox(type: string, version: number, flags: number, ...payload: Uint8Array[]): Uint8Array {
  return box(type, u32(((version & 0xff) << 24) | (flags & 0xffffff)), ...payload);
}

export function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

export function u8(...values: number[]): Uint8Array {
  return Uint8Array.from(values);
}

export function u16(...values: number[]): Uint8Array {
  return fixed(2, values, (view, at, value) => view.setUint16(at, value));
}

export function u32(...values: number[]): Uint8Array {
  return fixed(4, values, (view, at, value) => view.setUint32(at, value >>> 0));
}

export function u64(value: number): Uint8Array {
  return fixed(8, [value], (view, at, v) => view.setBigUint64(at, BigInt(v)));
}

export function zeros(length: number): Uint8Array {
  return new Uint8Array(length);
}

function fixed(width: number, values: number[], set: (view: DataView, at: number, value: number) => void): Uint8Array {
  const out = new Uint8Array(width * values.length);
  const view = new DataView(out.buffer);
  values.forEach((value, i) => set(view, i * width, value));
  return out;
}
