import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";

// Backups encrypted at rest (docs/decisions/225-backups-leave-the-machine.md): AES-256-GCM through node:crypto
// in fixed-size chunks, each sealed on its own, so a file of hundreds of megabytes is never held in memory
// and a changed, cut or reordered file is refused.
//
// The file: a header, then the chunks.
//   header (32 bytes): "BWPBAK01" | chunk size (u32, big-endian) | file nonce (8 random bytes) |
//                      key check (12 bytes: HMAC-SHA256(key, "bwp-backup-key-check"), cut)
//   chunk i:           AES-256-GCM(key, nonce = file nonce | i (u32, big-endian), plaintext of `chunk size`
//                      bytes, associated data = header | final flag (1 byte)) then its 16-byte tag.
// Every chunk holds exactly `chunk size` bytes but the last, which holds fewer (possibly none) and is sealed
// with the final flag 1: a file cut at a chunk's end ends on a full chunk and is refused as cut short, and the
// flag binds "this is the last chunk" into the last one's tag (a full chunk read as the last fails).
// The header is in every chunk's associated data: a changed header fails too. The key check tells a wrong
// key from a damaged file before any chunk is opened.

const MAGIC = Buffer.from("BWPBAK01", "ascii");
const HEADER_BYTES = 32;
const TAG_BYTES = 16;
/** Plaintext bytes per chunk: 1 MiB. */
export const SEAL_CHUNK_BYTES = 1 << 20;

export class SealRefused extends Error {
  constructor(
    message: string,
    readonly reason: "wrong-key" | "damaged" | "not-sealed",
  ) {
    super(message);
    this.name = "SealRefused";
  }
}

function keyCheck(key: Buffer): Buffer {
  return createHmac("sha256", key).update("bwp-backup-key-check").digest().subarray(0, 12);
}

function nonceOf(fileNonce: Buffer, counter: number): Buffer {
  const nonce = Buffer.alloc(12);
  fileNonce.copy(nonce, 0);
  nonce.writeUInt32BE(counter, 8);
  return nonce;
}

function associated(header: Buffer, final: boolean): Buffer {
  return Buffer.concat([header, Buffer.from([final ? 1 : 0])]);
}

/** Reads up to `length` bytes at `position` (short only at the end of the file). */
async function readAt(
  handle: Awaited<ReturnType<typeof open>>,
  buffer: Buffer,
  length: number,
  position: number,
): Promise<number> {
  let got = 0;
  while (got < length) {
    const { bytesRead } = await handle.read(buffer, got, length - got, position + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return got;
}

/** Encrypts `source` into `target` (written as `<target>.partial`, renamed when complete). */
export async function sealFile(
  source: string,
  target: string,
  key: Buffer,
  chunkBytes = SEAL_CHUNK_BYTES,
): Promise<{ bytes: number }> {
  if (key.length !== 32) throw new Error("the backup key must be 32 bytes");
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header, 0);
  header.writeUInt32BE(chunkBytes, 8);
  const fileNonce = randomBytes(8);
  fileNonce.copy(header, 12);
  keyCheck(key).copy(header, 20);
  const partial = `${target}.partial`;
  const input = await open(source, "r");
  const output = await open(partial, "w");
  let written = 0;
  try {
    await output.write(header);
    written += header.length;
    const plain = Buffer.alloc(chunkBytes);
    for (let counter = 0, position = 0; ; counter++) {
      if (counter > 0xffffffff) throw new Error("the backup is too large for one sealed file");
      const got = await readAt(input, plain, chunkBytes, position);
      position += got;
      const final = got < chunkBytes;
      const cipher = createCipheriv("aes-256-gcm", key, nonceOf(fileNonce, counter));
      cipher.setAAD(associated(header, final));
      const sealed = Buffer.concat([cipher.update(plain.subarray(0, got)), cipher.final(), cipher.getAuthTag()]);
      await output.write(sealed);
      written += sealed.length;
      if (final) break;
    }
    await output.sync();
  } catch (error) {
    await output.close();
    await input.close();
    await rm(partial, { force: true });
    throw error;
  }
  await output.close();
  await input.close();
  await rename(partial, target);
  return { bytes: written };
}

/**
 * Decrypts `source` into `target`: the plaintext goes to `<target>.partial`, renamed only after every
 * chunk was verified (a refused file leaves no target). Throws SealRefused naming what is wrong.
 */
export async function openSealedFile(source: string, target: string, key: Buffer): Promise<{ bytes: number }> {
  const input = await open(source, "r");
  const partial = `${target}.partial`;
  let output: Awaited<ReturnType<typeof open>> | undefined;
  let bytes = 0;
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    if ((await readAt(input, header, HEADER_BYTES, 0)) < HEADER_BYTES || !header.subarray(0, 8).equals(MAGIC))
      throw new SealRefused("the file is not an encrypted backup of this site (no BWPBAK01 header)", "not-sealed");
    const chunkBytes = header.readUInt32BE(8);
    if (chunkBytes < 1 || chunkBytes > 64 << 20)
      throw new SealRefused("the backup's header is damaged (chunk size)", "damaged");
    if (!timingSafeEqual(header.subarray(20, 32), keyCheck(key)))
      throw new SealRefused(
        "the backup was encrypted with another key than BACKUP_ENCRYPTION_KEY: set the key it was made with",
        "wrong-key",
      );
    const fileNonce = header.subarray(12, 20);
    output = await open(partial, "w");
    const record = Buffer.alloc(chunkBytes + TAG_BYTES);
    let position = HEADER_BYTES;
    for (let counter = 0; ; counter++) {
      const got = await readAt(input, record, record.length, position);
      position += got;
      const final = got < record.length;
      if (got < TAG_BYTES)
        throw new SealRefused(`the backup is cut short (chunk ${counter} is missing or incomplete)`, "damaged");
      const decipher = createDecipheriv("aes-256-gcm", key, nonceOf(fileNonce, counter));
      decipher.setAAD(associated(header, final));
      decipher.setAuthTag(record.subarray(got - TAG_BYTES, got));
      let plain: Buffer;
      try {
        plain = Buffer.concat([decipher.update(record.subarray(0, got - TAG_BYTES)), decipher.final()]);
      } catch {
        throw new SealRefused(
          `the backup was changed or cut short: chunk ${counter} fails its authentication, nothing was restored`,
          "damaged",
        );
      }
      await output.write(plain);
      bytes += plain.length;
      if (final) break;
    }
    await output.sync();
    await output.close();
    output = undefined;
    await rename(partial, target);
    return { bytes };
  } catch (error) {
    await output?.close();
    await rm(partial, { force: true });
    throw error;
  } finally {
    await input.close();
  }
}
