import { defineMessages } from '../../http/messages.ts';

/** What the operator route says, in every language of the console. */
export const operatorMessages = defineMessages({
  loopbackOnly: {
    'zh-CN': '运维接口只接受本机的请求',
    'en-US': 'The operator route answers requests from this machine only',
  },
  wrongToken: {
    'zh-CN': '运维令牌错误或缺失（DATA_DIR/operator.json）',
    'en-US': 'Wrong or missing operator token (DATA_DIR/operator.json)',
  },
});
