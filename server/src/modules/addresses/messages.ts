import { defineMessages } from '../../http/messages.ts';

/** What the addresses area says to a person, in every language of the console. */
export const addressesMessages = defineMessages({
  oneDefault: {
    'zh-CN': '总有一个默认地址：请改为将另一个地址设为默认',
    'en-US': 'one address is always the default: set another address as default instead',
  },
  addressesAtMost: {
    'zh-CN': '最多 {max} 个地址，请先删除一个',
    'en-US': 'at most {max} addresses; delete one first',
  },
  addressAdded: { 'zh-CN': '地址已添加', 'en-US': 'Address added' },
  addressSaved: { 'zh-CN': '地址已保存', 'en-US': 'Address saved' },
  addressDeleted: { 'zh-CN': '地址已删除', 'en-US': 'Address deleted' },
  setAsDefault: { 'zh-CN': '已设为默认地址', 'en-US': 'Set as default' },
});
