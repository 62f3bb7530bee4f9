import type { ScanPollAnswer } from '@dc/contract';
import { QrScanPanel } from '../../components/qr-scan/QrScanPanel.tsx';
import { useT } from '../../locales/index.ts';
import { useScanTicket } from './use-scan-ticket.ts';

/** The login page's QR code: scan with the app, confirm on the phone, and it is signed in. */
export function ScanQrPanel({ onConfirmed }: { onConfirmed(answer: ScanPollAnswer): void }) {
  const t = useT();
  const scan = useScanTicket(onConfirmed);
  return (
    <QrScanPanel
      scan={scan}
      testId="scan-qr"
      label={t('accounts.scan.qrLabel')}
      hint={t('accounts.scan.hint')}
      done={{ confirmed: { text: t('accounts.scan.confirmed') } }}
      openLink
    />
  );
}
