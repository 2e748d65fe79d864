import type { Plan } from '@ottkit/api-client/contract';
import { CURRENCIES_FOR_PLANS, planSave } from '@ottkit/api-client/contract';
import { ConsoleTable } from '@ottkit/ui';
import { type FormEvent, useState } from 'react';
import type { AdminKey, AdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { Field, SelectField } from './Field.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

type Draft = Record<
  | 'planId'
  | 'name'
  | 'nameEs'
  | 'namePt'
  | 'description'
  | 'price'
  | 'discountPrice'
  | 'currency'
  | 'productId'
  | 'days'
  | 'url',
  string
>;
const EMPTY: Draft = {
  planId: '',
  name: '',
  nameEs: '',
  namePt: '',
  description: '',
  price: '',
  discountPrice: '',
  currency: 'USD',
  productId: '',
  days: '30',
  url: '',
};

const nameIn = (p: Plan, lang: string) => p.planLang.find((l) => l.lang === lang)?.planName ?? '';
const toDraft = (p: Plan): Draft => ({
  planId: p.planId,
  name: nameIn(p, 'en') || p.planId,
  nameEs: nameIn(p, 'es'),
  namePt: nameIn(p, 'pt'),
  description: p.planLang.find((l) => l.lang === 'en')?.description ?? '',
  price: String(p.price),
  discountPrice: String(p.discountPrice),
  currency: p.currency,
  productId: p.productId,
  days: String(p.durationDays),
  url: p.url,
});
// An empty number box is "missing", not 0: the schema then says what to enter.
const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
const toInput = (d: Draft) => ({
  planId: d.planId.trim(),
  url: d.url.trim(),
  price: num(d.price),
  currency: d.currency,
  discountPrice: num(d.discountPrice) ?? num(d.price),
  discountCurrency: d.currency,
  productId: d.productId.trim(),
  durationDays: num(d.days),
  planLang: [
    { lang: 'en', planName: d.name.trim(), description: d.description.trim() },
    ...(d.nameEs.trim() ? [{ lang: 'es', planName: d.nameEs.trim(), description: '' }] : []),
    ...(d.namePt.trim() ? [{ lang: 'pt', planName: d.namePt.trim(), description: '' }] : []),
  ],
});
/** Each field's error in the console's words (the schema decides whether there is one). */
const ERROR_OF: Record<keyof Draft, AdminKey> = {
  planId: 'admin.plans.idError',
  productId: 'admin.plans.idError',
  days: 'admin.plans.daysError',
  name: 'admin.plans.nameError',
  nameEs: 'admin.plans.nameError',
  namePt: 'admin.plans.nameError',
  description: 'admin.plans.nameError',
  price: 'admin.plans.priceError',
  discountPrice: 'admin.plans.priceError',
  currency: 'admin.plans.priceError',
  url: 'admin.plans.urlError',
};
const FIELD_OF: Record<string, keyof Draft> = {
  durationDays: 'days',
  planLang: 'name',
  discountCurrency: 'currency',
};
/** The call's field each box's error comes from, where their names differ. */
const CALL_FIELD: Partial<Record<keyof Draft, string>> = { days: 'durationDays', name: 'planLang' };

/** Plans and prices (issue 18 §5): every role with the screen reads them; only an admin saves. */
export function Plans({
  lang,
  t,
  canEdit,
  plans,
  reload,
}: {
  lang: Lang;
  t: AdminT;
  canEdit: boolean;
  plans: Plan[];
  reload: () => Promise<void>;
}) {
  const form = useConsoleForm<Draft>(EMPTY);
  const [editing, setEditing] = useState<string | null>(null);
  const { busy, outcome, act } = useConsoleAction(t);

  const save = (e: FormEvent) => {
    e.preventDefault();
    const input = toInput(form.values);
    const words = (k: string) => {
      const key = ERROR_OF[FIELD_OF[k] ?? (k as keyof Draft)];
      return key && t(key);
    };
    if (!form.check(planSave, input, words)) return;
    void act(async () => {
      const { plan } = await consoleApi.operator.planSave(planSave.request.parse(input));
      await reload();
      setEditing(plan.planId);
      return t('admin.plans.saved', { plan: plan.planId });
    });
  };

  const field = (key: keyof Draft, label: string, extra: Record<string, unknown> = {}) => (
    <Field label={label} {...form.bind(key, CALL_FIELD[key])} {...extra} />
  );

  return (
    <section className="console-card" aria-labelledby="plans-title" data-testid="plans">
      <h2 id="plans-title">{t('admin.plans.title')}</h2>
      <ConsoleTable
        labelledBy="plans-title"
        rows={plans}
        rowKey={(p) => p.planId}
        empty="—"
        columns={[
          { header: t('admin.plans.id'), cell: (p) => p.planId },
          { header: t('admin.plans.name'), cell: (p) => nameIn(p, lang) || nameIn(p, 'en') },
          {
            header: t('admin.plans.price'),
            cell: (p) =>
              `${p.discountPrice > 0 && p.discountPrice < p.price ? `${p.discountPrice} (${p.price})` : p.price} ${p.currency}`,
          },
          { header: t('admin.plans.product'), cell: (p) => p.productId },
          { header: t('admin.plans.days'), cell: (p) => p.durationDays },
        ]}
        actionsHeader={t('admin.plans.edit', { plan: '' })}
        actions={
          canEdit
            ? (p) => [
                {
                  label: t('admin.plans.edit', { plan: p.planId }),
                  onClick: () => {
                    form.reset(toDraft(p));
                    setEditing(p.planId);
                  },
                },
              ]
            : undefined
        }
      />
      {!canEdit && <p className="console-hint">{t('admin.plans.readOnly')}</p>}
      {canEdit && (
        <form className="console-form" onSubmit={save} noValidate aria-labelledby="plan-form-title">
          <h3 id="plan-form-title">
            {editing ? t('admin.plans.edit', { plan: editing }) : t('admin.plans.new')}
          </h3>
          <div className="console-row">
            {field('planId', t('admin.plans.id'), { readOnly: editing !== null })}
            {field('productId', t('admin.plans.product'))}
            {field('days', t('admin.plans.days'), { type: 'number', min: 1, inputMode: 'numeric' })}
          </div>
          <div className="console-row">
            {field('name', t('admin.plans.name'))}
            {field('nameEs', t('admin.plans.nameEs'))}
            {field('namePt', t('admin.plans.namePt'))}
          </div>
          {field('description', t('admin.plans.description'))}
          <div className="console-row">
            {field('price', t('admin.plans.price'), { type: 'number', min: 0, step: '0.01' })}
            {field('discountPrice', t('admin.plans.discountPrice'), { type: 'number', min: 0, step: '0.01' })}
            <SelectField label={t('admin.plans.currency')} {...form.bind('currency')}>
              {CURRENCIES_FOR_PLANS.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </SelectField>
          </div>
          {field('url', t('admin.plans.url'))}
          <div className="console-row">
            <button type="submit" className="console-button" disabled={busy}>
              {t('admin.plans.save')}
            </button>
            {editing && (
              <button
                type="button"
                className="console-button secondary"
                onClick={() => {
                  form.reset(EMPTY);
                  setEditing(null);
                }}
              >
                {t('admin.plans.new')}
              </button>
            )}
          </div>
        </form>
      )}
      <Outcome outcome={outcome} />
    </section>
  );
}
