import './account.css';
import { useStore } from '@nanostores/react';
import type { UserInfo } from '@ottkit/api-client';
import { RECHARGE_CODE_LENGTH } from '@ottkit/api-client/client';
import { MessagesProvider, RechargeCodeInput, useMessages } from '@ottkit/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { dateFormat, regionName } from '../../i18n/format.ts';
import type { Lang, MessageKey } from '../../i18n/index.ts';
import { kitMessagesFor } from '../../i18n/kit.ts';
import { $lang, $t } from '../../stores/lang.ts';
import {
  $notifications,
  $unreadCount,
  checkMessages,
  loadNotifications,
  setNotificationState,
} from '../../stores/notifications.ts';
import { $purchaseData, loadPurchaseData, openPurchase } from '../../stores/purchase.ts';
import { $passwordChange, changePassword } from '../../stores/passwordChange.ts';
import {
  $recharge,
  $rechargesRedeemed,
  rechargeAddedText,
  redeemRechargeCode,
} from '../../stores/recharge.ts';
import { $session, logout, sessionStarted } from '../../stores/session.ts';
import { TextField } from './TextField.tsx';
import { useTrimmedInput } from './useTrimmedInput.ts';

export type MySection = 'account' | 'plan' | 'subscribe' | 'password' | 'notifications';

interface Props {
  section: MySection;
  /** The user the server checked before rendering. */
  user: UserInfo;
  lang: Lang;
  /** Layout config custom_modify_passwd_option: '' for the built-in form, else the operator's page. */
  passwordPage: string;
  /** Open the purchase dialog at once (?buy=1, the no-authority Purchase button). */
  buy?: boolean;
}

/** Spec §4 statuses as words (decision 0140): the codes are never shown. */
const RECHARGE_TEXT: Record<UserInfo['rechargeStatus'], MessageKey> = {
  NOT_RECHARGE: 'account.recharge.NOT_RECHARGE',
  RECHARGED: 'account.recharge.RECHARGED',
  MEMBER_SITE: 'account.recharge.MEMBER_SITE',
  BOTH: 'account.recharge.BOTH',
};
const TRIAL_TEXT: Record<UserInfo['freeTrialStatus'], MessageKey> = {
  NOT_START: 'account.trial.NOT_START',
  USING: 'account.trial.USING',
  NO_FREE_TRIAL_END: 'account.trial.NO_FREE_TRIAL_END',
  RECHARGE_END: 'account.trial.RECHARGE_END',
  PRE_INSTALL_END: 'account.trial.PRE_INSTALL_END',
  EXPIRED_END: 'account.trial.EXPIRED_END',
};

/** /my and its children (spec §2): account, plan, subscribe, change password, notifications. */
export default function MyIsland({ section, user: initialUser, lang, passwordPage, buy }: Props) {
  if ($lang.get() !== lang) $lang.set(lang);
  const messages = kitMessagesFor(lang);
  const session = useStore($session);
  const user = session.user ?? initialUser;
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!$session.get().user) sessionStarted(initialUser);
    setReady(true);
    void checkMessages().catch(() => {});
    if (buy) openPurchase();
  }, [initialUser, buy]);

  return (
    <MessagesProvider messages={messages}>
      <div className="my-section" data-section={section} data-ready={ready ? 'true' : 'false'}>
        {section === 'account' && <AccountSection user={user} lang={lang} />}
        {section === 'plan' && <PlanSection user={user} lang={lang} />}
        {section === 'subscribe' && <SubscribeSection />}
        {section === 'password' && <PasswordSection passwordPage={passwordPage} />}
        {section === 'notifications' && <NotificationsSection lang={lang} />}
      </div>
    </MessagesProvider>
  );
}

function AccountSection({ user, lang }: { user: UserInfo; lang: Lang }) {
  const t = useStore($t);
  const rows: [MessageKey, string][] = [
    ['account.field.accountName', user.accountName],
    [
      user.email ? 'account.field.email' : 'account.field.phone',
      user.email || `${user.phonePreCode} ${user.phone}`,
    ],
    ['account.field.virtualCode', user.virtualCode],
    ['account.field.country', regionName(lang, user.country)],
  ];
  return (
    <>
      <dl className="my-fields">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{t(k)}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="account-secondary" onClick={() => void logout()}>
        {t('account.my.logout')}
      </button>
    </>
  );
}

function PlanSection({ user, lang }: { user: UserInfo; lang: Lang }) {
  const t = useStore($t);
  return (
    <>
      <PlanTable user={user} lang={lang} />
      <dl className="my-fields">
        <div>
          <dt>{t('account.plan.recharge')}</dt>
          <dd>{t(RECHARGE_TEXT[user.rechargeStatus])}</dd>
        </div>
        <div>
          <dt>{t('account.plan.trial')}</dt>
          <dd>{t(TRIAL_TEXT[user.freeTrialStatus])}</dd>
        </div>
      </dl>
      <button type="button" className="account-primary" onClick={openPurchase}>
        {t('account.plan.buy')}
      </button>
    </>
  );
}

