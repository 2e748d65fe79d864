export {
  REMINDER_LOGO_SIZE,
  type Reminder,
  ReminderDialog,
  type ReminderDialogProps,
} from './ReminderDialog.tsx';
