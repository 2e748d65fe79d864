import { Dialog } from '../Dialog/Dialog.tsx';
import { VisuallyHidden } from '../internal/VisuallyHidden.tsx';
import { formatMessage, useMessages } from '../messages/index.ts';
import { RechargeCodeInput } from '../RechargeCodeInput/RechargeCodeInput.tsx';
import styles from './PurchaseDialog.module.css';
import {
  type PurchasePlan,
  type PurchaseSetting,
  planPrice,
  planText,
  purchaseDialogView,
} from './purchaseRules.ts';

export interface PurchaseDialogProps {
  open: boolean;
  onClose: () => void;
  memberSiteUrl: string;
  setting: PurchaseSetting;
  plans: PurchasePlan[];
  /** Language of plan names (planLang), e.g. 'es'. */
  lang?: string;
  /** A plan card's button: the site opens the member-site link for that plan (spec §6). */
  onChoosePlan?: (plan: PurchasePlan) => void;
  /** The single member-site button (no per-plan cards). */
  onOpenMemberSite?: () => void;
  /**
   * How many digits a recharge code has: the site passes the contract's `RECHARGE_CODE_LENGTH` (the kit keeps no
   * copy of the rule). Given to the recharge box's `length`.
   */
  rechargeCodeLength: number;
  /** Confirm in the recharge box with `rechargeCodeLength` digits. */
  onRecharge?: (code: string) => void;
  rechargeBusy?: boolean;
  rechargeError?: string;
}

const isLink = (text: string) => /^https?:\/\/\S+$/.test(text.trim());

/** A guide text, or a link when the operator gave an address. Always text, never markup. */
function GuideText({ text }: { text: string }) {
  if (!text.trim()) return null;
  return isLink(text) ? (
    <p className={styles.guideText}>
      <a href={text.trim()} target="_blank" rel="noopener noreferrer">
        {text.trim()}
      </a>
    </p>
  ) : (
    <p className={styles.guideText}>{text}</p>
  );
}

/**
 * The purchase dialog (spec §5): plan cards, the recharge-code box and the guide, each shown by
 * `purchaseDialogView`, or the no-payment-method message. 1036 px wide above 2 plans, else 700 px.
 * `data-state` on the body: `no-payment-method|options`.
 *
 * @example
 * <PurchaseDialog open memberSiteUrl={url} setting={s} plans={plans} rechargeCodeLength={RECHARGE_CODE_LENGTH}
 *   onChoosePlan={go} onRecharge={r} />
 */
export function PurchaseDialog({
  open,
  onClose,
  memberSiteUrl,
  setting,
  plans,
  lang = 'en',
  onChoosePlan,
  onOpenMemberSite,
  rechargeCodeLength,
  onRecharge,
  rechargeBusy,
  rechargeError,
}: PurchaseDialogProps) {
  const messages = useMessages();
  const view = purchaseDialogView({ memberSiteUrl, setting, plans });
  return (
    <Dialog open={open} onClose={onClose} title={messages.purchaseTitle} width={view.width} kind="purchase">
      <div
        className={styles.body}
        data-state={view.noPaymentMethod ? 'no-payment-method' : 'options'}
        data-width={view.width}
      >
        {view.noPaymentMethod && <p className={styles.empty}>{messages.noPaymentMethod}</p>}
        {view.showPlans && (
          <ul className={styles.plans}>
            {plans.map((plan) => {
              const text = planText(plan, lang);
              const price = planPrice(plan, lang);
              return (
                <li
                  key={plan.planId}
                  className={styles.plan}
                  data-discount={price.original ? 'true' : 'false'}
                >
                  <h3 className={styles.planName}>{text.planName}</h3>
                  {text.description && <p className={styles.planDescription}>{text.description}</p>}
                  <p className={styles.price}>
                    <span className={styles.current}>{price.current}</span>
                    {price.original && (
                      <>
                        <s className={styles.original} aria-hidden="true">
                          {price.original}
                        </s>
                        <VisuallyHidden>
                          {formatMessage(messages.discountFrom, { price: price.original })}
                        </VisuallyHidden>
                      </>
                    )}
                  </p>
                  <button type="button" className={styles.buy} onClick={() => onChoosePlan?.(plan)}>
                    {formatMessage(messages.choosePlan, { plan: text.planName })}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {view.showMemberSiteLink && (
          <button type="button" className={styles.buy} onClick={onOpenMemberSite}>
            {messages.memberSite}
          </button>
        )}
        {view.showRechargeCode && (
          <div className={styles.section}>
            <RechargeCodeInput
              length={rechargeCodeLength}
              onConfirm={(code) => onRecharge?.(code)}
              busy={rechargeBusy}
              error={rechargeError}
            />
          </div>
        )}
        {view.showGuide && (
          <section className={styles.section} aria-label={messages.purchaseGuide}>
            <h3 className={styles.guideTitle}>{messages.purchaseGuide}</h3>
            <GuideText text={setting.rechargeGuide} />
            <GuideText text={setting.howToRecharge} />
          </section>
        )}
      </div>
    </Dialog>
  );
}
