import { atom } from 'nanostores';

/**
 * Whether the purchase dialog (spec §5) is open. Apart from stores/purchase.ts so the header can watch it
 * and load the dialog only when someone opens it (docs/decisions/0084).
 */
export const $purchaseOpen = atom(false);
