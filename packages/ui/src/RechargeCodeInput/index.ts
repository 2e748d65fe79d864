export {
  isRechargeCodeComplete,
  RECHARGE_CODE_LENGTH,
  sanitizeRechargeCode,
} from './rechargeCode.ts';
export {
  type RechargeCodeState,
  RechargeCodeInput,
  type RechargeCodeInputProps,
} from './RechargeCodeInput.tsx';
