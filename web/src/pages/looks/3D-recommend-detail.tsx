import {
  type CameraPreset,
  DEFAULT_CAMERA,
  LOOK_DESCRIPTION_MAX,
  LOOK_SORT_MAX,
  LOOK_TITLE_MAX,
  type LookBody,
  type LookDetail,
} from '@dc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Skeleton,
  Switch,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackButton, DetailHeader } from '../../components/DetailHeader.tsx';
import { pictureAt } from '../../components/pictures.ts';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf, isApiRequestError } from '../../request/index.ts';
import { backdropStyle } from '../../three/backdrop.ts';
import { garmentColor } from '../../three/garment-colors.ts';
import { boutiqueKeys, fetchProduct } from '../boutique/service.ts';
import { LookPreview } from './LookPreview.tsx';
import { LookProductsField, type LookProductValue } from './LookProductsField.tsx';
import { LookSharePanel } from './LookSharePanel.tsx';
import { LookStatsPanel } from './LookStatsPanel.tsx';
import { assetName } from './labels.ts';
import { createLook, fetchBackgrounds, fetchLook, fetchModels, lookKeys, updateLook } from './service.ts';

interface FormValues {
  title: string;
  description: string;
  modelId: number | null;
  backgroundId: number | null;
  sortOrder: number;
  online: boolean;
  products: LookProductValue[];
}

const valuesOf = (look: LookDetail | undefined): FormValues => ({
  title: look?.title ?? '',
  description: look?.description ?? '',
  modelId: look?.modelId ?? null,
  backgroundId: look?.backgroundId ?? null,
  sortOrder: look?.sortOrder ?? 0,
  online: look?.online ?? false,
  products: look?.products.map((p) => ({ productId: p.productId, variantId: p.variantId })) ?? [],
});

