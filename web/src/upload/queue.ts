import type { Checkpoint } from './checkpoint.ts';
import type { UploadSource } from './file-source.ts';
import type { UploadItemState } from './states.ts';

/** Spec §3 video info (VOD's own field names). */
export interface VideoInfo {
  Title?: string;
  Description?: string;
  CateId?: number;
  Tags?: string;
  CoverUrl?: string;
  TemplateGroupId?: string;
  StorageLocation?: string;
  TranscodeMode?: string;
  WorkflowId?: string;
  AppId?: string;
}

/** Spec §3 "Video-upload item", as callbacks and `listFiles` see it. */
export interface UploadInfo {
  /** Stable for the item's life in the list; what cancelFile, resumeFile and deleteFile take. */
  readonly id: string;
  readonly file: UploadSource;
  readonly state: UploadItemState;
  readonly isImage: boolean;
  readonly endpoint: string | undefined;
  readonly bucket: string | undefined;
  /** The object key. */
  readonly object: string | undefined;
  readonly videoInfo: VideoInfo | undefined;
  readonly userData: string | undefined;
  /** Request id, random per item, for correlating logs. */
  readonly ri: string;
  /** MD5 hex of the first 1024 bytes (spec §9), known once the item has started. */
  readonly fileHash: string | undefined;
  readonly checkpoint: Checkpoint | undefined;
  /** Fraction 0..1 of the file's bytes on the store. */
  readonly loaded: number;
  /** From setUploadAuthAndAddress, or from the resume record (so the app can refresh instead of create). */
  readonly videoId: string | undefined;
}

/** The uploader's own, writable view of an item. */
export type UploadItem = { -readonly [K in keyof UploadInfo]: UploadInfo[K] };

export interface NewItemDetails {
  isImage?: boolean;
  endpoint?: string;
  bucket?: string;
  object?: string;
  videoInfo?: VideoInfo;
  userData?: string;
}

let itemSequence = 0;

const randomHex = (bytes: number): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/** A Ready item for `file`; ids are unique in the page, which is all the list needs. */
export const newUploadItem = (file: UploadSource, details: NewItemDetails): UploadItem => ({
  id: `upload-${++itemSequence}`,
  file,
  state: 'Ready',
  isImage: details.isImage ?? false,
  endpoint: details.endpoint,
  bucket: details.bucket,
  object: details.object,
  videoInfo: details.videoInfo,
  userData: details.userData,
  ri: randomHex(16),
  fileHash: undefined,
  checkpoint: undefined,
  loaded: 0,
  videoId: undefined,
});

/** The upload list, in the order files were added. Items are found by id, never by position. */
export class UploadQueue {
  readonly #items: UploadItem[] = [];

  add(item: UploadItem): void {
    this.#items.push(item);
  }

  find(id: string): UploadItem | undefined {
    return this.#items.find((item) => item.id === id);
  }

  remove(id: string): boolean {
    const index = this.#items.findIndex((item) => item.id === id);
    if (index === -1) return false;
    this.#items.splice(index, 1);
    return true;
  }

  /**
   * Whether the file is in the list already (spec §5 "A file already in the list is rejected"):
   * the same name, modification time and size, as the resume record tells files apart. Picking
   * the same file again in a browser gives another File object for it.
   */
  contains(file: UploadSource): boolean {
    return this.#items.some(
      (item) =>
        item.file === file ||
        (item.file.name === file.name &&
          item.file.lastModified === file.lastModified &&
          item.file.size === file.size),
    );
  }

  firstReady(): UploadItem | undefined {
    return this.#items.find((item) => item.state === 'Ready');
  }

  all(): readonly UploadItem[] {
    return [...this.#items];
  }
}
