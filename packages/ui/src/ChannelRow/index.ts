export {
  ChannelRow,
  type ChannelRowChannel,
  type ChannelRowPlayback,
  type ChannelRowProps,
  channelRowPlayback,
} from './ChannelRow.tsx';
