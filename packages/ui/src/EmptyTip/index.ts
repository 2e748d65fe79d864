export { EmptyTip, type EmptyTipProps } from './EmptyTip.tsx';
