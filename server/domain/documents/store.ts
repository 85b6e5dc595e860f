/**
 * Where the bytes of the instruments' documents are kept, behind one small interface: files under
 * DATA_DIR/documents by default (in the embedded database's backups, which copy DATA_DIR whole), or
 * an S3-compatible object store when S3_URL is set, for several servers sharing one PostgreSQL.
 * The database names each file by its key (documents.storage_key, thumbnail_key); the store knows
 * nothing else about it.
 */
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config, S3Config } from '../../config.ts';

export interface DocumentStore {
  /** 'files' (DATA_DIR/documents) or 's3'. */
  readonly kind: 'files' | 's3';
  /** Stores the bytes under `key`, replacing nothing half-way: a reader sees all of them or none. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes as a stream; `DocumentFileMissing` when there are none under `key`. */
  get(key: string): Promise<Readable>;
  /** Removes the bytes; a key with none is not an error. */
  delete(key: string): Promise<void>;
  deleteMany(keys: readonly string[]): Promise<void>;
}

export class DocumentFileMissing extends Error {
  constructor(key: string) {
    super(`Dokumentfilen ${key} finnes ikke i lageret.`);
    this.name = 'DocumentFileMissing';
  }
}

/** A key is a random id with the file's ending (documents.ts makes them); nothing else reaches a path or an object name. */
export const DOCUMENT_KEY = /^[a-z0-9][a-z0-9-]{7,80}\.(jpg|pdf)$/;

export function assertKey(key: string): void {
  if (!DOCUMENT_KEY.test(key)) throw new Error(`Ugyldig nøkkel for et dokument: ${JSON.stringify(key)}`);
}

/** A file being written ends in this until it is complete; the backup leaves such files out. */
export const PARTIAL_SUFFIX = '.partial';

/**
 * Files under `root`, one directory per first two letters of the key (so no directory grows to
 * hundreds of thousands of entries). Each file is written aside, flushed and renamed into place.
 */
export function fileDocumentStore(root: string): DocumentStore {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, key.slice(0, 2), key);
  };
  const remove = (key: string) => rm(fileOf(key), { force: true });
  return {
    kind: 'files',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const partial = `${file}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`;
      try {
        const handle = await open(partial, 'wx', 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        const handle = await open(fileOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new DocumentFileMissing(key);
        throw error;
      }
    },
    delete: remove,
    async deleteMany(keys) {
      for (const key of keys) await remove(key);
    },
  };
}

/** The S3 client, loaded with the first use of an S3 store (a server with files never loads it). */
let s3Sdk: Promise<typeof import('@aws-sdk/client-s3')> | undefined;
const loadS3 = () =>
  (s3Sdk ??= import('@aws-sdk/client-s3').catch((error: unknown) => {
    s3Sdk = undefined;
    throw error;
  }));

/** S3 answers a missing object with 404 NoSuchKey (some servers with NotFound). */
const missing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/**
 * Objects in one bucket of an S3-compatible store, addressed by path (S3_URL/bucket/key), as MinIO,
 * Ceph and most other S3 servers expect. Checksums only where the API requires them: the SDK's
 * newer default (a CRC32 on every upload) is not understood by all S3-compatible servers.
 */
export function s3DocumentStore(settings: S3Config): DocumentStore {
  let client: Promise<import('@aws-sdk/client-s3').S3Client> | undefined;
  const connect = () =>
    (client ??= loadS3().then(
      ({ S3Client }) =>
        new S3Client({
          endpoint: settings.url,
          region: settings.region,
          forcePathStyle: true,
          credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          maxAttempts: 3,
          requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
        }),
    ));
  const remove = async (key: string) => {
    assertKey(key);
    const [sdk, s3] = await Promise.all([loadS3(), connect()]);
    try {
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    } catch (error) {
      if (!missing(error)) throw error;
    }
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertKey(key);
      const [sdk, s3] = await Promise.all([loadS3(), connect()]);
      await s3.send(new sdk.PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async get(key) {
      assertKey(key);
      const [sdk, s3] = await Promise.all([loadS3(), connect()]);
      try {
        const answer = await s3.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        return answer.Body as Readable;
      } catch (error) {
        if (missing(error)) throw new DocumentFileMissing(key);
        throw error;
      }
    },
    delete: remove,
    // One request per object: DeleteObjects needs a Content-MD5 that not every S3-compatible server
    // checks alike, and erasing a member removes a few dozen objects at most.
    async deleteMany(keys) {
      for (const key of keys) await remove(key);
    },
  };
}

/** The directory of the file store: DATA_DIR/documents. */
export const documentsDir = (dataDir: string) => path.join(dataDir, 'documents');

/** The store the settings name: S3 with S3_URL, otherwise files in DATA_DIR/documents. */
export function documentStoreFor(config: Pick<Config, 'dataDir' | 's3'>): DocumentStore {
  return config.s3 ? s3DocumentStore(config.s3) : fileDocumentStore(documentsDir(config.dataDir));
}

/** All of a stream's bytes (a document is at most 25 MB). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
