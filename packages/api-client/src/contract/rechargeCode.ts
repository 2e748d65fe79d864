/* Without zod: the browser entry (@ottkit/api-client/client) exports it for the site's recharge box. */

/**
 * Spec §5, §9: a recharge code is exactly this many digits. The one definition of the rule: the redeeming call's
 * and the console's code calls' schema (`rechargeCodeSchema`), the server's new codes, and the kit's recharge box,
 * which the site gives it to (`<RechargeCodeInput length>`, `<PurchaseDialog rechargeCodeLength>`; the kit imports
 * no value of ours, DESIGN §2).
 */
export const RECHARGE_CODE_LENGTH = 16;
