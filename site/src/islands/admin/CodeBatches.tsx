import type { CodeBatch, Job, Plan } from '@ottkit/api-client/contract';
import { codeBatchStart, codeVoid } from '@ottkit/api-client/contract';
import { ConsoleTable } from '@ottkit/ui';
import { type FormEvent, useEffect, useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { Field, SelectField } from './Field.tsx';
import { JobList } from './JobList.tsx';
import { jobRunning } from '../../stores/console/jobs.ts';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConfirm } from './useConfirm.tsx';
import { useConsoleForm } from './useConsoleForm.ts';
import { when } from './when.ts';

const POLL_MS = 700;

/** The batch's codes as CSV, built in the page: they exist only in this answer (the server keeps hashes). */
function downloadCsv(batch: CodeBatch, codes: string[]) {
  const csv = `code,batch,plan\n${codes.map((c) => `${c},${batch.batchId},${batch.planId}`).join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${batch.batchId}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

type Redemption = { accountId: string; who: string; redeemedAt: number };

/** Recharge code batches (issue 18 §5): create, export once, void a batch or a code, see redemptions. */
export function CodeBatches({ lang, t, plans }: { lang: Lang; t: AdminT; plans: Plan[] }) {
  const [batches, setBatches] = useState<CodeBatch[]>();
  const creating = useConsoleForm({ planId: '', count: '100' });
  const { planId, count } = creating.values;
  // The batch being made (a job, decision 0282) and the finished ones whose codes wait to be exported, once.
  const [job, setJob] = useState<Job | null>(null);
  const [pending, setPending] = useState<{ jobId: string; batchId: string; status: Job['status'] }[]>([]);
  const [shown, setShown] = useState<{ batchId: string; list: Redemption[] } | null>(null);
  const voiding = useConsoleForm({ batchId: '', code: '' });
  const voidBatchId = voiding.values.batchId;
  const { busy, outcome, setOutcome, act } = useConsoleAction(t);
  const { confirm, dialog } = useConfirm(t);

  const load = async () => {
    const list = (await consoleApi.operator.codeBatchList({})).batches;
    setBatches(list);
    return list;
  };
  const loadPending = async () => {
    const waiting = (await consoleApi.operator.codeBatchPending({})).pending;
    setPending(waiting);
    return waiting;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once; later loads follow each action
  useEffect(() => {
    void act(async () => {
      await load();
      // After a reload: a batch still being made is followed again.
      const running = (await loadPending()).find((p) => p.status !== 'succeeded');
      if (running) setJob((await consoleApi.operator.jobGet({ jobId: running.jobId })).job);
    });
  }, []);

  // While a batch is being made, its progress is polled from the server.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the job it was started for
  useEffect(() => {
    if (!job || !jobRunning(job)) return;
    const timer = setInterval(() => {
      consoleApi.operator.jobGet({ jobId: job.jobId }).then(
        async ({ job: j }) => {
          setJob(j);
          if (jobRunning(j)) return;
          const list = await load();
          await loadPending();
          const made = list.find((b) => b.batchId === j.target);
          if (j.status === 'succeeded' && made) {
            setOutcome({
              ok: true,
              text: t('admin.codes.created', { count: made.total, batch: made.batchId }),
            });
          }
        },
        () => undefined,
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [job]);

  const exportCodes = (jobId: string) =>
    act(async () => {
      const made = await consoleApi.operator.codeBatchTake({ jobId });
      downloadCsv(made.batch, made.codes);
      await loadPending();
    });

  const create = (e: FormEvent) => {
    e.preventDefault();
    const input = { planId, count: count.trim() === '' ? undefined : Number(count) };
    const words = (k: string) => t(k === 'planId' ? 'admin.subscribers.pickPlan' : 'admin.codes.countError');
    if (!creating.check(codeBatchStart, input, words)) return;
    void act(async () => {
      const started = await consoleApi.operator.codeBatchStart(codeBatchStart.request.parse(input));
      setJob(started.job);
      await loadPending();
    });
  };

  const redemptions = (batchId: string) =>
    act(async () => {
      setShown({ batchId, list: (await consoleApi.operator.codeRedemptions({ batchId })).redemptions });
    });

  const voidAll = async (b: CodeBatch) => {
    if (!(await confirm(t('admin.codes.voidBatchConfirm', { batch: b.batchId })))) return;
    void act(async () => {
      const r = await consoleApi.operator.codeVoid({ batchId: b.batchId });
      await load();
      return t('admin.codes.voidedNow', { count: r.voided });
    });
  };

  const voidOne = async (e: FormEvent) => {
    e.preventDefault();
    const input = { batchId: voidBatchId, code: voiding.values.code.replace(/\D/g, '') };
    const words = (k: string) => t(k === 'code' ? 'admin.codes.codeError' : 'admin.error.required');
    if (!voiding.check(codeVoid, input, words)) return;
    const asked = t('admin.codes.voidCodeConfirm', { last: input.code.slice(-4), batch: input.batchId });
    if (!(await confirm(asked))) return;
    void act(async () => {
      const r = await consoleApi.operator.codeVoid(input);
      voiding.setValues((v) => ({ ...v, code: '' }));
      await load();
      return t('admin.codes.voidedNow', { count: r.voided });
    });
  };

  return (
    <section className="console-card" aria-labelledby="codes-title" data-testid="code-batches">
      <h2 id="codes-title">{t('admin.codes.title')}</h2>
      <form className="console-form" onSubmit={create} noValidate aria-labelledby="codes-create">
        <h3 id="codes-create">{t('admin.codes.create')}</h3>
        <div className="console-row">
          <SelectField label={t('admin.codes.plan')} {...creating.bind('planId')}>
            <option value="">{t('admin.subscribers.pickPlan')}</option>
            {plans.map((p) => (
              <option key={p.planId} value={p.planId}>
                {p.planLang.find((l) => l.lang === lang)?.planName ?? p.planId} ({p.durationDays} d)
              </option>
            ))}
          </SelectField>
          <Field
            label={t('admin.codes.count')}
            type="number"
            min={1}
            inputMode="numeric"
            {...creating.bind('count')}
          />
          <button type="submit" className="console-button" disabled={busy}>
            {t('admin.codes.createButton')}
          </button>
        </div>
      </form>
      <Outcome outcome={outcome} />
      {job && (
        <div data-testid="code-job">
          <JobList jobs={[job]} t={t} />
        </div>
      )}
      {pending
        .filter((p) => p.status === 'succeeded')
        .map((p) => (
          <button
            key={p.jobId}
            type="button"
            className="console-button"
            disabled={busy}
            onClick={() => void exportCodes(p.jobId)}
          >
            {t('admin.codes.export', {
              count: batches?.find((b) => b.batchId === p.batchId)?.total ?? 0,
            })}
          </button>
        ))}
      <ConsoleTable
        labelledBy="codes-title"
        rows={batches}
        rowKey={(b) => b.batchId}
        rowData={(b) => ({ 'data-batch': b.batchId })}
        empty={t('admin.codes.none')}
        loading={t('admin.loading')}
        columns={[
          { header: t('admin.codes.batch'), cell: (b) => b.batchId },
          { header: t('admin.codes.plan'), cell: (b) => b.planId },
          { header: t('admin.codes.createdAt'), cell: (b) => when(b.createdAt, lang) },
          { header: t('admin.codes.total'), cell: (b) => b.total },
          { header: t('admin.codes.redeemed'), cell: (b) => b.redeemed },
          { header: t('admin.codes.voided'), cell: (b) => b.voided },
        ]}
        actionsHeader={t('admin.codes.redemptions')}
        actions={(b) => [
          { label: t('admin.codes.redemptions'), onClick: () => void redemptions(b.batchId) },
          {
            label: t('admin.codes.voidBatch'),
            disabled: busy || b.redeemed + b.voided >= b.total,
            onClick: () => voidAll(b),
          },
        ]}
      />
      {shown && (
        <div data-testid="redemptions">
          <h3 id="redemptions-title">{t('admin.codes.redemptionsOf', { batch: shown.batchId })}</h3>
          <ConsoleTable
            labelledBy="redemptions-title"
            rows={shown.list}
            rowKey={(r) => `${r.accountId}-${r.redeemedAt}`}
            empty={t('admin.codes.noRedemptions')}
            columns={[
              { header: t('admin.codes.who'), cell: (r) => r.who },
              { header: t('admin.codes.when'), cell: (r) => when(r.redeemedAt, lang) },
            ]}
          />
        </div>
      )}
      {batches && batches.length > 0 && (
        <form className="console-form" onSubmit={voidOne} noValidate aria-labelledby="codes-void">
          <h3 id="codes-void">{t('admin.codes.voidCode')}</h3>
          <div className="console-row">
            <SelectField label={t('admin.codes.batch')} {...voiding.bind('batchId')}>
              <option value="">—</option>
              {batches.map((b) => (
                <option key={b.batchId}>{b.batchId}</option>
              ))}
            </SelectField>
            <Field
              label={t('admin.codes.code', { batch: voidBatchId || '…' })}
              inputMode="numeric"
              autoComplete="off"
              {...voiding.bind('code')}
            />
            <button type="submit" className="console-button secondary" disabled={busy}>
              {t('admin.codes.voidCodeButton')}
            </button>
          </div>
        </form>
      )}
      {dialog}
    </section>
  );
}