/** 3D推荐详情 (issue 9): create (no id) or edit a look, with its live preview, share link and figures. */
export default function ThreedRecommendDetailPage() {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const client = useQueryClient();
  const raw = useParams().recommend_id;
  const lookId = raw ? Number(raw) : undefined;
  const [form] = Form.useForm<FormValues>();
  const [camera, setCamera] = useState<CameraPreset>(DEFAULT_CAMERA);
  const [saving, setSaving] = useState(false);

  const look = useQuery({
    queryKey: lookKeys.detail(lookId ?? 0),
    queryFn: ({ signal }) => fetchLook(lookId!, signal),
    enabled: lookId !== undefined && Number.isInteger(lookId),
  });
  const models = useQuery({ queryKey: lookKeys.models, queryFn: ({ signal }) => fetchModels(signal) });
  const backgrounds = useQuery({
    queryKey: lookKeys.backgrounds,
    queryFn: ({ signal }) => fetchBackgrounds(signal),
  });

  useEffect(() => {
    form.setFieldsValue(valuesOf(look.data));
    setCamera(look.data?.camera ?? DEFAULT_CAMERA);
  }, [look.data, form]);

  const modelId = Form.useWatch('modelId', form);
  const backgroundId = Form.useWatch('backgroundId', form);
  const firstProduct = Form.useWatch(['products', 0], form) as LookProductValue | undefined;
  const model = models.data?.dataList.find((m) => m.id === modelId) ?? null;
  const background = useMemo(
    () => backgrounds.data?.dataList.find((b) => b.id === backgroundId) ?? null,
    [backgrounds.data, backgroundId],
  );
  const firstDetail = useQuery({
    queryKey: boutiqueKeys.detail(firstProduct?.productId ?? 0),
    queryFn: ({ signal }) => fetchProduct(firstProduct!.productId!, signal),
    enabled: Boolean(firstProduct?.productId),
  });
  const tint = garmentColor(firstDetail.data?.variants.find((v) => v.id === firstProduct?.variantId)?.color);

  const submit = async (values: FormValues) => {
    const body: LookBody = {
      ...values,
      description: values.description ?? '',
      camera,
      products: (values.products ?? [])
        .filter((p) => p.productId)
        .map((p) => ({ productId: p.productId!, variantId: p.variantId ?? null })),
    };
    setSaving(true);
    try {
      const saved = lookId ? await updateLook(lookId, body) : await createLook(body);
      message.success(t(lookId ? 'looks.saved' : 'looks.created'));
      client.setQueryData(lookKeys.detail(saved.id), saved);
      await client.invalidateQueries({ queryKey: lookKeys.all, refetchType: 'none' });
      if (!lookId) navigate(`/detail/3D-recommend-detail/${saved.id}`, { replace: true });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.length) {
        form.setFields(
          fields.map((f) => ({
            name: f.name.map((part) => (/^\d+$/.test(part) ? Number(part) : part)) as never,
            errors: f.errors,
          })),
        );
      } else if (!isApiRequestError(error) || !error.handled) {
        message.error(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setSaving(false);
    }
  };

  if (lookId !== undefined && look.isError) {
    return <Result status="404" title={t('looks.notFound')} extra={<BackButton />} />;
  }
  if (lookId !== undefined && look.isPending) return <Skeleton active />;

  return (
    <Flex vertical gap={16}>
      <DetailHeader
        title={look.data?.title ?? t('looks.detailCreate')}
        extra={
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('looks.save')}
          </Button>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card>
            <Form form={form} layout="vertical" onFinish={submit} initialValues={valuesOf(undefined)}>
              <Form.Item
                name="title"
                label={t('looks.fieldTitle')}
                rules={[
                  { required: true, whitespace: true, message: t('looks.fieldTitleRequired') },
                  { max: LOOK_TITLE_MAX, message: t('looks.tooLong', { max: LOOK_TITLE_MAX }) },
                ]}
              >
                <Input maxLength={LOOK_TITLE_MAX} showCount />
              </Form.Item>
              <Form.Item name="description" label={t('looks.fieldDescription')}>
                <Input.TextArea
                  maxLength={LOOK_DESCRIPTION_MAX}
                  showCount
                  autoSize={{ minRows: 2, maxRows: 5 }}
                />
              </Form.Item>
              <Form.Item name="modelId" label={t('looks.fieldModel')}>
                <Select
                  allowClear
                  placeholder={t('looks.fieldModelPlaceholder')}
                  loading={models.isPending}
                  options={(models.data?.dataList ?? [])
                    .filter((m) => m.status === 'ready' || m.id === look.data?.modelId)
                    .map((m) => ({
                      value: m.id,
                      label: (
                        <Flex align="center" gap={8}>
                          {m.posterUrl && (
                            <img src={pictureAt(m.posterUrl, 160)} alt="" style={{ height: 22 }} />
                          )}
                          {assetName(t, m)}
                        </Flex>
                      ),
                    }))}
                />
              </Form.Item>
              <Form.Item name="backgroundId" label={t('looks.fieldBackground')}>
                <Select
                  allowClear
                  placeholder={t('looks.fieldBackgroundPlaceholder')}
                  loading={backgrounds.isPending}
                  options={(backgrounds.data?.dataList ?? []).map((b) => ({
                    value: b.id,
                    label: (
                      <Flex align="center" gap={8}>
                        <span
                          style={{
                            ...backdropStyle(b),
                            width: 22,
                            height: 16,
                            borderRadius: 3,
                            display: 'inline-block',
                          }}
                        />
                        {assetName(t, b)}
                      </Flex>
                    ),
                  }))}
                />
              </Form.Item>
              <Form.Item label={t('looks.fieldProducts')} extra={t('looks.fieldProductsHint')}>
                <LookProductsField
                  form={form}
                  initial={(look.data?.products ?? []).map((p) => ({ id: p.productId, title: p.title }))}
                />
              </Form.Item>
              <Flex gap={24} wrap>
                <Form.Item name="sortOrder" label={t('looks.fieldSort')} extra={t('looks.fieldSortHint')}>
                  <InputNumber min={0} max={LOOK_SORT_MAX} precision={0} />
                </Form.Item>
                <Form.Item
                  name="online"
                  label={t('looks.fieldOnline')}
                  valuePropName="checked"
                  extra={modelId ? t('looks.fieldOnlineHint') : t('looks.needsModel')}
                >
                  <Switch aria-label={t('looks.fieldOnline')} />
                </Form.Item>
              </Flex>
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <LookPreview
            modelUrl={model?.modelUrl ?? null}
            background={background}
            camera={camera}
            tint={tint}
            onCameraChange={setCamera}
          />
        </Col>
      </Row>
      {look.data && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={10}>
            <LookSharePanel shareUrl={look.data.shareUrl} online={look.data.online} />
          </Col>
          <Col xs={24} xl={14}>
            <LookStatsPanel lookId={look.data.id} />
          </Col>
        </Row>
      )}
    </Flex>
  );
}
