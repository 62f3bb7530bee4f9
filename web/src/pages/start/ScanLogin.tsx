import type { ScanPollAnswer } from '@dc/contract';
import { useState } from 'react';
import { ScanQrPanel } from './ScanQrPanel.tsx';
import { ScanRegisterStep } from './ScanRegisterStep.tsx';
import { useFinishSignIn } from './use-finish-sign-in.ts';

/**
 * Scan-code login: the QR code until the phone confirms; then a known phone is logged in, and an
 * unknown one goes on to the registration-by-scan step. "Scan again" brings a fresh QR code.
 */
export function ScanLogin() {
  const [resignerId, setResignerId] = useState<string | null>(null);
  const finishSignIn = useFinishSignIn();

  const onConfirmed = (answer: ScanPollAnswer) => {
    if (answer.token) {
      // Scan sessions are not "remembered" by the server: they end with the browser.
      finishSignIn({ token: answer.token, newly_register: answer.newly_register ?? 0 }, false);
    } else if (answer.resigner_id) {
      setResignerId(answer.resigner_id);
    }
  };

  if (resignerId) return <ScanRegisterStep resignerId={resignerId} onRestart={() => setResignerId(null)} />;
  return <ScanQrPanel onConfirmed={onConfirmed} />;
}
