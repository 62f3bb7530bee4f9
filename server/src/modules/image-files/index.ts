/** The image-files area's front door: what other areas and the app use of it. */
export {
  type ImageCheckCtx,
  imageCheckCtxOf,
  keptImageUrl,
  keptImageUrls,
  keptRichTextImages,
  ownStoredImageUrl,
} from './owned.ts';
export { imageFilesRoutes } from './routes.ts';
export { demoPictureKey, demoPictureUrl, imageFileUrl, imageKeyOfUrl } from './store.ts';
export {
  createImageUpload,
  finishImageUpload,
  type ImageUploadCtx,
  ownImage,
  refreshImageUpload,
} from './uploads.ts';
