export { PurchaseDialog, type PurchaseDialogProps } from './PurchaseDialog.tsx';
export {
  CURRENCY_SYMBOLS,
  formatPrice,
  PURCHASE_DIALOG_NARROW_PX,
  PURCHASE_DIALOG_WIDE_PX,
  type PurchaseDialogInput,
  type PurchaseDialogView,
  type PurchasePlan,
  type PurchasePlanText,
  type PurchaseSetting,
  planPrice,
  planText,
  purchaseDialogView,
} from './purchaseRules.ts';
