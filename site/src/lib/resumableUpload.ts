import { ApiError, NetworkError, ServerError, TimeoutError } from '@ottkit/api-client';
import {
  type ConsoleTitle,
  isVideoFile,
  type Job,
  MAX_UPLOAD_BYTES,
  OperatorErrCode,
  titleUploadChunk,
} from '@ottkit/api-client/contract';
import { consoleApi } from './console.ts';

type Upload = NonNullable<ConsoleTitle['upload']>;

/** 4 MiB a request: a slice of the File is sent as is, so the page never holds the file in memory. */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024;
const RETRIES = 5;

/** The size and type rules of the upload call's schema, checked before anything is sent. */
export const acceptableVideo = (f: File) =>
  f.size > 0 && f.size <= MAX_UPLOAD_BYTES && isVideoFile(f.name, f.type);

export interface UploadEvents {
  /** The server's offset after each chunk (and once before the first, when it continues an earlier upload). */
  progress(received: number, size: number): void;
  resumed(received: number): void;
  retrying(): void;
}

/** The chunk goes through the typed client: the upload's fields in the query, the File's slice as the body. */
function sendChunk(file: File, upload: Upload): Promise<{ upload: Upload; job?: Job }> {
  return consoleApi.call(
    titleUploadChunk,
    { uploadId: upload.uploadId, offset: upload.received },
    { body: file.slice(upload.received, upload.received + UPLOAD_CHUNK_BYTES) },
  );
}

/**
 * Uploads `file` to a title resumably: the server answers how much of this file (same name, size and
 * modification time) it already holds, and chunks continue from there. A dropped connection or a chunk the
 * server placed elsewhere asks the server's offset again and continues; a refusal (type, size, role) stops.
 * Answers the transcode job the last chunk started.
 */
export async function uploadTitleVideo(
  metaId: string,
  file: File,
  on: UploadEvents,
): Promise<Job | undefined> {
  const start = () =>
    consoleApi.operator.titleUploadStart({
      metaId,
      fileName: file.name,
      size: file.size,
      type: file.type,
      lastModified: Math.max(0, Math.floor(file.lastModified)),
    });
  let { upload } = await start();
  if (upload.received > 0) on.resumed(upload.received);
  on.progress(upload.received, file.size);
  let failures = 0;
  while (upload.status !== 'uploaded') {
    try {
      const answer = await sendChunk(file, upload);
      upload = answer.upload;
      failures = 0;
      on.progress(upload.received, file.size);
      if (answer.job) return answer.job;
    } catch (e) {
      const transient = e instanceof NetworkError || e instanceof TimeoutError || e instanceof ServerError;
      const offsetMoved =
        e instanceof ApiError &&
        (e.errCode === OperatorErrCode.UPLOAD_OFFSET || e.errCode === OperatorErrCode.UPLOAD_BUSY);
      // A refusal in words (not a video, too large, signed out) is not retried.
      if (!transient && !offsetMoved) throw e;
      failures += 1;
      if (failures > RETRIES) throw e;
      on.retrying();
      await new Promise((r) => setTimeout(r, 1000 * failures));
      upload = (await start()).upload;
      on.progress(upload.received, file.size);
    }
  }
  return undefined;
}
