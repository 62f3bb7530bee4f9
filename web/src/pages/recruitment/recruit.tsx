import { CheckCircleFilled, GiftOutlined } from '@ant-design/icons';
import {
  channelOf,
  ErrorCode,
  type PublicRecruitment,
  RECRUIT_NICKNAME_MAX,
  type RecruitFollowAnswer,
  recruitFollowBodySchema,
  recruitFollowGenders,
} from '@dc/contract';
import { Alert, Avatar, Button, Card, Flex, Form, Input, Radio, Result, Typography, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  isMissingPage,
  PublicPageStatus,
  type PublicPageWait,
  usePublicPageFrame,
} from '../../components/PublicPageStatus.tsx';
import { pictureAt } from '../../components/pictures.ts';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf, isApiRequestError } from '../../request/index.ts';
import { fetchPublicRecruitment, followDesigner, sendRecruitVisit } from './public-service.ts';

type Loaded = { state: PublicPageWait } | { state: 'ready'; page: PublicRecruitment };

interface FollowValues {
  nickname: string;
  gender: (typeof recruitFollowGenders)[number];
}

/** /recruit/:slug?ch= (issue 7 item 7): the designer's recruitment page for anyone, mobile first, no login. */
export default function RecruitPage() {
  const t = useT();
  const { token } = theme.useToken();
  const frame = usePublicPageFrame(560);
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const channel = channelOf(search.get('ch'));
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [followed, setFollowed] = useState<RecruitFollowAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm<FollowValues>();
  const visitSent = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to fetch again.
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    fetchPublicRecruitment(slug, controller.signal).then(
      (page) => {
        setLoaded({ state: 'ready', page });
        document.title = page.designerName;
        if (!visitSent.current) {
          visitSent.current = true;
          void sendRecruitVisit(slug, channel);
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ state: isMissingPage(error) ? 'missing' : 'error' });
      },
    );
    return () => controller.abort();
  }, [slug, attempt]);

  const follow = async (values: FollowValues) => {
    setSending(true);
    setFailure(null);
    try {
      setFollowed(await followDesigner(slug, { ...values, channel }));
    } catch (error) {
      const fields = fieldErrorsOf<Parameters<typeof form.setFields>[0][number]>(error);
      if (fields.length > 0) form.setFields(fields);
      else if (isApiRequestError(error) && error.code === ErrorCode.rateLimited) {
        const seconds = (error.data as { retryAfter?: number } | null)?.retryAfter ?? 60;
        setFailure(t('recruit.h5.rateLimited', { seconds }));
      } else if (isApiRequestError(error) && error.code === ErrorCode.notFound) {
        setLoaded({ state: 'missing' });
      } else setFailure(t('recruit.h5.failed'));
    } finally {
      setSending(false);
    }
  };

  if (loaded.state !== 'ready') {
    return (
      <PublicPageStatus
        state={loaded.state}
        frame={frame}
        texts={{
          loading: t('recruit.h5.loading'),
          missing: t('recruit.h5.missing'),
          error: t('recruit.h5.error'),
          retry: t('recruit.h5.retry'),
        }}
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }

  const { page } = loaded;
  return (
    <main style={frame}>
      <div
        style={{
          height: 220,
          background: page.coverUrl
            ? `center / cover no-repeat url("${encodeURI(page.coverUrl)}")`
            : `linear-gradient(135deg, ${token.colorPrimary}, #13A8A8)`,
        }}
        role="img"
        aria-label={page.designerName}
      />
      <Flex vertical gap={16} style={{ padding: 16, marginTop: -48 }}>
        <Card>
          <Flex vertical gap={12} align="center" style={{ textAlign: 'center' }}>
            <Avatar size={72} src={pictureAt(page.designerAvatar, 160)} alt="" style={{ marginTop: -60 }}>
              {page.designerName.slice(0, 1)}
            </Avatar>
            <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
              {page.designerName}
            </Typography.Title>
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
              {page.welcome}
            </Typography.Paragraph>
          </Flex>
        </Card>
        {page.benefit && (
          <Card size="small">
            <Flex gap={8} align="flex-start">
              <GiftOutlined style={{ color: token.colorPrimary, fontSize: 20, marginTop: 2 }} />
              <Flex vertical>
                <Typography.Text strong>{t('recruit.h5.benefit')}</Typography.Text>
                <Typography.Text>{page.benefit}</Typography.Text>
              </Flex>
            </Flex>
          </Card>
        )}
        {followed ? (
          <Card data-testid="recruit-thanks">
            <Result
              icon={<CheckCircleFilled style={{ color: token.colorSuccess }} />}
              title={t('recruit.h5.thanks')}
              subTitle={t('recruit.h5.thanksText', {
                nickname: followed.nickname,
                name: followed.designerName,
              })}
            />
          </Card>
        ) : (
          <Card title={t('recruit.h5.formTitle')}>
            <Form<FollowValues>
              form={form}
              layout="vertical"
              initialValues={{ nickname: '', gender: 'female' }}
              onFinish={(values) => void follow(values)}
              data-testid="recruit-follow-form"
            >
              <Form.Item
                name="nickname"
                label={t('recruit.h5.nickname')}
                rules={[
                  { required: true, whitespace: true, message: t('recruit.h5.nicknamePlaceholder') },
                  zodFieldRule(recruitFollowBodySchema.shape.nickname, (issue) => issue.message),
                ]}
              >
                <Input
                  maxLength={RECRUIT_NICKNAME_MAX}
                  placeholder={t('recruit.h5.nicknamePlaceholder')}
                  autoComplete="nickname"
                />
              </Form.Item>
              <Form.Item name="gender" label={t('recruit.h5.gender')}>
                <Radio.Group
                  optionType="button"
                  options={recruitFollowGenders.map((gender) => ({
                    value: gender,
                    label: t(`fans.gender.${gender}`),
                  }))}
                />
              </Form.Item>
              {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
              <Button type="primary" htmlType="submit" block size="large" loading={sending}>
                {t('recruit.h5.follow')}
              </Button>
            </Form>
          </Card>
        )}
      </Flex>
    </main>
  );
}
