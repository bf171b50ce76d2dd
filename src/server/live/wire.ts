/**
 * WebSocket frames: MessagePack (msgpackr, plain maps so any MessagePack library reads them) by
 * default, JSON text when the client connects with `?format=json`. A client may send either kind:
 * binary frames are MessagePack, text frames JSON.
 */
import { Packr } from 'msgpackr';

export type Format = 'msgpack' | 'json';

const packr = new Packr({ useRecords: false, mapsAsObjects: true });
// Frames are packed one after another into one buffer, a new one of the same size when it is
// full; msgpackr's own is 8 KB, a new buffer every dozen moves on a busy server.
// biome-ignore lint/correctness/useHookAtTopLevel: msgpackr's method, not a React hook
packr.useBuffer(Buffer.allocUnsafeSlow(256 * 1024));

export function encode(format: Format, frame: unknown): string | Buffer {
  return format === 'json' ? JSON.stringify(frame) : packr.pack(frame);
}

/** The decoded frame, or undefined when it is not valid MessagePack or JSON. */
export function decode(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): unknown {
  const buffer = Array.isArray(data)
    ? Buffer.concat(data)
    : Buffer.isBuffer(data)
      ? data
      : Buffer.from(data as ArrayBuffer);
  try {
    return isBinary ? packr.unpack(buffer) : JSON.parse(buffer.toString('utf8'));
  } catch {
    return undefined;
  }
}
