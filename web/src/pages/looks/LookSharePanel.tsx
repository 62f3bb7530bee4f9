import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Input, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useT } from '../../locales/index.ts';

/** 分享: the public page's link and QR code, for an online look. */
export function LookSharePanel({ shareUrl, online }: { shareUrl: string; online: boolean }) {
  const t = useT();
  const { message } = App.useApp();
  return (
    <Card title={t('looks.share')}>
      {online ? (
        <Flex gap={16} align="center" wrap>
          <div style={{ background: '#fff', padding: 8, borderRadius: 6, lineHeight: 0 }}>
            <QRCodeSVG value={shareUrl} size={128} title={t('looks.qrLabel')} />
          </div>
          <Flex vertical gap={8} style={{ flex: 1, minWidth: 220 }}>
            <Typography.Text type="secondary">{t('looks.shareHint')}</Typography.Text>
            <Input readOnly value={shareUrl} aria-label={t('looks.share')} data-testid="look-share-url" />
            <Flex gap={8}>
              <Button
                icon={<CopyOutlined />}
                onClick={() =>
                  navigator.clipboard.writeText(shareUrl).then(
                    () => message.success(t('looks.copied')),
                    () => undefined,
                  )
                }
              >
                {t('looks.copyLink')}
              </Button>
              <Button icon={<ExportOutlined />} href={shareUrl} target="_blank" rel="noopener">
                {t('looks.openPage')}
              </Button>
            </Flex>
          </Flex>
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('looks.shareOffline')}</Typography.Text>
      )}
    </Card>
  );
}
