// m3u8-parser ships no types; this is the part of its API the origin tests use.
declare module 'm3u8-parser' {
  export interface ParsedSegment {
    uri: string;
    duration: number;
    timeline: number;
    dateTimeObject?: Date;
    programDateTime?: number;
    map?: { uri: string };
    key?: { method: string; uri: string; iv?: Uint32Array };
  }
  export interface ParsedPlaylist {
    uri: string;
    attributes: {
      BANDWIDTH?: number;
      'AVERAGE-BANDWIDTH'?: string;
      CODECS?: string;
      RESOLUTION?: { width: number; height: number };
      'FRAME-RATE'?: number;
      AUDIO?: string;
      SUBTITLES?: string;
    };
  }
  export interface Manifest {
    allowCache?: boolean;
    endList?: boolean;
    mediaSequence?: number;
    targetDuration?: number;
    playlistType?: string;
    segments: ParsedSegment[];
    playlists?: ParsedPlaylist[];
    version?: number;
    /** `#EXT-X-MEDIA` renditions by type, group id and NAME. */
    mediaGroups: Record<
      'AUDIO' | 'SUBTITLES',
      Record<
        string,
        Record<string, { language?: string; default: boolean; autoselect?: boolean; uri?: string }>
      >
    >;
  }
  export class Parser {
    manifest: Manifest;
    push(chunk: string): void;
    end(): void;
  }
}
