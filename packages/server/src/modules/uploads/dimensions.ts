import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '@selfserve/contract';

/**
 * Pixel dimensions of PNG, JPEG and GIF files, read from their headers as the bytes stream past —
 * nothing is decoded and at most 24 bytes are held (segments and blocks that do not matter are
 * skipped, however long). A tiny file whose header claims 20,000 × 20,000 pixels is caught here.
 */

export interface Dimensions {
  width: number;
  height: number;
}

export type RasterType = 'image/png' | 'image/jpeg' | 'image/gif';

/** Within the caps of the contract (MAX_IMAGE_SIDE a side, MAX_IMAGE_PIXELS in all). */
export function withinPixelCaps({ width, height }: Dimensions): boolean {
  return width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE && width * height <= MAX_IMAGE_PIXELS;
}

/** Padding 0xFF bytes allowed before a JPEG marker; more is not a JPEG anyone wrote. */
const MAX_FILL_BYTES = 64;
/** Segments allowed before a JPEG's frame header (real files have a few dozen); more is refused. */
const MAX_JPEG_SEGMENTS = 1024;

/** JPEG markers that carry a frame header (SOF0–SOF15 except DHT C4, JPG C8 and DAC CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Colour-table flag and size in a GIF's packed byte: 3 × 2^(n+1) bytes, or none. */
function gifColourTable(packed: number): number {
  return packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
}

/** Where a parser is: each state waits for `need` bytes (after skipping `skip`). */
type State =
  | 'png-head'
  | 'jpeg-soi'
  | 'jpeg-lead'
  | 'jpeg-marker'
  | 'jpeg-length'
  | 'jpeg-frame'
  | 'gif-head'
  | 'gif-block'
  | 'gif-descriptor'
  | 'gif-sub-block'
  | 'done';

/**
 * Fed a file's bytes chunk by chunk (from its first byte), it reports the largest dimensions its header
 * claims. `tooLarge` turns true as soon as a size over the caps is seen (nothing more is parsed);
 * `dimensions` stays null when the header was malformed or the file ended before it.
 *
 * - PNG: the signature, then the IHDR chunk, whose data starts with width and height (big-endian).
 * - JPEG: SOI, then segments (marker, 2-byte length, data) until the frame header (SOFn), which holds
 *   height and width. APPn segments (EXIF, ICC profiles, thumbnails) can be tens of kilobytes long
 *   and are skipped. Anything unexpected before the frame header (bytes outside a segment, the scan,
 *   the end of the image) ends the parse without a size, and the file is refused.
 * - GIF: the logical screen (bytes 6–9, little-endian) and then every frame's extent (left + width,
 *   top + height), because browsers grow the canvas to a first frame larger than the screen: a 1 × 1
 *   screen can carry a 20,000 × 20,000 frame. Extensions and image data are skipped sub-block by
 *   sub-block; the trailer or an unknown block ends the parse (decoders stop there too).
 *
 * A plain state machine over the bytes, not a generator or a parser library: a crafted 10 MB file of
 * one-byte GIF sub-blocks or empty frames costs millions of steps, each of which must be cheap (no
 * allocation), or the event loop stalls — measured about 0.1 s for the worst 10 MB GIF. A JPEG stops
 * after MAX_JPEG_SEGMENTS segments without a frame header.
 */
export class PixelProbe {
  /** The largest width and height seen so far (a GIF frame may widen its screen). */
  dimensions: Dimensions | null = null;
  tooLarge = false;
  private state: State;
  private need: number;
  private have = 0;
  private skip = 0;
  private readonly bytes = Buffer.alloc(24);
  private fill = 0;
  private marker = 0;
  private segments = 0;

  constructor(type: RasterType) {
    [this.state, this.need] =
      type === 'image/png' ? ['png-head', 24] : type === 'image/jpeg' ? ['jpeg-soi', 2] : ['gif-head', 13];
  }

