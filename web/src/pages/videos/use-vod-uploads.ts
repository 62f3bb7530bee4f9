import { useEffect, useReducer, useRef } from 'react';
import { createUpload, finishVideoUpload, refreshUpload } from '../../api/uploads.ts';
import {
  TransferRate,
  type UploadGrant,
  type UploadInfo,
  type UploadItemState,
  VodUploader,
} from '../../upload/index.ts';
import { fetchVideo, updateVideo } from './service.ts';
import { readDuration } from './video-file.ts';

/** What the form says about the videos of one publish. */
export interface VideoFields {
  title: string;
  description: string;
  cateId: number | null;
  tags: string[];
  /** An uploaded cover image for every video of the batch; undefined: a frame of each video. */
  coverImageId?: number;
}

/**
 * After the bytes: publishing (upload-finished), then processing on the server (transcoding and
 * the cover frame, issue 20), then done; or failed with the server's reason.
 */
export type AfterUpload = 'publishing' | 'processing' | 'done' | 'failed';

/** How often the page asks how the processing goes. */
const PROCESSING_POLL_MS = 1_500;

export interface UploadRowView {
  id: string;
  fileName: string;
  size: number;
  state: UploadItemState;
  loaded: number;
  bytesPerSecond: number;
  secondsLeft: number | undefined;
  videoId: number | undefined;
  after: AfterUpload | undefined;
  /** While processing: 0–100. */
  processingProgress: number;
  error: string | undefined;
}

interface ItemExtras {
  /** The File itself (the uploader sees only its UploadSource side). */
  file: File;
  fields: VideoFields;
  rate: TransferRate;
  after?: AfterUpload;
  processingProgress?: number;
  error?: string;
}

const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '') || fileName;

/**
 * The page's VodUploader (the uploader itself stays React-free): one per mounted page, its queue
 * shown as rows with speed and time left, each finished file published and given its cover.
 */
