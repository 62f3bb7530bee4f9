import type { CameraPreset } from '@dc/contract';
import { type CSSProperties, type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { LookViewer, ViewerBackground } from './look-viewer.ts';

export type { ViewerBackground };

/** What a page can ask of a drawn look: the camera as the viewer left it, or a preset to show. */
export interface LookCanvasHandle {
  currentCamera(): CameraPreset | undefined;
  setCamera(camera: CameraPreset): void;
}

export type LookCanvasState = 'loading' | 'ready' | 'failed';

interface LookCanvasProps {
  modelUrl: string | null;
  background: ViewerBackground | null;
  camera: CameraPreset;
  tint?: string | null;
  ref?: Ref<LookCanvasHandle>;
  /** 'failed' when WebGL is missing or the model does not load: show the poster instead. */
  onStateChange?(state: LookCanvasState): void;
  onRotate?(): void;
  style?: CSSProperties;
  label: string;
}

/**
 * The live 3D view of a look. three.js arrives by a dynamic import when this mounts, never with
 * the page's own chunk. The camera prop applies on mount; later, `setCamera` on the handle.
 */
export function LookCanvas({
  modelUrl,
  background,
  camera,
  tint = null,
  ref,
  onStateChange,
  onRotate,
  style,
  label,
}: LookCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const viewer = useRef<LookViewer | null>(null);
  const [ready, setReady] = useState(false);
  const initial = useRef({ modelUrl, background, camera, tint });
  const callbacks = useRef({ onStateChange, onRotate });
  callbacks.current = { onStateChange, onRotate };

  useImperativeHandle(ref, () => ({
    currentCamera: () => viewer.current?.currentCamera(),
    setCamera: (preset) => viewer.current?.setCamera(preset),
  }));

  useEffect(() => {
    let cancelled = false;
    callbacks.current.onStateChange?.('loading');
    import('./look-viewer.ts')
      .then(({ createLookViewer }) => {
        if (cancelled || !container.current) return;
        const first = initial.current;
        viewer.current = createLookViewer(container.current, {
          ...first,
          onRotate: () => callbacks.current.onRotate?.(),
          onModelReady: () => callbacks.current.onStateChange?.('ready'),
          onModelError: () => callbacks.current.onStateChange?.('failed'),
        });
        setReady(true);
        if (!first.modelUrl) callbacks.current.onStateChange?.('ready');
      })
      .catch(() => {
        if (!cancelled) callbacks.current.onStateChange?.('failed');
      });
    return () => {
      cancelled = true;
      viewer.current?.dispose();
      viewer.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) viewer.current?.setModel(modelUrl);
  }, [ready, modelUrl]);
  useEffect(() => {
    if (ready) viewer.current?.setBackground(background);
  }, [ready, background]);
  useEffect(() => {
    if (ready) viewer.current?.setTint(tint);
  }, [ready, tint]);

  return (
    <div ref={container} role="img" aria-label={label} style={{ width: '100%', height: '100%', ...style }} />
  );
}