/** The subscriptions and their end dates (the plan page, and the subscribe page after a recharge). */
function PlanTable({ user, lang }: { user: UserInfo; lang: Lang }) {
  const t = useStore($t);
  const now = Date.now();
  return (
    <>
      {user.subscriptionList.length === 0 ? (
        <p>{t('account.plan.none')}</p>
      ) : (
        <table className="my-table">
          <thead>
            <tr>
              <th>{t('account.plan.product')}</th>
              <th>{t('account.plan.expires')}</th>
            </tr>
          </thead>
          <tbody>
            {user.subscriptionList.map((s) => (
              <tr key={s.productId} data-product={s.productId}>
                <td>{s.productName ?? s.productId}</td>
                <td>
                  {dateFormat(lang)(s.expiredTs)}
                  {s.expiredTs < now && ` (${t('account.plan.expired')})`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** The subscribe page: the purchase dialog's choices as a page, and the recharge box. */
function SubscribeSection() {
  const t = useStore($t);
  const kit = useMessages();
  const lang = useStore($lang);
  const recharge = useStore($recharge);
  const redeemed = useStore($rechargesRedeemed);
  const plans = useStore($purchaseData)?.plans ?? [];
  const user = useStore($session).user;
  useEffect(() => {
    void loadPurchaseData().catch(() => {});
  }, []);
  return (
    <>
      <button type="button" className="account-primary" onClick={openPurchase}>
        {t('account.plan.buy')}
      </button>
      <h2>{kit.rechargeCodeLabel}</h2>
      {/* Keyed by the codes redeemed: a used code leaves the field (issue 36). */}
      <RechargeCodeInput
        key={redeemed}
        length={RECHARGE_CODE_LENGTH}
        onConfirm={(code) => void redeemRechargeCode(code)}
        busy={recharge.state === 'busy'}
        {...(recharge.state === 'error' ? { error: recharge.message } : {})}
      />
      {recharge.state === 'done' && (
        <section className="recharge-added" aria-labelledby="recharge-added">
          <p id="recharge-added" className="account-ok" role="status" data-testid="recharge-added">
            {rechargeAddedText(t, lang, recharge, plans)}
          </p>
          {user ? <PlanTable user={user} lang={lang} /> : null}
        </section>
      )}
    </>
  );
}

function PasswordSection({ passwordPage }: { passwordPage: string }) {
  const t = useStore($t);
  const oldPw = useTrimmedInput();
  const newPw = useTrimmedInput();
  const { busy, result: msg } = useStore($passwordChange);
  if (passwordPage) {
    return (
      <a className="account-primary" href={passwordPage} rel="noopener">
        {t('account.password.external')}
      </a>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await changePassword(oldPw.flush(), newPw.flush())) {
      oldPw.set('');
      newPw.set('');
    }
  };
  return (
    <form className="account-form" method="post" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label={t('account.field.oldPassword')}
        field={oldPw}
        type="password"
        autoComplete="current-password"
      />
      <TextField
        label={t('account.field.newPassword')}
        field={newPw}
        type="password"
        autoComplete="new-password"
      />
      {msg && (
        <p className={msg.ok ? 'account-ok' : 'account-error'} role={msg.ok ? 'status' : 'alert'}>
          {msg.text}
        </p>
      )}
      <button type="submit" className="account-primary" disabled={busy}>
        {t('account.my.password')}
      </button>
    </form>
  );
}

function NotificationsSection({ lang }: { lang: Lang }) {
  const t = useStore($t);
  const list = useStore($notifications);
  const unread = useStore($unreadCount);
  useEffect(() => {
    void loadNotifications().catch(() => {});
  }, []);
  return (
    <>
      <p data-testid="unread-count">{t('account.notifications.unread', { count: unread })}</p>
      {list?.length === 0 && <p>{t('account.notifications.empty')}</p>}
      <ul className="my-notifications">
        {list?.map((m) => (
          <li key={m.msgId} data-state={m.state}>
            <strong>{m.title}</strong> <time>{dateFormat(lang)(m.createdAt)}</time>
            <p>{m.content}</p>
            {/* The actions sit in their own row, apart, so "Mark as read" and "Delete" never run together. */}
            <div className="my-notifications__actions">
              {m.state === 'unread' && (
                <button
                  type="button"
                  className="account-link"
                  onClick={() => void setNotificationState(m.msgId, 'read')}
                >
                  {t('account.notifications.markRead')}
                </button>
              )}
              <button
                type="button"
                className="account-link"
                onClick={() => void setNotificationState(m.msgId, 'deleted')}
              >
                {t('account.notifications.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
