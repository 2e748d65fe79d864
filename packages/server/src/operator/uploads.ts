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
import { query, type Statements, transactionally } from '../store/kysely/transactionally.ts';

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

/** The title's newest upload, on the asynchronous store. */
export const latestUploadNow = (db: Db, metaId: string) =>
  db.kysely
    .selectFrom('title_uploads')
    .selectAll()
    .where('meta_id', '=', metaId)
    .orderBy('created_at', 'desc')
    .orderBy('upload_id')
    .limit(1)
    .executeTakeFirst();

/** An upload by its id, on the asynchronous store. */
export const uploadNow = (db: Db, uploadId: string) =>
  db.kysely.selectFrom('title_uploads').selectAll().where('upload_id', '=', uploadId).executeTakeFirst();

/**
 * The upload of this very file (same name, size and modification time) to the title when there is one, so it
 * continues; otherwise a new one, and the title's earlier uploads are dropped (their bytes by `dropUploads`, once
 * the transaction committed). Inside a transaction of the asynchronous store (decision 0441).
 */
export function* startUploadSteps(
  db: Db,
  f: { metaId: string; fileName: string; size: number; lastModified: number },
  createdBy: string,
  now: number,
): Statements<{ upload: UploadRow; dropped: string[] }> {
  const k = db.kysely;
  const fingerprint = `${f.fileName}\n${f.size}\n${f.lastModified}`;
  const earlier = (yield* query(
    k
      .selectFrom('title_uploads')
      .selectAll()
      .where('meta_id', '=', f.metaId)
      .orderBy('created_at', 'desc')
      .compile(),
  )).rows;
  const same = earlier.find((u) => u.fingerprint === fingerprint);
  if (same) return { upload: same, dropped: [] };
  yield* query(k.deleteFrom('title_uploads').where('meta_id', '=', f.metaId).compile());
  const upload = {
    upload_id: `upl-${randomBytes(8).toString('hex')}`,
    meta_id: f.metaId,
    file_name: f.fileName,
    size: f.size,
    fingerprint,
    created_by: createdBy,
    created_at: now,
  };
  yield* query(k.insertInto('title_uploads').values(upload).compile());
  return { upload, dropped: earlier.map((u) => u.upload_id) };
}

/** The bytes of uploads a new one replaced. */
export function dropUploads(dataDir: string, uploadIds: string[]): void {
  for (const id of uploadIds) rmSync(uploadFile(dataDir, id), { force: true });
}

/** `startUploadSteps` as a transaction of its own, its replaced bytes dropped after (tests' uploads). */
export async function startUpload(
  db: Db,
  dataDir: string,
  f: { metaId: string; fileName: string; size: number; lastModified: number },
  createdBy: string,
  now: number,
): Promise<UploadRow> {
  const { upload, dropped } = await transactionally(db, () => startUploadSteps(db, f, createdBy, now));
  dropUploads(dataDir, dropped);
  return upload;
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
