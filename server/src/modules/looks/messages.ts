import { defineMessages } from '../../http/messages.ts';

/** What the looks area says to a person, in every language of the console. */
export const looksMessages = defineMessages({
  builtInReadOnly: {
    'zh-CN': '随应用提供：可以使用，不能修改或删除',
    'en-US': 'shipped with the app: it can be used, not changed or deleted',
  },
  noSuchImage: { 'zh-CN': '没有这张图片', 'en-US': 'no such image of yours' },
  modelUploadedAlready: { 'zh-CN': '模型已上传', 'en-US': 'the model is uploaded already' },
  alreadyUploaded: { 'zh-CN': '已上传', 'en-US': 'already uploaded' },
  modelFileNotStored: {
    'zh-CN': '模型文件尚未到达存储',
    'en-US': 'the model file has not reached the store yet',
  },
  modelStillUploading: { 'zh-CN': '模型尚未上传完成', 'en-US': 'the model has not finished uploading' },
  modelUsedOnline: {
    'zh-CN': '{online} 个上线的搭配正在使用此模型，请先将其下线',
    'en-US': '{online} online look(s) use this model; take them offline first',
  },
  usedByOnlineLooks: { 'zh-CN': '上线的搭配正在使用', 'en-US': 'used by online looks' },
  modelUsedByLooks: {
    'zh-CN': '{uses} 个搭配正在使用此模型，请先在那里更换模型',
    'en-US': 'used by {uses} look(s); choose another model there first',
  },
  backgroundUsedByLooks: {
    'zh-CN': '{uses} 个搭配正在使用此背景，请先在那里更换背景',
    'en-US': 'used by {uses} look(s); choose another background there first',
  },
  backgroundNeedsPicture: { 'zh-CN': '{kind} 背景需要上传图片', 'en-US': '{kind} needs an uploaded picture' },
  whichProductTapped: { 'zh-CN': '请指明点击的商品', 'en-US': 'which product was tapped' },
  notProductOfLook: { 'zh-CN': '不是此搭配的商品', 'en-US': 'not a product of this look' },
  noSuchModel: { 'zh-CN': '模型不存在', 'en-US': 'no such model' },
  modelDisabled: { 'zh-CN': '模型已停用', 'en-US': 'the model is disabled' },
  onlineNeedsReadyModel: {
    'zh-CN': '搭配只能使用已就绪的模型上线',
    'en-US': 'a look goes online with a ready model only',
  },
  onlineNeedsModel: { 'zh-CN': '没有模型的搭配不能上线', 'en-US': 'a look without a model cannot go online' },
  noSuchBackground: { 'zh-CN': '背景不存在', 'en-US': 'no such background' },
  noSuchProduct: { 'zh-CN': '没有这件商品', 'en-US': 'no such product of yours' },
  notColourOfProduct: { 'zh-CN': '不是此商品的颜色', 'en-US': 'not a colour of this product' },
  backgroundAdded: { 'zh-CN': '背景已添加', 'en-US': 'Background added' },
  backgroundSaved: { 'zh-CN': '背景已保存', 'en-US': 'Background saved' },
  backgroundDeleted: { 'zh-CN': '背景已删除', 'en-US': 'Background deleted' },
  modelUploaded: { 'zh-CN': '模型已上传', 'en-US': 'Model uploaded' },
  modelSaved: { 'zh-CN': '模型已保存', 'en-US': 'Model saved' },
  modelDeleted: { 'zh-CN': '模型已删除', 'en-US': 'Model deleted' },
  lookCreated: { 'zh-CN': '搭配已创建', 'en-US': 'Look created' },
  lookSaved: { 'zh-CN': '搭配已保存', 'en-US': 'Look saved' },
  lookIsOnline: { 'zh-CN': '搭配已上线', 'en-US': 'Look is online' },
  lookIsOffline: { 'zh-CN': '搭配已下线', 'en-US': 'Look is offline' },
  lookDeleted: { 'zh-CN': '搭配已删除', 'en-US': 'Look deleted' },
  glbTooLarge: { 'zh-CN': '大于 {mb} MB', 'en-US': 'larger than {mb} MB' },
  glbNotBinary: { 'zh-CN': '不是二进制 glTF 文件（.glb）', 'en-US': 'not a binary glTF file (.glb)' },
  glbVersion: {
    'zh-CN': 'glTF 版本为 {version}；需要版本 2',
    'en-US': 'glTF version {version}; version 2 is needed',
  },
  glbCutShort: { 'zh-CN': '文件被截断或有多余填充', 'en-US': 'the file is cut short or padded' },
  glbFirstChunk: { 'zh-CN': '第一个数据块不是 JSON', 'en-US': 'the first chunk is not JSON' },
  glbJsonTooLarge: { 'zh-CN': 'JSON 数据块过大', 'en-US': 'the JSON chunk is too large' },
  glbJsonInvalid: { 'zh-CN': 'JSON 数据块不是有效的 JSON', 'en-US': 'the JSON chunk is not valid JSON' },
  glbAssetVersion: { 'zh-CN': 'asset.version 不是 2.0', 'en-US': 'asset.version is not 2.0' },
  glbAccessorMissing: {
    'zh-CN': '网格引用了不存在的访问器',
    'en-US': 'a mesh names an accessor that does not exist',
  },
  glbNoTriangles: { 'zh-CN': '文件中没有三角形', 'en-US': 'the file has no triangles' },
  glbTooManyTriangles: {
    'zh-CN': '{triangles} 个三角形；最多 {max} 个',
    'en-US': '{triangles} triangles; at most {max}',
  },
});
