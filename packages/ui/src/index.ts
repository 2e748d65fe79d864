export * from './ChannelRow/index.ts';
export * from './EmptyTip/index.ts';
export * from './icons/index.ts';
export * from './messages/index.ts';
export * from './ProgrammeRow/index.ts';
export * from './Spinner/index.ts';
export * from './HorizontalScroller/index.ts';
export * from './Card/index.ts';
