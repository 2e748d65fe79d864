export * from './ChannelRow/index.ts';
export * from './icons/index.ts';
export * from './messages/index.ts';
