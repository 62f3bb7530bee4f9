import { CheckCircleFilled, LoadingOutlined, MobileOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Flex, Typography, theme } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { useT } from '../../locales/index.ts';
import { formatMinutesSeconds } from '../use-countdown.ts';
import type { QrScanPhase, QrScanTicket } from './use-qr-scan-ticket.ts';

const QR_SIZE = 184;
const QR_PADDING = 12;

/** What the code's box says in a phase after the phone confirmed: a spinner or a tick, and a text. */
export interface QrScanDoneStatus {
  busy?: boolean;
  text: string;
}

export interface QrScanPanelProps<Done extends string> {
  scan: QrScanTicket<Done>;
  /** The box's test id; it also carries `data-phase` and `data-qr-url` (while the code shows). */
  testId: string;
  /** The code's accessible name. */
  label: string;
  /** What to do with the phone, below the code. */
  hint: string;
  done: Record<Done, QrScanDoneStatus>;
  /** A link to the code's address under it while it waits (for a phone-less check). */
  openLink?: boolean;
}

/** The QR code of a scan ticket, with what is happening laid over it, and the ticket's life below. */
export function QrScanPanel<Done extends string>({
  scan,
  testId,
  label,
  hint,
  done,
  openLink,
}: QrScanPanelProps<Done>) {
  const t = useT();
  const { token } = theme.useToken();
  const { ticket, phase, secondsLeft, failure, refresh } = scan;
  const showsCode = ticket !== null && phase !== 'loading' && phase !== 'failed';

  const icon = (busy: boolean | undefined) =>
    busy ? (
      <LoadingOutlined style={{ fontSize: 28, color: token.colorPrimary }} />
    ) : (
      <CheckCircleFilled style={{ fontSize: 28, color: token.colorSuccess }} />
    );
  const overlays: Partial<Record<QrScanPhase<string>, ReactNode>> = {
    loading: <LoadingOutlined style={{ fontSize: 28, color: token.colorPrimary }} />,
    failed: (
      <>
        <Typography.Text strong>{failure ?? t('accounts.scan.failed')}</Typography.Text>
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
  };
  for (const [name, status] of Object.entries(done) as [Done, QrScanDoneStatus][]) {
    overlays[name] = (
      <>
        {icon(status.busy)}
        <Typography.Text strong>{status.text}</Typography.Text>
      </>
    );
  }
  const overlay = overlays[phase];
  const box = QR_SIZE + QR_PADDING * 2;

  return (
    <Flex vertical align="center" gap={12} style={{ paddingBlock: 8 }}>
      {/* The code's box is white in both themes, so what lies over it uses the light palette. */}
      <ConfigProvider theme={{ algorithm: theme.defaultAlgorithm }}>
        <div
          data-testid={testId}
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
              title={label}
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
          ? `${hint} · ${t('accounts.scan.expiresIn', { time: formatMinutesSeconds(secondsLeft) })}`
          : hint}
      </Typography.Text>
      {openLink ? (
        // The line keeps its height when empty, so the card does not jump as the state changes.
        <div style={{ minHeight: 22 }}>
          {phase === 'waiting' && ticket ? (
            <Typography.Link href={ticket.qrUrl} target="_blank" rel="noreferrer" style={{ fontSize: 12 }}>
              {t('accounts.scan.openLink')}
            </Typography.Link>
          ) : null}
        </div>
      ) : null}
    </Flex>
  );
}
