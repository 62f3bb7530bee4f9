import { taskQueue } from './task-queue.ts';

/**
 * Pictures decoded at a time in this process: the checks of upload-finished, the cleaning of a
 * picture's metadata and the making of its renditions (at upload-finished, or when a rendition is
 * first asked for) all take their turn here, so twenty uploads finished and a list of forty
 * thumbnails asked at once still decode one picture at a time.
 */
export const decodeOneAtATime = taskQueue(1);

/** A decode that takes longer gives way (and is refused) so the queue behind it keeps moving. */
export const DECODE_SECONDS = 20;
