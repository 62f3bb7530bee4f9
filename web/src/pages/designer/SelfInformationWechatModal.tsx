import type { WechatBinding } from '@dc/contract';
import { Modal } from 'antd';
import { QrScanPanel } from '../../components/qr-scan/QrScanPanel.tsx';
import { useT } from '../../locales/index.ts';
import { useWechatBindTicket } from './use-wechat-bind-ticket.ts';

/** The QR code of a `bind` ticket: scan with WeChat, confirm on the phone, and it is bound. */
export function SelfInformationWechatModal({
  onClose,
  onBound,
}: {
  onClose(): void;
  onBound(binding: WechatBinding): void;
}) {
  const t = useT();
  const scan = useWechatBindTicket(onBound);
  return (
    <Modal open title={t('selfInfo.wechat.bindTitle')} onCancel={onClose} footer={null} width={360}>
      <QrScanPanel
        scan={scan}
        testId="wechat-bind-qr"
        label={t('selfInfo.wechat.bindTitle')}
        hint={t('selfInfo.wechat.bindHint')}
        done={{
          binding: { busy: true, text: t('selfInfo.wechat.binding') },
          bound: { text: t('selfInfo.wechat.bindDone') },
        }}
      />
    </Modal>
  );
}
