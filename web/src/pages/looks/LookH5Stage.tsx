import type { PublicLook } from '@dc/contract';
import { Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { pictureAt } from '../../components/pictures.ts';
import { useT } from '../../locales/index.ts';
import { backdropStyle } from '../../three/backdrop.ts';
import { LookCanvas, type LookCanvasState } from '../../three/LookCanvas.tsx';
import { webglAvailable } from './public-service.ts';

/**
 * The stage of the public page: the poster over the background at once; the 3D model after the
 * first paint (three.js and the .glb are fetched only then), the poster fading out once the
 * model is drawn. Without WebGL, or when the model fails, the poster stays with a note.
 */
export function LookH5Stage({
  look,
  tint,
  onRotate,
}: {
  look: PublicLook;
  tint: string | null;
  onRotate(): void;
}) {
  const t = useT();
  const [mount3d, setMount3d] = useState(false);
  const [state, setState] = useState<LookCanvasState>('loading');
  const [noWebgl, setNoWebgl] = useState(false);

  useEffect(() => {
    if (!webglAvailable()) {
      setNoWebgl(true);
      return;
    }
    // Let the poster paint first; then load the 3D.
    const frame = requestAnimationFrame(() => setTimeout(() => setMount3d(true), 0));
    return () => cancelAnimationFrame(frame);
  }, []);

  const failed = noWebgl || state === 'failed';
  const showPoster = !mount3d || state !== 'ready';
  return (
    <div
      style={{
        ...backdropStyle(look.background),
        position: 'relative',
        height: '62vh',
        minHeight: 320,
        overflow: 'hidden',
      }}
      data-testid="look-stage"
    >
      {mount3d && !failed && (
        <LookCanvas
          modelUrl={look.modelUrl}
          background={look.background}
          camera={look.camera}
          tint={tint}
          label={t('looks.h5Canvas', { title: look.title })}
          onStateChange={setState}
          onRotate={onRotate}
          style={{ position: 'absolute', inset: 0 }}
        />
      )}
      {look.posterUrl && (
        <img
          src={pictureAt(look.posterUrl, 1280)}
          alt={look.title}
          style={{
            position: 'absolute',
            left: '50%',
            bottom: '4%',
            height: '88%',
            transform: 'translateX(-50%)',
            objectFit: 'contain',
            opacity: showPoster ? 1 : 0,
            transition: 'opacity 400ms ease',
            pointerEvents: 'none',
          }}
        />
      )}
      <div
        style={{
          position: 'absolute',
          left: 0,
          right: 0,
          top: 12,
          textAlign: 'center',
          pointerEvents: 'none',
        }}
      >
        {failed ? (
          <Typography.Text
            style={{ background: 'rgba(0,0,0,0.55)', color: '#fff', padding: '4px 10px', borderRadius: 12 }}
          >
            {t('looks.h5Fallback')}
          </Typography.Text>
        ) : state === 'ready' && mount3d ? (
          <Typography.Text
            style={{ background: 'rgba(0,0,0,0.45)', color: '#fff', padding: '4px 10px', borderRadius: 12 }}
          >
            {t('looks.h5Hint')}
          </Typography.Text>
        ) : (
          <Spin size="small" tip={t('looks.h5ModelLoading')}>
            <div style={{ width: 160, height: 24 }} />
          </Spin>
        )}
      </div>
    </div>
  );
}
