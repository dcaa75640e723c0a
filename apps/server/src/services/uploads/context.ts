import type { FileStorage } from '../../adapters/storage/storage';
import type { Db } from '../../db/database';

/**
 * The bytes an upload in progress holds against the quotas of its account and its address, from
 * before its body is read until it is stored or refused (docs/decisions.md, uploads).
 */
export interface UploadHold {
  id: string;
  orgId: string;
  userId: string;
  address: string;
  bytes: number;
}

/** A file received into a temporary file, not yet checked nor stored. */
export interface ReceivedFile {
  name: string;
  path: string;
  size: number;
}

/** How much one account may upload in an hour (UPLOADS_PER_HOUR, UPLOAD_BYTES_PER_HOUR). */
export interface UploadQuota {
  perHour: number;
  bytesPerHour: number;
  /**
   * The bytes all accounts of an organisation may upload from one client address in an hour
   * (UPLOAD_BYTES_PER_ADDRESS_PER_HOUR): self sign-up cannot multiply the account's quota.
   */
  bytesPerAddressPerHour: number;
}

/** What the upload use cases share. */
export interface UploadsContext {
  db: Db;
  storage: FileStorage;
  maxBytes: number;
  /** Where files are received before they are checked (a folder no one serves). */
  incomingDir: string;
  quota: UploadQuota;
}
