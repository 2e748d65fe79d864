export {
  BellIcon,
  CartIcon,
  ChevronIcon,
  CloseIcon,
  HeartIcon,
  LockIcon,
  PlaybackIcon,
  PlaybackLockedIcon,
  PlayIcon,
  WarningIcon,
} from './icons.tsx';
