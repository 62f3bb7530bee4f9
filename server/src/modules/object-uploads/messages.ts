import { defineMessages } from '../../http/messages.ts';

/** What the object-uploads calls say, in every language of the console. */
export const objectUploadsMessages = defineMessages({
  notPresignedMode: {
    'zh-CN': '此存储的上传不经由本接口',
    'en-US': 'uploads to this store do not go through this call',
  },
  credentialsInvalid: { 'zh-CN': '上传凭证无效', 'en-US': 'the upload credentials are not valid' },
  credentialsExpired: { 'zh-CN': '上传凭证已过期', 'en-US': 'the upload credentials have expired' },
  objectExists: { 'zh-CN': '文件已上传', 'en-US': 'the file is uploaded already' },
  noSuchUpload: { 'zh-CN': '没有这个分片上传', 'en-US': 'no such multipart upload of this file' },
  partTooLarge: {
    'zh-CN': '分片超出声明的文件大小（{max} 字节）',
    'en-US': 'the part goes past the declared file size ({max} bytes)',
  },
  partsTooLarge: {
    'zh-CN': '分片合计 {total} 字节，超出声明的 {max} 字节',
    'en-US': 'the parts hold {total} bytes, more than the declared {max}',
  },
  partMissing: { 'zh-CN': '存储中没有这个分片', 'en-US': 'the store holds no such part' },
  partsOutOfOrder: {
    'zh-CN': '分片须按编号升序且不重复',
    'en-US': 'parts must be in ascending order, each once',
  },
  tooManyUploads: {
    'zh-CN': '该文件已有 {max} 个未完成的上传，请继续其中一个',
    'en-US': 'this file already has {max} unfinished uploads; resume one of them',
  },
  storeRefused: {
    'zh-CN': '存储拒绝了该请求（{reason}）',
    'en-US': 'the store refused the request ({reason})',
  },
});
