import './account.css';
import { useStore } from '@nanostores/react';
import type { Plan } from '@ottkit/api-client';
import { ErrCode } from '@ottkit/api-client/client';
import { planPrice, planText } from '@ottkit/ui';
import { useEffect, useState } from 'react';
import { dateFormat } from '../../i18n/format.ts';
import type { Lang } from '../../i18n/index.ts';
import { browserApi } from '../../lib/api.ts';
import { $lang, $t } from '../../stores/lang.ts';

/** The sandbox answers like a path nobody registered while the operator has not turned it on (decision 0160). */
const sandboxOff = (e: unknown) => (e as { errCode?: number }).errCode === ErrCode.NOT_FOUND;

/**
 * A sandbox member site (spec §6 links land here): it trusts nothing but the link's memberSiteToken, which the
 * server checks; buying credits the plan's product at once, like a payment provider's callback would.
 */
export default function MemberSandbox({ lang, params }: { lang: Lang; params: Record<string, string> }) {
  if ($lang.get() !== lang) $lang.set(lang);
  const t = useStore($t);
  const token = params.memberSiteToken ?? '';
  const [plans, setPlans] = useState<Plan[]>([]);
  const [state, setState] = useState<{ kind: 'ready' | 'invalid' | 'off' | 'bought'; text?: string }>({
    kind: 'ready',
  });
  useEffect(() => {
    browserApi.memberSite
      .sandboxAccount({ memberSiteToken: token })
      .catch((e) => setState({ kind: sandboxOff(e) ? 'off' : 'invalid' }));
    browserApi.account
      .planList({})
      .then((r) => setPlans(r.planList))
      .catch(() => {});
  }, [token]);
  const buy = async (plan: Plan) => {
    try {
      const r = await browserApi.memberSite.sandboxPurchase({ memberSiteToken: token, planId: plan.planId });
      setState({
        kind: 'bought',
        text: t('member.bought', {
          plan: planText(plan, lang).planName,
          date: dateFormat(lang)(r.expiredTs),
        }),
      });
    } catch {
      setState({ kind: 'invalid' });
    }
  };
  const wanted = params.planId;
  return (
    <div className="member-sandbox" data-state={state.kind}>
      <p>{t('member.hint')}</p>
      {state.kind === 'invalid' && <p role="alert">{t('member.invalid')}</p>}
      {state.kind === 'off' && <p role="alert">{t('member.off')}</p>}
      {state.kind === 'bought' && <p role="status">{state.text}</p>}
      {state.kind === 'ready' && (
        <ul className="member-plans">
          {plans
            .filter((p) => !wanted || p.planId === wanted)
            .map((p) => {
              const text = planText(p, lang);
              const price = planPrice(p, lang);
              return (
                <li key={p.planId}>
                  <strong>{text.planName}</strong> <span>{price.current}</span>
                  <p>{text.description}</p>
                  <button type="button" className="account-primary" onClick={() => void buy(p)}>
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
