import { defineMessages } from '../../http/messages.ts';

/** What the courses area says to a person, in every language of the console. */
export const coursesMessages = defineMessages({
  chooseYourVideo: { 'zh-CN': '请选择你的视频', 'en-US': 'choose one of your videos' },
  videoNotPublished: { 'zh-CN': '视频尚未发布', 'en-US': 'the video is not published' },
  needsALesson: {
    'zh-CN': '上架课程前请至少添加一个课时',
    'en-US': 'add at least one lesson before putting the course on sale',
  },
  notChapterOfCourse: { 'zh-CN': '不是此课程的章节', 'en-US': 'not a chapter of this course' },
  notLessonOfCourse: { 'zh-CN': '不是此课程的课时', 'en-US': 'not a lesson of this course' },
  alreadyOnSale: { 'zh-CN': '课程已上架', 'en-US': 'the course is already on sale' },
  notOnSale: { 'zh-CN': '课程未上架', 'en-US': 'the course is not on sale' },
  onlyDraftDeleted: {
    'zh-CN': '只能删除草稿；请改为下架该课程',
    'en-US': 'only a draft can be deleted; take the course off shelf instead',
  },
  listEveryLessonOnce: {
    'zh-CN': '请将课程的每个章节和课时各列出一次',
    'en-US': 'list every chapter and every lesson of the course exactly once',
  },
  noSuchCourse: { 'zh-CN': '课程不存在', 'en-US': 'no such course' },
  noSuchUser: { 'zh-CN': '用户不存在', 'en-US': 'no such user' },
  pricePaidFen: {
    'zh-CN': '价格须为非负整数（分）',
    'en-US': 'the price must be a non-negative integer (fen)',
  },
  boughtAlready: { 'zh-CN': '该用户已购买此课程', 'en-US': 'the user has bought this course already' },
  courseCreated: { 'zh-CN': '课程已创建', 'en-US': 'Course created' },
  courseSaved: { 'zh-CN': '课程已保存', 'en-US': 'Course saved' },
  courseDeleted: { 'zh-CN': '课程已删除', 'en-US': 'Course deleted' },
  courseOnSale: { 'zh-CN': '课程已上架', 'en-US': 'Course on sale' },
  courseTakenOffShelf: { 'zh-CN': '课程已下架', 'en-US': 'Course taken off shelf' },
  lessonOrderSaved: { 'zh-CN': '课时顺序已保存', 'en-US': 'Lesson order saved' },
});
