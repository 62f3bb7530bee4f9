import {
  COMMON_COLORS,
  COMMON_SIZES,
  PRODUCT_TITLE_MAX,
  type ProductStatus,
  productCategories,
  sortSizes,
} from '@dc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Divider, Drawer, Flex, Form, Input, Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useT } from '../../locales/index.ts';
import { ProductImagesInput } from './ProductImagesInput.tsx';
import { ProductRichTextEditor } from './ProductRichTextEditor.tsx';
import { serverFieldProblems, serverMessageOf } from './server-problems.ts';
import {
  boutiqueKeys,
  createProduct,
  fetchBrands,
  fetchProduct,
  fetchVideoOptions,
  updateProduct,
} from './service.ts';
import { type RowCellProblem, VariantMatrixEditor } from './VariantMatrixEditor.tsx';
import {
  buildMatrix,
  draftOfProduct,
  emptyDraft,
  matrixProblems,
  PROBLEM_FIELD,
  type ProductDraft,
  productBodyOf,
  rowOfPath,
  type VariantRow,
  variantFieldOf,
} from './variant-matrix.ts';

export interface ProductEditorProps {
  /** null: closed; 'new': a new product; a number: that product. */
  target: number | 'new' | null;
  onClose(): void;
  onSaved?(id: number): void;
}

type Problems = Map<string, RowCellProblem>;
const FORM_FIELDS = ['title', 'brandId', 'category', 'images', 'videoId', 'description'] as const;