export function useVodUploads(onPublished: (published: { title: string } | undefined) => void) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const extras = useRef(new Map<string, ItemExtras>());
  const publishedRef = useRef(onPublished);
  publishedRef.current = onPublished;
  const uploaderRef = useRef<VodUploader | undefined>(undefined);

  if (!uploaderRef.current) {
    const extrasOf = (item: UploadInfo) => extras.current.get(item.id);
    const getUploadAuth = async (item: UploadInfo): Promise<UploadGrant> => {
      // A videoId here comes from the resume record: the video exists, only new credentials are needed.
      if (item.videoId) return refreshUpload({ videoId: item.videoId });
      const fields = extrasOf(item)?.fields;
      return createUpload({
        kind: 'video',
        title: fields?.title || baseName(item.file.name).slice(0, 100),
        fileName: item.file.name,
        fileSize: item.file.size,
        mimeType: item.file.type || undefined,
        description: fields?.description ?? '',
        cateId: fields?.cateId ?? null,
        tags: fields?.tags ?? [],
      });
    };
    const afterUpload = async (item: UploadInfo) => {
      const extra = extrasOf(item);
      const videoId = Number(item.videoId);
      if (!extra || !videoId) return;
      const step = (after: AfterUpload) => {
        extra.after = after;
        rerender();
      };
      let published: { title: string } | undefined;
      try {
        step('publishing');
        const finished = await finishVideoUpload(videoId, await readDuration(extra.file));
        const { coverImageId } = extra.fields;
        // The form's cover; without one the server cuts a frame (any format, HEVC included).
        if (coverImageId) {
          await updateVideo(videoId, {
            title: finished.title,
            description: finished.description,
            cateId: finished.cateId,
            tags: finished.tags,
            coverImageId,
          });
        }
        step('processing');
        let video = finished;
        while (video.status === 'processing') {
          extra.processingProgress = video.processingProgress;
          rerender();
          await new Promise((resolve) => setTimeout(resolve, PROCESSING_POLL_MS));
          video = await fetchVideo(videoId);
        }
        if (video.status === 'failed') throw new Error(video.failureReason ?? '');
        published = { title: finished.title };
        step('done');
      } catch (error) {
        extra.error = error instanceof Error ? error.message : String(error);
        step('failed');
      }
      // The page says when a video is published (issue 17 point 6), and refreshes its list either way.
      publishedRef.current(published);
    };
    uploaderRef.current = new VodUploader({
      getUploadAuth,
      onUploadProgress: (item) => {
        extrasOf(item)?.rate.sample(item.loaded * item.file.size);
        rerender();
      },
      onUploadstarted: rerender,
      onUploadFailed: (item, _code, message) => {
        const extra = extrasOf(item);
        if (extra) extra.error = message;
        rerender();
      },
      onUploadCanceled: rerender,
      onUploadTokenExpired: rerender,
      onUploadEnd: rerender,
      onUploadSucceed: (item) => {
        rerender();
        void afterUpload(item);
      },
    });
  }
  const uploader = uploaderRef.current;

  useEffect(() => () => uploader.dispose(), [uploader]);

  // Refused with UploadAlearyStarted while running: the queue reaches the Ready items itself.
  const ensureRunning = () => void uploader.startUpload();

  const rows: UploadRowView[] = uploader.listFiles().map((item) => {
    const extra = extras.current.get(item.id);
    const running = item.state === 'Uploading';
    return {
      id: item.id,
      fileName: item.file.name,
      size: item.file.size,
      state: item.state,
      loaded: item.loaded,
      bytesPerSecond: running ? (extra?.rate.bytesPerSecond() ?? 0) : 0,
      secondsLeft: running ? extra?.rate.secondsLeft(item.file.size) : undefined,
      videoId: item.videoId ? Number(item.videoId) : undefined,
      after: extra?.after,
      processingProgress: extra?.processingProgress ?? 0,
      error: extra?.error,
    };
  });

  return {
    rows,
    /** Queues files with the form's fields and starts; answers the names refused (duplicates). */
    add(files: File[], fields: VideoFields): string[] {
      const refused: string[] = [];
      for (const file of files) {
        const added = uploader.addFile(file, {
          videoInfo: { Title: fields.title || baseName(file.name) },
        });
        if (added.ok) extras.current.set(added.item.id, { file, fields, rate: new TransferRate() });
        else refused.push(file.name);
      }
      ensureRunning();
      rerender();
      return refused;
    },
    pause(id: string) {
      uploader.cancelFile(id);
      rerender();
    },
    resume(id: string) {
      const item = uploader.listFiles().find((candidate) => candidate.id === id);
      if (item?.state === 'Canceled') uploader.resumeFile(id);
      const extra = extras.current.get(id);
      if (item?.state === 'Failure' && extra) extra.error = undefined;
      ensureRunning();
      rerender();
    },
    /** Discards the upload (its parts on the store and its resume record); answers its video id. */
    async cancel(id: string): Promise<number | undefined> {
      const item = uploader.listFiles().find((candidate) => candidate.id === id);
      await uploader.abortFile(id);
      uploader.deleteFile(id);
      extras.current.delete(id);
      rerender();
      return item?.videoId ? Number(item.videoId) : undefined;
    },
    pauseAll() {
      uploader.stopUpload();
      for (const item of uploader.listFiles()) if (item.state === 'Ready') uploader.cancelFile(item.id);
      rerender();
    },
    resumeAll() {
      for (const item of uploader.listFiles()) if (item.state === 'Canceled') uploader.resumeFile(item.id);
      ensureRunning();
      rerender();
    },
    /** Removes finished rows from the list. */
    clearFinished() {
      for (const item of uploader.listFiles()) {
        if (item.state === 'Success' && extras.current.get(item.id)?.after === 'done') {
          uploader.deleteFile(item.id);
          extras.current.delete(item.id);
        }
      }
      rerender();
    },
  };
}

export type VodUploads = ReturnType<typeof useVodUploads>;
