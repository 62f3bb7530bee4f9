import { Spin } from 'antd';
import { useState } from 'react';

/** A route with a frame source: the embedded page with a loading indicator until it loads. */
export function FramePage({ src, title }: { src: string; title: string }) {
  const [loading, setLoading] = useState(true);
  return (
    <Spin spinning={loading}>
      <iframe
        src={src}
        title={title}
        onLoad={() => setLoading(false)}
        style={{ width: '100%', height: 'calc(100vh - 220px)', border: 0 }}
      />
    </Spin>
  );
}
