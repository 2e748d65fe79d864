import type { Operator, OperatorRole } from '@ottkit/api-client/contract';
import { OPERATOR_ROLES, staffCreate } from '@ottkit/api-client/contract';
import { ConsoleTable } from '@ottkit/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { Field } from './Field.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConfirm } from './useConfirm.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

/** /admin/staff (issue 18 §8, admin only): list, create (first password shown once), change role, disable. */
export default function Staff({ lang }: { lang: Lang }) {
  const t = createAdminT(lang);
  const ready = useHydrated();
  const [staff, setStaff] = useState<Operator[]>();
  const form = useConsoleForm({ email: '' });
  const [role, setRole] = useState<OperatorRole>('support');
  const [made, setMade] = useState<{ email: string; password: string } | null>(null);
  const [roles, setRoles] = useState<Record<string, OperatorRole>>({});
  const { busy, outcome, act } = useConsoleAction(t);
  const { confirm, dialog } = useConfirm(t);

  // The first password is shown once: the focus goes to it, so the admin (and a screen reader) is there.
  const shown = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (made) shown.current?.focus();
  }, [made]);

  const load = async () => setStaff((await consoleApi.operator.staffList({})).operators);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once; later loads follow each action
  useEffect(() => {
    void act(load);
  }, []);

  const create = (e: FormEvent) => {
    e.preventDefault();
    const input = { email: form.values.email.trim(), role };
    if (!form.check(staffCreate, input, (k) => (k === 'email' ? t('admin.error.email') : undefined))) return;
    void act(async () => {
      const r = await consoleApi.operator.staffCreate(input);
      setMade({ email: r.operator.email, password: r.password });
      form.reset();
      await load();
    });
  };

  const update = async (
    o: Operator,
    change: { role?: OperatorRole; active?: boolean; resetTotp?: boolean },
    confirmText: string,
    action?: string,
  ) => {
    if (!(await confirm(confirmText, action))) return;
    void act(async () => {
      setMade(null);
      await consoleApi.operator.staffUpdate({ operatorId: o.operatorId, ...change });
      await load();
      return t(change.resetTotp ? 'admin.staff.resetTotpDone' : 'admin.staff.updated', { email: o.email });
    });
  };

  const roleName = (r: OperatorRole) => t(`admin.role.${r}`);

  return (
    <div className="console-main-stack" data-ready={ready}>
      <section className="console-card" aria-labelledby="staff-title">
        <h2 id="staff-title">{t('admin.staff.title')}</h2>
        <ConsoleTable
          labelledBy="staff-title"
          rows={staff}
          rowKey={(o) => o.operatorId}
          empty="—"
          loading={t('admin.loading')}
          columns={[
            { header: t('admin.staff.email'), cell: (o) => o.email },
            {
              header: t('admin.staff.role'),
              cell: (o) => (
                <select
                  aria-label={t('admin.staff.changeRole', { email: o.email })}
                  value={roles[o.operatorId] ?? o.role}
                  onChange={(e) => setRoles({ ...roles, [o.operatorId]: e.target.value as OperatorRole })}
                >
                  {OPERATOR_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {roleName(r)}
                    </option>
                  ))}
                </select>
              ),
            },
            {
              header: t('admin.staff.state'),
              cell: (o) => (o.active ? t('admin.staff.active') : t('admin.staff.disabled')),
            },
            {
              header: t('admin.staff.totp'),
              cell: (o) => (o.totpEnrolled ? t('admin.staff.totpOn') : t('admin.staff.totpOff')),
            },
          ]}
          actionsHeader={t('admin.staff.applyRole')}
          actions={(o) => {
            const next = roles[o.operatorId] ?? o.role;
            return [
              {
                label: t('admin.staff.applyRole'),
                disabled: busy || next === o.role,
                onClick: () =>
                  update(
                    o,
                    { role: next },
                    t('admin.staff.roleConfirm', { email: o.email, role: roleName(next) }),
                  ),
              },
              {
                label: o.active ? t('admin.staff.disable') : t('admin.staff.enable'),
                disabled: busy,
                onClick: () =>
                  o.active
                    ? update(o, { active: false }, t('admin.staff.disableConfirm', { email: o.email }))
                    : update(o, { active: true }, t('admin.staff.enable')),
              },
              // Only an enrolled authenticator can be reset (a lost phone): the next sign-in enrols a new one.
              o.totpEnrolled && {
                label: t('admin.staff.resetTotp'),
                disabled: busy,
                onClick: () =>
                  update(
                    o,
                    { resetTotp: true },
                    t('admin.staff.resetTotpConfirm', { email: o.email }),
                    t('admin.staff.resetTotp'),
                  ),
              },
            ];
          }}
        />
        <Outcome outcome={outcome} />
      </section>
      <form className="console-card console-form" onSubmit={create} noValidate aria-labelledby="staff-create">
        <h2 id="staff-create">{t('admin.staff.create')}</h2>
        <div className="console-row">
          <Field label={t('admin.staff.email')} type="email" autoComplete="off" {...form.bind('email')} />
          <div className="console-field">
            <label htmlFor="staff-role">{t('admin.staff.role')}</label>
            <select id="staff-role" value={role} onChange={(e) => setRole(e.target.value as OperatorRole)}>
              {OPERATOR_ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleName(r)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="console-button" disabled={busy || !ready}>
            {t('admin.staff.createButton')}
          </button>
        </div>
        {made && (
          <div role="status" ref={shown} tabIndex={-1}>
            {t('admin.staff.created', { email: made.email })}
            <span className="console-secret" data-testid="staff-password">
              {made.password}
            </span>
          </div>
        )}
      </form>
      {dialog}
    </div>
  );
}
