import { errorCatalogue } from '@dc/contract';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../../http/api-error.ts';
import { messagePage } from '../../http/html-pages.ts';

/** Page titles and texts of the failures a phone can meet. */
function failurePage(error: ApiError): { title: string; zhCN: string; enUS: string } {
  switch (error.code) {
    case 40400:
      return { title: '二维码无效', zhCN: '这个二维码无效。', enUS: 'This QR code is not valid.' };
    case 20002:
      return {
        title: '二维码已过期',
        zhCN: '二维码已过期或已使用，请在电脑上刷新二维码后重新扫码。',
        enUS: 'This QR code has expired or was used: refresh it on the computer and scan again.',
      };
    case 40000:
      return {
        title: '请重新扫码',
        zhCN: '无法确认此设备，请重新扫码打开本页（需要允许 Cookie）。',
        enUS: 'This device could not be recognised: scan the QR code again (cookies must be allowed).',
      };
    case 40300:
      return {
        title: '请求被拒绝',
        zhCN: '只能在扫码打开的确认页上确认。请用手机重新扫描电脑上的二维码。',
        enUS: 'Confirm only on the page the QR code opened: scan the code on the computer again.',
      };
    default:
      return {
        title: '出错了',
        zhCN: error.message || '请稍后再试。',
        enUS: 'Something went wrong; try again later.',
      };
  }
}

/** Renders a thrown ApiError as a page with its catalogue status; rethrows anything else. */
export function sendFailurePage(reply: FastifyReply, error: unknown) {
  if (!(error instanceof ApiError)) throw error;
  const { title, zhCN, enUS } = failurePage(error);
  return reply
    .code(error.httpStatus ?? errorCatalogue[error.code].httpStatus)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(messagePage(title, zhCN, enUS));
}
