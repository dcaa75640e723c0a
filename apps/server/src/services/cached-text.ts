import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Compressed once and sent many times, so brotli's best quality and gzip's best level. */
const BEST_BROTLI = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: 1 },
};

/**
 * Text serialised once and sent many times (a cached API answer), with its compressed forms
 * made on first use (off the event loop, in libuv's pool) and kept beside it.
 */
export class CachedText {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  /** The compressed forms already made, to send at once. */
  private readonly made = new Map<Encoding, Buffer>();

  constructor(readonly text: string) {}

  encode(encoding: Encoding): Promise<Buffer> {
    let done = this.encoded.get(encoding);
    if (!done) {
      done = encoding === 'br' ? brotli(this.text, BEST_BROTLI) : gzip(this.text, { level: 9 });
      this.encoded.set(encoding, done);
      done.then(
        (body) => this.made.set(encoding, body),
        () => this.encoded.delete(encoding),
      );
    }
    return done;
  }

  /** The compressed form if it is made already, else undefined (then `encode`). */
  encodedNow(encoding: Encoding): Buffer | undefined {
    return this.made.get(encoding);
  }
}
