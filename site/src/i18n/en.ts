/**
 * English catalogue: the source of the keys. es.ts and pt.ts must have exactly these keys (a type error
 * and a failing test otherwise). Texts quoted by the spec are kept word for word.
 */
export const en = {
  'nav.home': 'Home',
  'nav.liveTv': 'Live TV',
  'nav.favorites': 'Favorites',
  'nav.history': 'History',
  'nav.search': 'Search',
  'nav.my': 'My account',
  'nav.main': 'Main',
  'nav.skip': 'Skip to content',
  'nav.brand': 'ottkit home',
  'nav.language': 'Language',

  'page.home': 'Home',
  'page.liveTv': 'Live TV',
  'page.favorites': 'Favorites',
  'page.history': 'Watch history',
  'page.search': 'Search',
  'page.category': 'Category',
  'page.detail': 'Details',
  'page.my': 'My account',
  'page.login': 'Log in',

  'live.channels': 'Channels',
  'live.player': 'Player',
  'live.pickChannel': 'Pick a channel to start watching.',
  'live.loadFailed': 'We could not load the channels. Check your connection and try again.',
  'common.tryAgain': 'Try again',
  'common.ok': 'OK',
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.loading': 'Loading…',
  'common.emptyList': 'This list is empty',

  // Spec §8
  'error.contentUnavailable': 'This content is no longer available. Pick another one.',
  'error.internal': 'Internal server error',
  'error.unavailableSource': 'Unavailable source',
  'error.videoSourceInvalid': 'The video source is invalid or missing.',
  'error.programmeNotAvailable': 'This programme is not available yet.',
  'error.shareKeyNotFound': 'Share key not found!',
  'error.network': 'The network is unavailable. Check your connection and try again.',
  'error.refreshFailed': 'Refresh failed. Try again.',
  'error.deleteFailed': 'Delete failed. Try again.',
  'error.timeout': 'The server took too long to answer. Try again.',
  'message.noPaymentMethod': 'No payment method is available right now.',
  'message.rechargeSuccess': 'Recharge successful',
  'message.timeshiftError': 'Time-shift playback failed. Go back to live and try again.',
  'message.floatingWindow': 'Playing in a floating window',
  'message.backToLiveConfirm': 'This programme has ended. Go back to live?',

  // Spec §5
  'validation.passwordLength': 'The password must be 6-16 characters in length',
  'validation.passwordFormat': 'Wrong password format',
  'validation.email': 'Enter a valid email address',
  'validation.phone': 'Enter a valid phone number',
  'validation.code': 'Wrong Verification code or No Verification code',

  // Spec §6
  'guest.loginPrompt': 'After logging in, you can explore more video content and get more permissions!',
  'guest.loginButton': 'Login/Sign up',

  'placeholder.home':
    'The home page with the banner carousel and rows of titles arrives with video on demand.',
  'placeholder.favorites': 'Your favourite channels and titles will be listed here.',
  'placeholder.history': 'What you watched will be listed here.',
  'placeholder.search': 'Search by title, person or genre arrives with video on demand.',
  'placeholder.category': 'Titles of this category arrive with video on demand.',
  'placeholder.detail': 'The title details arrive with video on demand.',
  'placeholder.my': 'Your account, plan and subscriptions will be shown here.',
  'placeholder.login': 'Logging in and signing up arrive with accounts.',
  'placeholder.continue': 'Continue browsing',
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
