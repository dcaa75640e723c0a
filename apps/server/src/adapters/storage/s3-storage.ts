import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { FileStorage, StoredObject } from './storage';

export interface S3Options {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/**
 * Uploaded files in an S3-compatible bucket (STORAGE=s3): every server process reads and writes
 * the same files. The browser still fetches them from the portal (`/uploads/{key}`), which
 * streams them with the same headers as the local folder's.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;

  constructor(
    private readonly options: S3Options,
    private readonly publicPrefix = '/uploads',
  ) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint && { endpoint: options.endpoint }),
      forcePathStyle: options.forcePathStyle,
      // Checksums only where S3 requires them: S3-compatible servers do not all take the
      // streamed (aws-chunked) checksums the SDK would otherwise add to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.accessKeyId &&
        options.secretAccessKey && {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }),
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<{ url: string }> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
      }),
    );
    return { url: `${this.publicPrefix}/${key}` };
  }

  async putFile(
    key: string,
    filePath: string,
    contentType: string,
    size: number,
  ): Promise<{ url: string }> {
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.options.bucket,
          Key: key,
          Body: fs.createReadStream(filePath),
          ContentType: contentType,
          ContentLength: size,
        }),
      );
    } finally {
      await fs.promises.rm(filePath, { force: true });
    }
    return { url: `${this.publicPrefix}/${key}` };
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: key }),
      );
      if (!answer.Body) return null;
      return {
        body: answer.Body as Readable,
        size: Number(answer.ContentLength ?? 0),
        contentType: answer.ContentType ?? 'application/octet-stream',
        ...(answer.ETag && { etag: answer.ETag }),
        ...(answer.LastModified && { lastModified: answer.LastModified }),
      };
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}
