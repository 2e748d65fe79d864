import type { ConsoleTitle, Job } from '@ottkit/api-client/contract';
import { useEffect, useId, useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { consoleApi } from '../../lib/console.ts';
import { acceptableVideo, uploadTitleVideo } from '../../lib/resumableUpload.ts';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { JobState } from './JobList.tsx';
import { useConfirm } from './useConfirm.tsx';

const POLL_MS = 700;
const running = (j?: Job) => j?.status === 'queued' || j?.status === 'running';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * A title's video: pick a file and upload it resumably with a progress bar, then follow the transcode job
 * (read from the server, so a reload shows the same progress), then publish with a confirmation.
 */
export function TitleVideo({
  t,
  title,
  canEdit,
  ready,
  onChange,
}: {
  t: AdminT;
  title: ConsoleTitle;
  canEdit: boolean;
  ready: boolean;
  onChange: (title: ConsoleTitle) => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [sent, setSent] = useState<{ received: number; size: number } | null>(null);
  const [note, setNote] = useState('');
  // Where this upload continued from stays said after it finishes: a short rest may end within a moment.
  const [resumedFrom, setResumedFrom] = useState('');
  const { busy, outcome, act } = useConsoleAction(t);
  const { confirm, dialog } = useConfirm(t);
  const job = title.job;
  const upload = title.upload;

  // While the transcode runs its progress is polled from the server.
  useEffect(() => {
    if (!running(job)) return;
    const timer = setInterval(() => {
      consoleApi.operator.titleGet({ metaId: title.metaId }).then(
        (r) => onChange(r.title),
        () => undefined,
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [job, title.metaId, onChange]);

  const startUpload = () =>
    act(async () => {
      if (!file || !acceptableVideo(file)) {
        setFileError(t('admin.titles.error.file'));
        return;
      }
      setFileError('');
      setNote('');
      setResumedFrom('');
      await uploadTitleVideo(title.metaId, file, {
        progress: (received, size) => setSent({ received, size }),
        resumed: (received) => setResumedFrom(t('admin.titles.resuming', { received: mb(received) })),
        retrying: () => setNote(t('admin.titles.retrying')),
      });
      setNote(t('admin.titles.uploadDone', { name: file.name }));
      onChange((await consoleApi.operator.titleGet({ metaId: title.metaId })).title);
    });

  const progress = sent ?? (upload ? { received: upload.received, size: upload.size } : null);
  const transcodeFailed = job?.status === 'failed';

  return (
    <section className="console-card" aria-labelledby={`${id}-video`}>
      <h2 id={`${id}-video`}>{t('admin.titles.video')}</h2>
      {canEdit && (
        <div className="console-form">
          <div className="console-field">
            <label htmlFor={`${id}-file`}>{t('admin.titles.file')}</label>
            <input
              id={`${id}-file`}
              type="file"
              accept="video/*,.mkv,.ts,.m4v"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`${id}-hint${fileError ? ` ${id}-error` : ''}`}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFileError('');
              }}
            />
            <p id={`${id}-hint`} className="console-hint">
              {t('admin.titles.fileHint')}
            </p>
            {fileError && (
              <p id={`${id}-error`} className="console-error" role="alert">
                {fileError}
              </p>
            )}
          </div>
          <button
            type="button"
            className="console-button"
            disabled={busy || !ready || !file}
            onClick={() => void startUpload()}
          >
            {t('admin.titles.upload')}
          </button>
        </div>
      )}
      {progress && (
        <div data-testid="upload">
          <progress
            className="console-progress"
            max={progress.size}
            value={progress.received}
            aria-label={t('admin.titles.uploadProgress')}
          />
          <p>{t('admin.titles.uploaded', { received: mb(progress.received), total: mb(progress.size) })}</p>
        </div>
      )}
      {resumedFrom && <p role="status">{resumedFrom}</p>}
      {note && <p role="status">{note}</p>}
      {job && (
        <div data-testid="transcode" data-status={job.status}>
          <progress
            className="console-progress"
            max={100}
            value={job.progress}
            aria-label={t('admin.titles.transcode')}
          />
          <p role="status">
            <JobState job={job} t={t} />
          </p>
        </div>
      )}
      {title.remoteVideo && (
        <p data-testid="remote-video">
          {t('admin.titles.remoteVideo')} <code className="console-path">{title.remoteVideo}</code>
        </p>
      )}
      {!job && !upload && !title.remoteVideo && <p>{t('admin.titles.noVideo')}</p>}
      {title.assetId && !running(job) && <p>{t('admin.titles.ready', { duration: title.durationSec })}</p>}
      {canEdit && (
        <div className="console-row">
          {upload?.status === 'uploaded' && (transcodeFailed || !job) && (
            <button
              type="button"
              className="console-button secondary"
              disabled={busy || !ready}
              onClick={() =>
                void act(async () => {
                  await consoleApi.operator.titleTranscode({ metaId: title.metaId });
                  onChange((await consoleApi.operator.titleGet({ metaId: title.metaId })).title);
                })
              }
            >
              {t(job ? 'admin.titles.transcodeAgain' : 'admin.titles.transcode')}
            </button>
          )}
          <button
            type="button"
            className="console-button"
            disabled={busy || !ready || !title.assetId || running(job)}
            aria-describedby={title.assetId ? undefined : `${id}-needs`}
            onClick={async () => {
              const name = title.texts.en?.title ?? title.metaId;
              if (
                !(await confirm(t('admin.titles.publishConfirm', { title: name }), t('admin.titles.publish')))
              )
                return;
              void act(async () => {
                onChange((await consoleApi.operator.titlePublish({ metaId: title.metaId })).title);
                return t('admin.titles.published');
              });
            }}
          >
            {t('admin.titles.publish')}
          </button>
          {!title.assetId && (
            <span id={`${id}-needs`} className="console-hint">
              {t('admin.titles.publishNeedsVideo')}
            </span>
          )}
        </div>
      )}
      <Outcome outcome={outcome} />
      {dialog}
    </section>
  );
}
