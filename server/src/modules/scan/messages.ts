import { defineMessages } from '../../http/messages.ts';

/** What the scan area says to a person, in every language of the console. */
export const scanMessages = defineMessages({
  wechatBoundElsewhere: {
    'zh-CN': '此微信已绑定其他账号',
    'en-US': 'this WeChat is bound to another account',
  },
  expiredOrUsed: { 'zh-CN': '已过期或已使用', 'en-US': 'expired or already used' },
  required: { 'zh-CN': '必填', 'en-US': 'required' },
  deviceCookieMissing: { 'zh-CN': '缺少设备 Cookie', 'en-US': 'device cookie missing' },
  missing: { 'zh-CN': '缺失', 'en-US': 'missing' },
  formTokenWrong: { 'zh-CN': '表单令牌缺失或错误', 'en-US': 'form token missing or wrong' },
  formTokenNotThisPage: { 'zh-CN': '不属于此页面', 'en-US': 'does not belong to this page' },
  wechatUnreachable: {
    'zh-CN': '无法连接微信，请稍后再试',
    'en-US': 'WeChat is unreachable; try again later',
  },
  wechatRefused: {
    'zh-CN': '微信拒绝了授权交换（错误码 {errcode}）',
    'en-US': 'WeChat refused the exchange (errcode {errcode})',
  },
  wechatBound: { 'zh-CN': '绑定成功', 'en-US': 'WeChat bound' },
  theQrCodeHasExpired: { 'zh-CN': '二维码已过期，请刷新', 'en-US': 'The QR code has expired: refresh it' },
  scannedConfirmOnThePhone: { 'zh-CN': '已扫码，请在手机上确认', 'en-US': 'Scanned: confirm on the phone' },
  loggedIn: { 'zh-CN': '登录成功', 'en-US': 'Logged in' },
  confirmed: { 'zh-CN': '已确认', 'en-US': 'Confirmed' },
  waitingForTheScan: { 'zh-CN': '等待扫码', 'en-US': 'Waiting for the scan' },
  wechatUnbound: { 'zh-CN': '已解绑', 'en-US': 'WeChat unbound' },
  theQrCodeHasExpired2: {
    'zh-CN': '二维码已过期或已使用，请刷新二维码后重新扫码',
    'en-US': 'The QR code has expired or was used: refresh it and scan again',
  },
  unknownQrCode: { 'zh-CN': '二维码无效', 'en-US': 'Unknown QR code' },
  scanTheQrCodeAnd: {
    'zh-CN': '请先在手机上扫码并确认',
    'en-US': 'Scan the QR code and confirm on the phone first',
  },
  noWechatIsBound: { 'zh-CN': '未绑定微信', 'en-US': 'No WeChat is bound' },
  pollSecretMissing: {
    'zh-CN': '缺少 {header}：请使用创建二维码时返回的 pollSecret',
    'en-US': '{header} is missing: send the pollSecret the ticket was created with',
  },
});
