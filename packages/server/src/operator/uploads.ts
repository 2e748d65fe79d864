import type { Selectable } from 'kysely';
import type { TitleUploadsTable } from '../store/kysely/schema.generated.ts';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { z } from 'zod';
import type { titleUploadSchema } from '@ottkit/api-client/contract';
import type { Db } from '../store/db.ts';

/**
 * Resumable uploads of a title's video (decision 0235). The server's copy is one file the chunks are appended
 * to in order; how much it holds is that file's size, so after a network drop or a reload the client asks and
 * continues from there. Bytes are streamed to disk as they arrive: no side holds a chunk, let alone a file.
 */
export type UploadRow = Selectable<TitleUploadsTable>;

/** Uploads in progress, under the data folder. */
export const UPLOADS_DIR = 'uploads';
export const uploadsDir = (dataDir: string) => join(dataDir, UPLOADS_DIR);
export const uploadFile = (dataDir: string, uploadId: string) =>
  join(uploadsDir(dataDir), `${uploadId}.part`);

/** Bytes of the upload the server holds (0 before the first chunk). */
export function receivedBytes(dataDir: string, uploadId: string): number {
  try {
    return statSync(uploadFile(dataDir, uploadId)).size;
  } catch {
    return 0;
  }
}

export function publicUpload(dataDir: string, u: UploadRow): z.output<typeof titleUploadSchema> {
  const received = receivedBytes(dataDir, u.upload_id);
  return {
    uploadId: u.upload_id,
    fileName: u.file_name,
    size: u.size,
    received,
    status: received >= u.size ? 'uploaded' : 'uploading',
  };
}

export const latestUpload = (db: Db, metaId: string) =>
  db.get<UploadRow>(
    'SELECT * FROM title_uploads WHERE meta_id = ? ORDER BY created_at DESC, upload_id LIMIT 1',
    metaId,
  );

export const getUpload = (db: Db, uploadId: string) =>
  db.get<UploadRow>('SELECT * FROM title_uploads WHERE upload_id = ?', uploadId);

/**
 * The upload of this very file (same name, size and modification time) to the title when there is one, so it
 * continues; otherwise a new one, and the title's earlier uploads are dropped with their bytes.
 */
export function startUpload(
  db: Db,
  dataDir: string,
  f: { metaId: string; fileName: string; size: number; lastModified: number },
  createdBy: string,
  now: number,
): UploadRow {
  const fingerprint = `${f.fileName}\n${f.size}\n${f.lastModified}`;
  const same = db.get<UploadRow>(
    'SELECT * FROM title_uploads WHERE meta_id = ? AND fingerprint = ? ORDER BY created_at DESC LIMIT 1',
    f.metaId,
    fingerprint,
  );
  if (same) return same;
  for (const old of db.all<UploadRow>('SELECT * FROM title_uploads WHERE meta_id = ?', f.metaId)) {
    rmSync(uploadFile(dataDir, old.upload_id), { force: true });
  }
  db.run('DELETE FROM title_uploads WHERE meta_id = ?', f.metaId);
  const uploadId = `upl-${randomBytes(8).toString('hex')}`;
  db.run(
    `INSERT INTO title_uploads (upload_id, meta_id, file_name, size, fingerprint, created_by, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    uploadId,
    f.metaId,
    f.fileName,
    f.size,
    fingerprint,
    createdBy,
    now,
  );
  return getUpload(db, uploadId) as UploadRow;
}

/** Thrown when a body brings more than the chunk limit or the file's declared size. */
export class TooManyBytes extends Error {}

/**
 * Appends the request body to the upload, never beyond `limit` bytes. Whatever arrived before a dropped
 * connection stays: it is in order, and the next chunk starts after it.
 */
export async function appendChunk(
  req: IncomingMessage,
  dataDir: string,
  uploadId: string,
  limit: number,
): Promise<void> {
  mkdirSync(uploadsDir(dataDir), { recursive: true });
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > limit) return done(new TooManyBytes(`more than ${limit} bytes`));
      done(null, chunk);
    },
  });
  await pipeline(req, cap, createWriteStream(uploadFile(dataDir, uploadId), { flags: 'a' }));
}
