import { CameraOutlined, UndoOutlined } from '@ant-design/icons';
import type { CameraPreset } from '@dc/contract';
import { App, Button, Card, Flex, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useT } from '../../locales/index.ts';
import {
  LookCanvas,
  type LookCanvasHandle,
  type LookCanvasState,
  type ViewerBackground,
} from '../../three/LookCanvas.tsx';

/**
 * The live preview of the look being edited: orbit it, then "save this view" keeps the camera
 * for the look (saved with the form).
 */
export function LookPreview({
  modelUrl,
  background,
  camera,
  tint,
  onCameraChange,
}: {
  modelUrl: string | null;
  background: ViewerBackground | null;
  camera: CameraPreset;
  tint: string | null;
  onCameraChange(camera: CameraPreset): void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const canvas = useRef<LookCanvasHandle>(null);
  const [state, setState] = useState<LookCanvasState>('loading');

  return (
    <Card
      title={t('looks.preview')}
      extra={
        <Flex gap={8}>
          <Button icon={<UndoOutlined />} onClick={() => canvas.current?.setCamera(camera)}>
            {t('looks.resetCamera')}
          </Button>
          <Button
            type="primary"
            ghost
            icon={<CameraOutlined />}
            disabled={!modelUrl || state !== 'ready'}
            onClick={() => {
              const current = canvas.current?.currentCamera();
              if (!current) return;
              onCameraChange(current);
              message.success(t('looks.cameraSaved'));
            }}
          >
            {t('looks.saveCamera')}
          </Button>
        </Flex>
      }
    >
      <div
        style={{ position: 'relative', height: 480, borderRadius: 8, overflow: 'hidden' }}
        data-testid="look-preview"
      >
        <LookCanvas
          ref={canvas}
          modelUrl={modelUrl}
          background={background}
          camera={camera}
          tint={tint}
          label={t('looks.preview')}
          onStateChange={setState}
        />
        {(!modelUrl || state !== 'ready') && (
          <Flex
            align="center"
            justify="center"
            style={{
              position: 'absolute',
              inset: 0,
              pointerEvents: 'none',
              padding: 24,
              textAlign: 'center',
            }}
          >
            {!modelUrl ? (
              <Typography.Text type="secondary">{t('looks.previewNoModel')}</Typography.Text>
            ) : state === 'failed' ? (
              <Typography.Text type="danger">{t('looks.previewFailed')}</Typography.Text>
            ) : (
              <Spin tip={t('looks.previewLoading')}>
                <div style={{ width: 120, height: 40 }} />
              </Spin>
            )}
          </Flex>
        )}
      </div>
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">{t('looks.previewHint')}</Typography.Text>
        <Typography.Text type="secondary" data-testid="look-camera">
          {t('looks.cameraText', { azimuth: camera.azimuth, polar: camera.polar, distance: camera.distance })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
