/**
 * Every text the kit shows, in English. The kit holds no language of its own: the site passes its
 * translations through `<MessagesProvider messages={...}>`; anything it leaves out falls back to these.
 * `{name}` placeholders are filled by `formatMessage`. In the recharge texts `{max}` is the code's length (the
 * host's `length` prop, the contract's) and `{count}` the digits typed.
 */
export const defaultMessages = {
  // ChannelRow
  favoriteAdd: 'Favorite {channel}',
  favoriteRemove: 'Remove {channel} from favorites',
  channelNumber: 'Channel {number}',
  noLiveAuthority: 'Locked: no live authority',
  catchupAvailable: 'Catch-up available',
  catchupLocked: 'Catch-up locked: no playback authority',
  nowPlaying: 'Now: {programme}',
  // ProgrammeRow
  programmeSubscribe: 'Subscribe',
  programmeSubscribed: 'Subscribed',
  programmePlaying: 'Playing',
  programmePlayback: 'Playback',
  programmeTime: '{start} – {stop}',
  actionLocked: 'Locked',
  actionPurchase: 'Purchase required',
  // Spinner, EmptyTip
  loading: 'Loading',
  emptyList: 'This list is empty',
  // HorizontalScroller
  scrollPrevious: 'Scroll back',
  scrollNext: 'Scroll forward',
  // Card
  cardLocked: 'Locked',
  cardEpgExpired: 'Guide source expired',
  cardRating: 'Rating {rating}',
  cardRemainingDays: '{days} days left',
  cardRemainingHours: '{hours} h left',
  cardRemainingMinutes: '{minutes} min left',
  cardAvailableUntil: 'Until {date}',
  cardSelect: 'Select {title}',
  play: 'Play',
  details: 'Details',
  // BannerCarousel
  bannerLabel: 'Spotlight',
  bannerSlide: 'Slide {index} of {count}',
  bannerGoTo: 'Show slide {index}: {title}',
  // Dialogs
  close: 'Close',
  noAuthorityTitle: 'No permission',
  noAuthorityUser: 'Your plan does not include this content. Purchase a plan to watch it.',
  noAuthorityGuest: 'After logging in, you can explore more video content and get more permissions!',
  purchase: 'Purchase',
  loginOrSignUp: 'Login/Sign up',
  reminderTitle: 'Programme reminder',
  reminderStartsAt: 'Starts at {time}',
  reminderMore: 'Also coming up',
  watchNow: 'Watch now',
  ignore: 'Ignore',
  // SendCodeButton
  sendCode: 'Send code',
  sendCodeCountdown: 'Resend in {seconds} s',
  // PurchaseDialog, RechargeCodeInput
  purchaseTitle: 'Purchase',
  noPaymentMethod: 'No payment method is available. Please contact your service provider.',
  rechargeCodeLabel: 'Recharge code',
  rechargeCodePlaceholder: 'Enter the {max}-digit recharge code',
  rechargeCodeHint: '{count} of {max} digits',
  rechargeConfirm: 'Confirm',
  purchaseGuide: 'How to recharge',
  choosePlan: 'Buy {plan}',
  memberSite: 'Go to the member site',
  discountFrom: 'Was {price}',
  // NoticePopup, Marquee
  noticeTitle: 'Notice',
  ok: 'OK',
};

export type Messages = typeof defaultMessages;
export type MessageKey = keyof Messages;

/** Fills `{name}` placeholders: `formatMessage('Channel {number}', { number: 7 })` → `'Channel 7'`. */
export function formatMessage(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
