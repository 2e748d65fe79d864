import './account.css';
import { useStore } from '@nanostores/react';
import { planPrice, planText } from '@ottkit/ui';
import { useEffect } from 'react';
import { dateFormat } from '../../i18n/format.ts';
import type { Lang } from '../../i18n/index.ts';
import { $lang, $t } from '../../stores/lang.ts';
import { $memberSandbox, buyMemberPlan, openMemberSandbox } from '../../stores/memberSandbox.ts';

/** A sandbox member site (spec §6 links land here); the flow is `stores/memberSandbox.ts`, this only renders. */
export default function MemberSandbox({ lang, params }: { lang: Lang; params: Record<string, string> }) {
  if ($lang.get() !== lang) $lang.set(lang);
  const t = useStore($t);
  const { kind, plans, bought } = useStore($memberSandbox);
  const token = params.memberSiteToken ?? '';
  const wanted = params.planId;
  useEffect(() => {
    void openMemberSandbox(token, wanted);
  }, [token, wanted]);
  return (
    <div className="member-sandbox" data-state={kind}>
      <p>{t('member.hint')}</p>
      {kind === 'invalid' && <p role="alert">{t('member.invalid')}</p>}
      {kind === 'off' && <p role="alert">{t('member.off')}</p>}
      {kind === 'bought' && bought && (
        <p role="status">
          {t('member.bought', {
            plan: planText(bought.plan, lang).planName,
            date: dateFormat(lang)(bought.expiredTs),
          })}
        </p>
      )}
      {kind === 'ready' && (
        <ul className="member-plans">
          {plans.map((p) => {
            const text = planText(p, lang);
            const price = planPrice(p, lang);
            return (
              <li key={p.planId}>
                <strong>{text.planName}</strong> <span>{price.current}</span>
                <p>{text.description}</p>
                <button type="button" className="account-primary" onClick={() => void buyMemberPlan(p)}>
                  {t('member.buy')} {text.planName}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <a href="/my/plan">{t('member.back')}</a>
    </div>
  );
}
