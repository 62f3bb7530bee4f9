import { Flex, Image } from 'antd';
import { useState } from 'react';
import { pictureAt } from '../../components/pictures.ts';

const FALLBACK = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

/** The product's images: a large one and the thumbnails to switch it (the first is the cover). */
export function ProductGallery({ images, title }: { images: string[]; title: string }) {
  const [current, setCurrent] = useState(0);
  const shown = images[current] ?? images[0];
  return (
    // At most 360 px square, narrower on a phone.
    <Flex vertical gap={8} data-testid="product-gallery" style={{ width: '100%', maxWidth: 360 }}>
      <Image
        src={pictureAt(shown, 1280)}
        alt={title}
        width="100%"
        style={{ aspectRatio: '1 / 1', objectFit: 'cover', borderRadius: 8 }}
        fallback={FALLBACK}
      />
      <Flex gap={8} wrap style={{ maxWidth: 360 }}>
        {images.map((src, index) => (
          <button
            key={src}
            type="button"
            aria-label={`${title} ${index + 1}`}
            aria-pressed={index === current}
            onClick={() => setCurrent(index)}
            style={{
              padding: 0,
              border:
                index === current ? '2px solid var(--ant-color-primary, #593BFF)' : '2px solid transparent',
              borderRadius: 6,
              background: 'none',
              cursor: 'pointer',
            }}
          >
            <img
              src={pictureAt(src, 160)}
              alt=""
              width={56}
              height={56}
              style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
            />
          </button>
        ))}
      </Flex>
    </Flex>
  );
}
