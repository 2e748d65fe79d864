export { dialogButton } from './buttons.ts';
export { Dialog, type DialogProps } from './Dialog.tsx';
export { focusableIn } from './focusable.ts';
