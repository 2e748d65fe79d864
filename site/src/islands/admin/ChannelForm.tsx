import {
  type ConsoleCategory,
  type ConsoleChannel,
  channelRuleSchema,
  LOGO_MAX_BYTES,
  lineupChannelSave,
} from '@ottkit/api-client/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { AdminKey, AdminT } from '../../i18n/admin.ts';
import { consoleApi } from '../../lib/console.ts';
import { Field } from './Field.tsx';
import { base64Of } from './base64Of.ts';
import { useConsoleForm } from './useConsoleForm.ts';

type Rule = ConsoleChannel['rules'][number];

/** The console's words for each field the contract's schema refuses. */
const FIELD_WORDS: Record<string, AdminKey> = {
  name: 'admin.error.lineupName',
  number: 'admin.error.number',
  productId: 'admin.error.plan',
  logo: 'admin.error.logo',
};

/**
 * Adds or edits a channel: name, number, categories, plan, access rules (ip, mac, region) and a logo upload.
 * Validated with the call's schema before sending; the server checks the same schema.
 */
export function ChannelForm({
  t,
  channel,
  categories,
  products,
  nextNumber,
  busy,
  act,
  onDone,
}: {
  t: AdminT;
  channel: ConsoleChannel | undefined;
  categories: readonly ConsoleCategory[];
  products: readonly string[];
  nextNumber: number;
  busy: boolean;
  act: (work: () => Promise<unknown>) => Promise<void>;
  onDone: (saved: ConsoleChannel | undefined) => Promise<void>;
}) {
  const id = useId();
  const form = useConsoleForm({
    name: channel?.name ?? '',
    number: String(channel?.number ?? nextNumber),
    productId: channel?.productId ?? 'free',
  });
  // The line-up may be read after the form shows (the first view, another editor's channel): a new channel's number
  // follows it until the editor types one, and what they typed stays.
  const shownNumber = useRef(String(nextNumber));
  const { setValues } = form;
  useEffect(() => {
    if (channel) return;
    const next = String(nextNumber);
    setValues((v) => (v.number === shownNumber.current ? { ...v, number: next } : v));
    shownNumber.current = next;
  }, [channel, nextNumber, setValues]);
  const { name, number, productId } = form.values;
  const [columns, setColumns] = useState(new Set(channel?.columnIds ?? []));
  const [rules, setRules] = useState<Rule[]>(channel?.rules ?? []);
  const [logo, setLogo] = useState<File | null>(null);
  const { errors } = form;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      ...(channel ? { logicalChannelId: channel.logicalChannelId } : {}),
      name: name.trim(),
      number: Number(number.trim() === '' ? Number.NaN : number),
      columnIds: [...columns],
      productId,
      rules,
    };
    const more: Record<string, string> = {};
    rules.forEach((r, i) => {
      if (!channelRuleSchema.safeParse(r).success) more[`rule${i}`] = t('admin.error.ruleValue');
    });
    if (logo && (logo.size > LOGO_MAX_BYTES || !/^image\/(png|jpeg)$/.test(logo.type)))
      more.logo = t('admin.error.logo');
    const words = (k: string) => {
      const key = FIELD_WORDS[k];
      return key && t(key);
    };
    if (!form.check(lineupChannelSave, input, words, more)) return;
    void act(async () => {
      let saved = (await consoleApi.operator.lineupChannelSave(input)).channel;
      if (logo) {
        saved = (
          await consoleApi.operator.lineupChannelLogo({
            logicalChannelId: saved.logicalChannelId,
            image: await base64Of(logo),
          })
        ).channel;
      }
      await onDone(saved);
      return t('admin.channels.saved', { name: saved.name });
    });
  };

  const setRule = (i: number, change: Partial<Rule>) =>
    setRules((list) => list.map((r, k) => (k === i ? { ...r, ...change } : r)));

  return (
    <form className="console-form" onSubmit={submit} noValidate data-testid="channel-form">
      <Field label={t('admin.channels.name')} {...form.bind('name')} />
      <Field label={t('admin.channels.number')} inputMode="numeric" {...form.bind('number')} />
      <fieldset className="console-fieldset">
        <legend>{t('admin.channels.categories')}</legend>
        {categories.map((c) => (
          <label key={c.columnId} className="console-check">
            <input
              type="checkbox"
              checked={columns.has(c.columnId)}
              onChange={(e) => {
                const next = new Set(columns);
                if (e.target.checked) next.add(c.columnId);
                else next.delete(c.columnId);
                setColumns(next);
              }}
            />{' '}
            {c.name}
          </label>
        ))}
      </fieldset>
      <div className="console-field">
        <label htmlFor={`${id}-plan`}>{t('admin.channels.plan')}</label>
        <select id={`${id}-plan`} value={productId} onChange={form.set('productId')}>
          {products.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="console-fieldset">
        <legend>{t('admin.channels.rules')}</legend>
        {rules.length === 0 && <p className="console-hint">{t('admin.channels.noRules')}</p>}
        {rules.map((r, i) => {
          const n = i + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; their place is their identity
            <div className="console-row" key={i}>
              <div className="console-field">
                <label htmlFor={`${id}-ra${i}`}>{t('admin.channels.ruleAction', { n })}</label>
                <select
                  id={`${id}-ra${i}`}
                  value={r.action}
                  onChange={(e) => setRule(i, { action: e.target.value as Rule['action'] })}
                >
                  <option value="deny">{t('admin.channels.deny')}</option>
                  <option value="allow">{t('admin.channels.allow')}</option>
                </select>
              </div>
              <div className="console-field">
                <label htmlFor={`${id}-rt${i}`}>{t('admin.channels.ruleType', { n })}</label>
                <select
                  id={`${id}-rt${i}`}
                  value={r.ruleType}
                  onChange={(e) => setRule(i, { ruleType: e.target.value as Rule['ruleType'] })}
                >
                  <option value="region">{t('admin.channels.rule.region')}</option>
                  <option value="ip">{t('admin.channels.rule.ip')}</option>
                  <option value="mac">{t('admin.channels.rule.mac')}</option>
                </select>
              </div>
              <Field
                label={t('admin.channels.ruleValue', { n })}
                error={errors[`rule${i}`]}
                value={r.ruleValue}
                onChange={(e) => setRule(i, { ruleValue: e.target.value })}
              />
              <button
                type="button"
                className="console-button secondary"
                onClick={() => setRules((list) => list.filter((_, k) => k !== i))}
              >
                {t('admin.channels.removeRule', { n })}
              </button>
            </div>
          );
        })}
        <button
          type="button"
          className="console-button secondary"
          onClick={() => setRules((list) => [...list, { action: 'deny', ruleType: 'region', ruleValue: '' }])}
        >
          {t('admin.channels.addRule')}
        </button>
      </fieldset>
      <Field
        label={t('admin.channels.logoFile')}
        hint={t('admin.channels.logoHint')}
        error={errors.logo}
        type="file"
        accept="image/png,image/jpeg"
        onChange={(e) => setLogo(e.target.files?.[0] ?? null)}
      />
      <div className="console-row">
        <button type="submit" className="console-button" disabled={busy}>
          {t('admin.channels.save')}
        </button>
        {channel && (
          <button type="button" className="console-button secondary" onClick={() => void onDone(undefined)}>
            {t('admin.channels.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
