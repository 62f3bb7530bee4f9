import { defineMessages } from '../../http/messages.ts';

/** What the image files area says to a person, in every language of the console. */
export const imageFilesMessages = defineMessages({
  mustBeUploadedImage: {
    'zh-CN': '须为通过图片上传得到的图片',
    'en-US': 'must be an image uploaded through the image upload',
  },
  noSuchImage: { 'zh-CN': '没有这张图片', 'en-US': 'no such image of yours' },
  notImageFile: { 'zh-CN': '不是图片文件（{known}）', 'en-US': 'not an image file ({known})' },
  pictureUnusable: {
    'zh-CN': '文件不是可用的图片：{reason}',
    'en-US': 'the file is not a usable picture: {reason}',
  },
  imageNotStored: { 'zh-CN': '图片尚未到达存储', 'en-US': 'the image has not reached the store yet' },
  urlOrUploadedImage: {
    'zh-CN': '须为 http(s) 网址或已上传的图片',
    'en-US': 'must be an http(s) URL or an uploaded image',
  },
  imageListedTwice: { 'zh-CN': '同一张图片列出了两次', 'en-US': 'the same image is listed twice' },
  noOutsidePictures: {
    'zh-CN': '图片须通过图片上传，不能链接外部地址',
    'en-US': 'pictures must be uploaded through the image upload, not linked from outside',
  },
});