/** 新建 / 编辑商品: basics, images, description, then the size × colour variant matrix. */
export function ProductEditor({ target, onClose, onSaved }: ProductEditorProps) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProductDraft>();
  const [rows, setRows] = useState<VariantRow[]>([]);
  const [problems, setProblems] = useState<Problems>(new Map());
  const [alert, setAlert] = useState<string>();
  const productId = typeof target === 'number' ? target : undefined;
  const skuPrefix = useMemo(() => `P${Date.now().toString(36).slice(-4).toUpperCase()}`, []);
  const existing = useQuery({
    queryKey: boutiqueKeys.detail(productId ?? 0),
    queryFn: ({ signal }) => fetchProduct(productId!, signal),
    enabled: productId !== undefined,
  });
  const brands = useQuery({ queryKey: boutiqueKeys.brands, queryFn: fetchBrands, enabled: target !== null });
  const videos = useQuery({
    queryKey: boutiqueKeys.videos,
    queryFn: fetchVideoOptions,
    enabled: target !== null,
  });

  // A fresh working copy each time the drawer opens.
  useEffect(() => {
    if (target === null) return;
    const loaded =
      target === 'new'
        ? { draft: emptyDraft(), rows: [] }
        : existing.data
          ? draftOfProduct(existing.data)
          : undefined;
    if (!loaded) return;
    form.resetFields();
    form.setFieldsValue(loaded.draft);
    setRows(loaded.rows);
    setProblems(new Map());
    setAlert(undefined);
  }, [target, existing.data, form]);

  const rebuild = (sizes: string[], colors: string[]) =>
    setRows((current) => buildMatrix(sizes, colors, current, skuPrefix));

  const checkRows = (): boolean => {
    const found = matrixProblems(rows);
    setProblems(
      new Map(
        [...found].map(([key, kind]) => [
          key,
          { field: PROBLEM_FIELD[kind], text: t(`boutique.variant.problem.${kind}`) },
        ]),
      ),
    );
    return found.size === 0;
  };

  const showServerProblems = (error: unknown) => {
    const found = serverFieldProblems(error);
    const onRows: Problems = new Map();
    const onForm: { name: (typeof FORM_FIELDS)[number]; errors: string[] }[] = [];
    for (const problem of found) {
      const row = rowOfPath(rows, problem.path);
      if (row) onRows.set(row.key, { field: variantFieldOf(row.field), text: problem.message });
      const field = FORM_FIELDS.find((name) => problem.path === name || problem.path.startsWith(`${name}.`));
      if (field) onForm.push({ name: field, errors: [problem.message] });
    }
    form.setFields(onForm);
    setProblems(onRows);
    setAlert(found.length > 0 ? t('boutique.editor.invalid') : serverMessageOf(error));
  };

  const save = useMutation({
    mutationFn: async (status: ProductStatus | undefined) => {
      const body = productBodyOf(form.getFieldsValue(true), rows, status);
      return productId === undefined ? createProduct(body) : updateProduct(productId, body);
    },
    onSuccess: async (saved) => {
      message.success(t(productId === undefined ? 'boutique.done.created' : 'boutique.done.saved'));
      await queryClient.invalidateQueries({ queryKey: boutiqueKeys.all });
      onSaved?.(saved.id);
      onClose();
    },
    onError: showServerProblems,
  });

  const submit = async (status?: ProductStatus) => {
    setAlert(undefined);
    const formOk = await form.validateFields().then(
      () => true,
      () => false,
    );
    const rowsOk = checkRows();
    if (!formOk || !rowsOk) {
      setAlert(t('boutique.editor.invalid'));
      return;
    }
    save.mutate(status);
  };

  const isNew = productId === undefined;
  const loading = !isNew && existing.isPending;
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={860}
      destroyOnHidden
      title={t(isNew ? 'boutique.editor.create' : 'boutique.editor.edit')}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('boutique.cancel')}</Button>
          {isNew ? (
            <>
              <Button loading={save.isPending && save.variables === undefined} onClick={() => void submit()}>
                {t('boutique.editor.saveDraft')}
              </Button>
              <Button
                type="primary"
                loading={save.isPending && save.variables === 'on_sale'}
                onClick={() => void submit('on_sale')}
              >
                {t('boutique.editor.saveAndSell')}
              </Button>
            </>
          ) : (
            <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
              {t('boutique.editor.save')}
            </Button>
          )}
        </Flex>
      }
    >
      {loading ? (
        <Spin tip={t('boutique.editor.loading')}>
          <div style={{ height: 200 }} />
        </Spin>
      ) : (
        <Flex vertical gap={16}>
          {alert && <Alert type="error" showIcon message={alert} />}
          <Form<ProductDraft>
            form={form}
            layout="vertical"
            requiredMark
            onValuesChange={(changed: Partial<ProductDraft>, all) => {
              if ('sizes' in changed || 'colors' in changed) rebuild(all.sizes ?? [], all.colors ?? []);
            }}
          >
            <Form.Item
              name="title"
              label={t('boutique.field.title')}
              rules={[
                { required: true, whitespace: true, message: t('boutique.field.titleRequired') },
                { max: PRODUCT_TITLE_MAX, message: t('boutique.field.titleTooLong') },
              ]}
            >
              <Input showCount maxLength={PRODUCT_TITLE_MAX} />
            </Form.Item>
            <Flex gap={16} wrap>
              <Form.Item
                name="category"
                label={t('boutique.field.category')}
                style={{ minWidth: 200, flex: 1 }}
                rules={[{ required: true, message: t('boutique.field.categoryRequired') }]}
              >
                <Select
                  options={productCategories.map((value) => ({
                    value,
                    label: t(`boutique.category.${value}`),
                  }))}
                />
              </Form.Item>
              <Form.Item name="brandId" label={t('boutique.field.brand')} style={{ minWidth: 200, flex: 1 }}>
                <Select
                  loading={brands.isPending}
                  options={[
                    { value: null, label: t('boutique.noBrand') },
                    ...(brands.data?.dataList ?? []).map((brand) => ({ value: brand.id, label: brand.name })),
                  ]}
                />
              </Form.Item>
              <Form.Item name="videoId" label={t('boutique.field.video')} style={{ minWidth: 200, flex: 1 }}>
                <Select
                  loading={videos.isPending}
                  options={[
                    { value: null, label: t('boutique.field.videoNone') },
                    ...(videos.data ?? []).map((video) => ({ value: video.id, label: video.title })),
                  ]}
                />
              </Form.Item>
            </Flex>
            <Form.Item
              name="images"
              label={t('boutique.field.images')}
              extra={t('boutique.field.imagesHint')}
              rules={[{ required: true, type: 'array', min: 1, message: t('boutique.field.imagesRequired') }]}
            >
              <ProductImagesInput />
            </Form.Item>
            <Form.Item name="description" label={t('boutique.field.description')}>
              <ProductRichTextEditor
                ariaLabel={t('boutique.field.description')}
                data-testid="product-description"
              />
            </Form.Item>
            <Divider titlePlacement="start">{t('boutique.variant.title')}</Divider>
            <Flex gap={16} wrap>
              <Form.Item
                name="sizes"
                label={t('boutique.field.sizes')}
                // A size added later takes its place in the scale (L before XL), not the end.
                normalize={(sizes: string[] | undefined) => sortSizes(sizes ?? [])}
                style={{ minWidth: 240, flex: 1 }}
                rules={[
                  { required: true, type: 'array', min: 1, message: t('boutique.field.sizesRequired') },
                ]}
              >
                <Select
                  mode="tags"
                  placeholder={t('boutique.field.sizesPlaceholder')}
                  aria-label={t('boutique.field.sizes')}
                  options={COMMON_SIZES.map((value) => ({ value, label: value }))}
                  maxCount={10}
                />
              </Form.Item>
              <Form.Item
                name="colors"
                label={t('boutique.field.colors')}
                style={{ minWidth: 240, flex: 1 }}
                rules={[
                  { required: true, type: 'array', min: 1, message: t('boutique.field.colorsRequired') },
                ]}
              >
                <Select
                  mode="tags"
                  placeholder={t('boutique.field.colorsPlaceholder')}
                  aria-label={t('boutique.field.colors')}
                  options={COMMON_COLORS.map((value) => ({ value, label: value }))}
                  maxCount={10}
                />
              </Form.Item>
            </Flex>
          </Form>
          <VariantMatrixEditor rows={rows} problems={problems} onChange={setRows} />
        </Flex>
      )}
    </Drawer>
  );
}
