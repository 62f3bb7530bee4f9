import type { PublicLook } from '@dc/contract';
import { Empty, Flex, Tag, Typography, theme } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatFen } from '../../components/money.ts';
import {
  isMissingPage,
  PublicPageStatus,
  type PublicPageWait,
  usePublicPageFrame,
} from '../../components/PublicPageStatus.tsx';
import { pictureAt } from '../../components/pictures.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { garmentColor } from '../../three/garment-colors.ts';
import { LookH5Stage } from './LookH5Stage.tsx';
import { fetchPublicLook, sendLookEvent } from './public-service.ts';

type Loaded = { state: PublicPageWait } | { state: 'ready'; look: PublicLook };

/** Rotations are counted at most this often from one page. */
const ROTATION_EVERY_MS = 3000;

/** /3D-h5?id= (issue 9 item 4): an online look for anyone, mobile first, no login. */
export default function ThreedH5Page() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { token } = theme.useToken();
  const page = usePublicPageFrame(640);
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [tint, setTint] = useState<string | null>(null);
  const lastRotation = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to fetch again.
  useEffect(() => {
    if (!Number.isInteger(id) || id < 1) {
      setLoaded({ state: 'missing' });
      return;
    }
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    fetchPublicLook(id, controller.signal).then(
      (look) => {
        setLoaded({ state: 'ready', look });
        setTint(garmentColor(look.products[0]?.color));
        document.title = look.title;
        void sendLookEvent(id, { type: 'view' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ state: isMissingPage(error) ? 'missing' : 'error' });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  const onRotate = useCallback(() => {
    const now = Date.now();
    if (now - lastRotation.current < ROTATION_EVERY_MS) return;
    lastRotation.current = now;
    void sendLookEvent(id, { type: 'rotation' });
  }, [id]);

  const tapProduct = (product: PublicLook['products'][number]) => {
    const colour = garmentColor(product.color);
    if (colour) setTint(colour);
    void sendLookEvent(id, { type: 'productTap', productId: product.productId });
  };

  if (loaded.state !== 'ready') {
    return (
      <PublicPageStatus
        state={loaded.state}
        frame={page}
        texts={{
          loading: t('looks.h5Loading'),
          missing: t('looks.h5NotFound'),
          missingHint: t('looks.h5NotFoundHint'),
          error: t('looks.h5Error'),
          retry: t('looks.retry'),
        }}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }

  const { look } = loaded;
  return (
    <main style={page}>
      <LookH5Stage look={look} tint={tint} onRotate={onRotate} />
      <Flex vertical gap={4} style={{ padding: '16px 16px 8px' }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
          {look.title}
        </Typography.Title>
        {look.designerName && (
          <Typography.Text type="secondary">{t('looks.h5By', { name: look.designerName })}</Typography.Text>
        )}
        {look.description && (
          <Typography.Paragraph style={{ margin: '8px 0 0' }}>{look.description}</Typography.Paragraph>
        )}
      </Flex>
      <section
        style={{ padding: '0 16px 24px' }}
        aria-label={t('looks.h5Products')}
        data-testid="look-h5-products"
      >
        <Typography.Title level={5}>{t('looks.h5Products')}</Typography.Title>
        {look.products.length === 0 ? (
          <Empty description={t('looks.h5NoProducts')} />
        ) : (
          <Flex vertical>
            {look.products.map((product) => (
              <Flex
                key={product.productId}
                role="button"
                tabIndex={0}
                align="center"
                gap={12}
                style={{
                  padding: '12px 0',
                  borderBottom: `1px solid ${token.colorSplit}`,
                  cursor: 'pointer',
                }}
                onClick={() => tapProduct(product)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') tapProduct(product);
                }}
              >
                <img
                  src={pictureAt(product.coverUrl, 160)}
                  alt={product.title}
                  style={{
                    width: 64,
                    height: 64,
                    objectFit: 'cover',
                    borderRadius: 8,
                    background: token.colorFillSecondary,
                  }}
                />
                <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text ellipsis>{product.title}</Typography.Text>
                  {product.color && (
                    <span>
                      <Tag>{product.color}</Tag>
                    </span>
                  )}
                </Flex>
                <Typography.Text strong style={{ color: token.colorPrimaryText, whiteSpace: 'nowrap' }}>
                  ¥{formatFen(product.price, language)}
                </Typography.Text>
              </Flex>
            ))}
          </Flex>
        )}
      </section>
    </main>
  );
}
