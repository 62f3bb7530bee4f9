import { CheckCircleFilled, LoadingOutlined, MobileOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ScanPollAnswer } from '@dc/contract';
import { Button, ConfigProvider, Flex, Typography, theme } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { useT } from '../../locales/index.ts';
import { formatMinutesSeconds } from './use-countdown.ts';
import { type ScanPhase, useScanTicket } from './use-scan-ticket.ts';

const QR_SIZE = 184;
const QR_PADDING = 12;

/** The QR code of a scan ticket, with what is happening laid over it, and the ticket's life below. */
export function ScanQrPanel({ onConfirmed }: { onConfirmed(answer: ScanPollAnswer): void }) {
  const t = useT();
  const { token } = theme.useToken();
  const { ticket, phase, secondsLeft, refresh } = useScanTicket(onConfirmed);
  const showsCode = ticket !== null && phase !== 'loading' && phase !== 'failed';

  const overlays: Partial<Record<ScanPhase, ReactNode>> = {
    loading: <LoadingOutlined style={{ fontSize: 28, color: token.colorPrimary }} />,
    failed: (
      <>
        <Typography.Text strong>{t('accounts.scan.failed')}</Typography.Text>
        <Button type="primary" icon={<ReloadOutlined />} onClick={refresh}>
          {t('common.retry')}
        </Button>
      </>
    ),
    expired: (
      <>
        <Typography.Text strong>{t('accounts.scan.expired')}</Typography.Text>
        <Button type="primary" icon={<ReloadOutlined />} onClick={refresh} data-testid="scan-refresh">
          {t('accounts.scan.refresh')}
        </Button>
      </>
    ),
    scanned: (
      <>
        <MobileOutlined style={{ fontSize: 28, color: token.colorPrimary }} />
        <Typography.Text strong>{t('accounts.scan.scanned')}</Typography.Text>
      </>
    ),
    confirmed: (
      <>
        <CheckCircleFilled style={{ fontSize: 28, color: token.colorSuccess }} />
        <Typography.Text strong>{t('accounts.scan.confirmed')}</Typography.Text>
      </>
    ),
  };
  const overlay = overlays[phase];
  const box = QR_SIZE + QR_PADDING * 2;

  return (
    <Flex vertical align="center" gap={12} style={{ paddingBlock: 8 }}>
      {/* The code's box is white in both themes, so what lies over it uses the light palette. */}
      <ConfigProvider theme={{ algorithm: theme.defaultAlgorithm }}>
        <div
          data-testid="scan-qr"
          data-phase={phase}
          data-qr-url={showsCode ? ticket.qrUrl : undefined}
          style={{
            position: 'relative',
            width: box,
            height: box,
            padding: QR_PADDING,
            // Dark on white in the dark theme too: phone cameras expect it.
            background: '#ffffff',
            borderRadius: token.borderRadiusLG,
            border: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {showsCode ? (
            <QRCodeSVG
              value={ticket.qrUrl}
              size={QR_SIZE}
              level="M"
              title={t('accounts.scan.qrLabel')}
              style={{ display: 'block', opacity: overlay ? 0.12 : 1 }}
            />
          ) : null}
          {overlay ? (
            <Flex
              vertical
              align="center"
              justify="center"
              gap={12}
              role="status"
              style={{ position: 'absolute', inset: 0, padding: 16, textAlign: 'center' }}
            >
              {overlay}
            </Flex>
          ) : null}
        </div>
      </ConfigProvider>
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        {phase === 'waiting' || phase === 'scanned'
          ? `${t('accounts.scan.hint')} · ${t('accounts.scan.expiresIn', { time: formatMinutesSeconds(secondsLeft) })}`
          : t('accounts.scan.hint')}
      </Typography.Text>
      {/* The line keeps its height when empty, so the card does not jump as the state changes. */}
      <div style={{ minHeight: 22 }}>
        {phase === 'waiting' && ticket ? (
          <Typography.Link href={ticket.qrUrl} target="_blank" rel="noreferrer" style={{ fontSize: 12 }}>
            {t('accounts.scan.openLink')}
          </Typography.Link>
        ) : null}
      </div>
    </Flex>
  );
}
