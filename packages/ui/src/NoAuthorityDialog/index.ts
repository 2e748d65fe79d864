export { NoAuthorityDialog, type NoAuthorityDialogProps, type Viewer } from './NoAuthorityDialog.tsx';
