export { NOTICE_POPUP_WIDTH, NoticePopup, type NoticePopupProps, type PopupNotice } from './NoticePopup.tsx';
