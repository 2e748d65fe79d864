export { isRechargeCodeComplete, sanitizeRechargeCode } from './rechargeCode.ts';
export {
  type RechargeCodeState,
  RechargeCodeInput,
  type RechargeCodeInputProps,
} from './RechargeCodeInput.tsx';
