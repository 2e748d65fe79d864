export {
  SEND_CODE_COUNTDOWN_SECONDS,
  SendCodeButton,
  type SendCodeButtonProps,
  type SendCodeState,
} from './SendCodeButton.tsx';
