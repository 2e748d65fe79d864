import { kitMessagesFor } from '../../i18n/kit.ts';
import { useStore } from '@nanostores/react';
import { RECHARGE_CODE_LENGTH } from '@ottkit/api-client/client';
import { MessagesProvider, PurchaseDialog } from '@ottkit/ui';
import { useEffect } from 'react';
import { $lang, $t } from '../../stores/lang.ts';
import { $purchaseData, $purchaseOpen, openMemberSite } from '../../stores/purchase.ts';
import { $recharge, redeemRechargeCode } from '../../stores/recharge.ts';

/**
 * The purchase dialog (spec §5 rules in the kit's purchaseDialogView): plan cards to the member site, the
 * recharge box, the guide, or the no-payment-method message. A recharge success closes it and says so.
 * The header (SessionBadge) loads this module the first time the dialog opens.
 */
export default function PurchaseHost() {
  const t = useStore($t);
  const lang = useStore($lang);
  const open = useStore($purchaseOpen);
  const data = useStore($purchaseData);
  const recharge = useStore($recharge);
  const messages = kitMessagesFor(lang);
  useEffect(() => {
    if (recharge.state === 'done') $purchaseOpen.set(false);
  }, [recharge.state]);
  return (
    <MessagesProvider messages={messages}>
      {recharge.state === 'done' && (
        <p className="account-ok purchase-toast" role="status" data-testid="recharge-success">
          {t('account.recharge.success')}
        </p>
      )}
      {data && (
        <PurchaseDialog
          open={open}
          onClose={() => $purchaseOpen.set(false)}
          memberSiteUrl={data.app.memberSiteUrl}
          setting={data.app.purchasePageSetting}
          plans={data.plans}
          lang={lang}
          onChoosePlan={(plan) => void openMemberSite(plan.planId, lang)}
          onOpenMemberSite={() => void openMemberSite(undefined, lang)}
          rechargeCodeLength={RECHARGE_CODE_LENGTH}
          onRecharge={(code) => void redeemRechargeCode(code)}
          rechargeBusy={recharge.state === 'busy'}
          {...(recharge.state === 'error' ? { rechargeError: recharge.message } : {})}
        />
      )}
    </MessagesProvider>
  );
}
