import { DownloadOutlined } from '@ant-design/icons';
import type { RecruitmentSettings } from '@dc/contract';
import { Button, Card, Flex, Typography, theme } from 'antd';
import { QRCodeCanvas } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../locales/index.ts';
import { drawPoster, loadPosterImage, POSTER_HEIGHT, POSTER_WIDTH } from './poster-draw.ts';
import { recruitLink } from './service.ts';

/** The QR poster (issue 7 item 7), drawn on a canvas from the saved settings and downloadable as PNG. */
export function RecruitPoster({ settings }: { settings: RecruitmentSettings }) {
  const t = useT();
  const { token } = theme.useToken();
  const poster = useRef<HTMLCanvasElement>(null);
  const qr = useRef<HTMLCanvasElement>(null);
  const [ready, setReady] = useState(false);
  const link = recruitLink(settings.shareBase, settings.slug, 'poster');
  const title = t('recruit.posterTitle', { name: settings.designerName });
  const benefit = settings.benefit || settings.welcome;
  const caption = t('recruit.posterScan');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new link redraws the QR canvas the poster copies.
  useEffect(() => {
    let cancelled = false;
    setReady(false);
    void loadPosterImage(settings.coverUrl).then((cover) => {
      if (cancelled || !poster.current) return;
      drawPoster(poster.current, {
        title,
        benefit,
        caption,
        cover,
        qr: qr.current,
        brandColor: token.colorPrimary,
      });
      setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, [settings.coverUrl, title, benefit, caption, token.colorPrimary, link]);
  const download = () => {
    poster.current?.toBlob((blob) => {
      if (!blob) return;
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = `recruit-poster-${settings.slug}.png`;
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    }, 'image/png');
  };
  return (
    <Card title={t('recruit.poster')}>
      <Flex vertical gap={12} align="center">
        <canvas
          ref={poster}
          width={POSTER_WIDTH}
          height={POSTER_HEIGHT}
          role="img"
          aria-label={t('recruit.posterLabel')}
          data-testid="recruit-poster"
          style={{
            width: '100%',
            maxWidth: 300,
            aspectRatio: `${POSTER_WIDTH} / ${POSTER_HEIGHT}`,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
          }}
        />
        <QRCodeCanvas ref={qr} value={link} size={400} marginSize={2} style={{ display: 'none' }} />
        <Typography.Text type="secondary">{t('recruit.posterHint')}</Typography.Text>
        <Button type="primary" icon={<DownloadOutlined />} disabled={!ready} onClick={download}>
          {t('recruit.posterDownload')}
        </Button>
      </Flex>
    </Card>
  );
}