  push(chunk: Buffer): void {
    let i = 0;
    while (this.state !== 'done' && i < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - i);
        this.skip -= n;
        i += n;
        continue;
      }
      while (this.have < this.need && i < chunk.length) this.bytes[this.have++] = chunk[i++] ?? 0;
      if (this.have === this.need) {
        this.have = 0;
        this.step();
      }
    }
  }

  /** Next: wait for n bytes in `state`, after skipping `skip` bytes. */
  private next(state: State, need: number, skip = 0): void {
    this.state = state;
    this.need = need;
    this.skip = skip;
  }

  private stop(): void {
    this.state = 'done';
  }

  private report(width: number, height: number): void {
    this.dimensions = {
      width: Math.max(width, this.dimensions?.width ?? 0),
      height: Math.max(height, this.dimensions?.height ?? 0),
    };
    if (!withinPixelCaps(this.dimensions)) {
      this.tooLarge = true;
      this.stop();
    }
  }

  /** Handles the `need` bytes of the current state (in `bytes`): moves to the next state, or stops. */
  private step(): void {
    const b = this.bytes;
    switch (this.state) {
      case 'png-head': {
        const width = b.readUInt32BE(16);
        const height = b.readUInt32BE(20);
        // Not IHDR, or a zero side (invalid PNG): no size.
        if (b.toString('latin1', 12, 16) === 'IHDR' && width > 0 && height > 0) this.report(width, height);
        this.stop();
        break;
      }

      case 'jpeg-soi':
        if (b[0] === 0xff && b[1] === 0xd8) this.next('jpeg-lead', 1);
        else this.stop();
        break;
      case 'jpeg-lead':
        this.fill = 0;
        if (b[0] === 0xff) this.next('jpeg-marker', 1);
        else this.stop();
        break;
      case 'jpeg-marker': {
        const marker = b[0] ?? 0;
        if (marker === 0xff) {
          // Fill byte: the marker is still to come.
          if (++this.fill > MAX_FILL_BYTES) this.stop();
        } else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
          this.next('jpeg-lead', 1); // TEM and RSTn have no length
        } else if (marker === 0xd8 || marker === 0xd9 || marker === 0xda) {
          this.stop(); // SOI again, EOI or the start of the scan before any frame header: no size
        } else {
          this.marker = marker;
          this.next('jpeg-length', 2);
        }
        break;
      }
      case 'jpeg-length': {
        const length = b.readUInt16BE(0);
        if (isStartOfFrame(this.marker)) {
          if (length >= 7)
            this.next('jpeg-frame', 5); // precision, height, width
          else this.stop();
        } else if (length >= 2 && ++this.segments <= MAX_JPEG_SEGMENTS) {
          this.next('jpeg-lead', 1, length - 2);
        } else {
          this.stop();
        }
        break;
      }
      case 'jpeg-frame': {
        const height = b.readUInt16BE(1);
        const width = b.readUInt16BE(3);
        // A height of 0 would be given later by a DNL marker, which browsers do not support: no size.
        if (width > 0 && height > 0) this.report(width, height);
        this.stop();
        break;
      }

      case 'gif-head':
        this.report(b.readUInt16LE(6), b.readUInt16LE(8));
        if (!this.tooLarge) this.next('gif-block', 1, gifColourTable(b[10] ?? 0));
        break;
      case 'gif-block':
        if (b[0] === 0x21)
          this.next('gif-sub-block', 1, 1); // an extension: skip its label
        else if (b[0] === 0x2c) this.next('gif-descriptor', 9);
        else this.stop(); // 0x3B trailer, or something no decoder reads further
        break;
      case 'gif-descriptor':
        this.report(b.readUInt16LE(0) + b.readUInt16LE(4), b.readUInt16LE(2) + b.readUInt16LE(6));
        // The local colour table and the LZW minimum code size come before the data's sub-blocks.
        if (!this.tooLarge) this.next('gif-sub-block', 1, gifColourTable(b[8] ?? 0) + 1);
        break;
      case 'gif-sub-block': {
        const size = b[0] ?? 0;
        if (size === 0) this.next('gif-block', 1);
        else this.next('gif-sub-block', 1, size);
        break;
      }

      case 'done':
        break;
    }
  }
}
