import { defineMessages } from '../../http/messages.ts';

/** What the videos area says to a person, in every language of the console. */
export const videosMessages = defineMessages({
  fileTooLarge: { 'zh-CN': '不能超过 {size}', 'en-US': 'at most {size}' },
  videoUploadedAlready: { 'zh-CN': '视频已上传', 'en-US': 'the video is uploaded already' },
  alreadyUploaded: { 'zh-CN': '已上传', 'en-US': 'already uploaded' },
  videoFileNotStored: {
    'zh-CN': '视频文件尚未到达存储',
    'en-US': 'the video file has not reached the store yet',
  },
  notVideoFile: { 'zh-CN': '不是视频文件（{known}）', 'en-US': 'not a video file ({known})' },
  videoProcessing: { 'zh-CN': '视频已上传，正在转码', 'en-US': 'Video uploaded; it is being processed' },
  coverChosen: { 'zh-CN': '封面已更新', 'en-US': 'Cover updated' },
  noFramesYet: {
    'zh-CN': '状态为 {status} 的视频还没有可选的画面',
    'en-US': 'a video that is {status} has no frames to choose yet',
  },
  frameAfterEnd: { 'zh-CN': '不能超过视频时长 {seconds} 秒', 'en-US': 'at most the video’s {seconds} s' },
  videoSaved: { 'zh-CN': '视频已保存', 'en-US': 'Video saved' },
  videoDeleted: { 'zh-CN': '视频已删除', 'en-US': 'Video deleted' },
  videoTakenOffline: { 'zh-CN': '视频已下线', 'en-US': 'Video taken offline' },
  videoOnlineAgain: { 'zh-CN': '视频已上线', 'en-US': 'Video published' },
  cannotTakeOffline: {
    'zh-CN': '状态为 {status} 的视频不能下线',
    'en-US': 'a video that is {status} cannot be taken offline',
  },
  cannotPublish: {
    'zh-CN': '状态为 {status} 的视频不能上线',
    'en-US': 'a video that is {status} cannot be published',
  },
});
