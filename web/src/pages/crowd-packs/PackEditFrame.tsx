import type { PackBody, PackCount, PackRefreshMode, PackRow } from '@dc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, type FormInstance, Input, Radio, Skeleton, Typography } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../locales/index.ts';
import { type FormFieldError, fieldErrorsOf } from '../../request/index.ts';
import { PackCountBar } from './PackCountBar.tsx';
import { detailPathOf, LIST_PATH } from './paths.ts';
import { createPack, fetchPack, packKeys, updatePack } from './service.ts';

/** The fields every pack's edit form has, whatever decides its members. */
export interface PackFormValues {
  name: string;
  refreshMode: PackRefreshMode;
}

/**
 * The edit page of either kind of pack: on its new-pack path it starts a new one; on its edit
 * path `?id=` loads the pack to edit (without an id it goes to the new-pack path, whose title
 * says 新建). The editor is keyed by the pack so its state starts afresh from what was loaded.
 */
export function PackEditPage({
  editor: Editor,
  newPath,
}: {
  editor: ComponentType<{ pack: PackRow | undefined }>;
  newPath: string;
}) {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const creating = pathname === newPath;
  const id = creating ? undefined : Number(search.get('id')) || undefined;
  const detail = useQuery({
    queryKey: packKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchPack(id!, signal),
    enabled: id !== undefined,
  });
  if (!creating && id === undefined) return <Navigate to={newPath} replace />;
  if (id !== undefined && !detail.data) return <Skeleton active />;
  const pack = detail.data?.pack;
  return <Editor key={pack?.id ?? 'new'} pack={pack} />;
}

/**
 * Saves the pack and opens its detail; the server's word on the name goes on the name field,
 * the rest to `onFieldErrors` (the rule builder marks its nodes) and a message.
 */
export function usePackSave({
  pack,
  form,
  bodyOf,
  onFieldErrors,
}: {
  pack: PackRow | undefined;
  form: FormInstance<PackFormValues>;
  bodyOf(values: PackFormValues): PackBody;
  onFieldErrors?(fields: FormFieldError[]): void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: PackFormValues) => {
      const body = bodyOf(values);
      return pack ? updatePack(pack.id, body) : createPack(body);
    },
    onSuccess: async (saved) => {
      message.success(t('crowdPacks.form.saved'));
      await queryClient.invalidateQueries({ queryKey: packKeys.all });
      navigate(detailPathOf(saved.id));
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      form.setFields(
        fields.filter((f) => f.name[0] === 'name').map((f) => ({ name: 'name', errors: f.errors })),
      );
      onFieldErrors?.(fields);
      message.error(fields[0]?.errors[0] ?? t('crowdPacks.form.invalid'));
    },
  });
}

export interface PackEditFormProps {
  title: string;
  pack: PackRow | undefined;
  form: FormInstance<PackFormValues>;
  count: PackCount | undefined;
  counting: boolean;
  /** Parts not filled in yet (left out of the count): conditions, or include groups. */
  unfinished: number;
  unfinishedKind?: 'conditions' | 'groups';
  /** Whether what decides the members is complete; the form refuses to save until it is. */
  valid: boolean;
  saving: boolean;
  onSave(values: PackFormValues): void;
  /** What decides the members: the rule builder or the combination of packs. */
  children: ReactNode;
}

/** The frame both pack editors share: title, live count, name and refresh mode, cancel and save. */
export function PackEditForm({
  title,
  pack,
  form,
  count,
  counting,
  unfinished,
  unfinishedKind = 'conditions',
  valid,
  saving,
  onSave,
  children,
}: PackEditFormProps) {
  const t = useT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <PackCountBar
        count={count}
        loading={counting}
        unfinished={unfinished}
        unfinishedKind={unfinishedKind}
        invalid={!valid}
      />
      <Card>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ name: pack?.name ?? '', refreshMode: pack?.refreshMode ?? 'manual' }}
          onFinish={(values) => (valid ? onSave(values) : message.error(t('crowdPacks.form.invalid')))}
        >
          <Flex gap={16} wrap>
            <Form.Item
              name="name"
              label={t('crowdPacks.form.name')}
              rules={[{ required: true, whitespace: true, message: t('crowdPacks.form.nameRequired') }]}
              style={{ minWidth: 280 }}
            >
              <Input maxLength={32} showCount placeholder={t('crowdPacks.form.namePlaceholder')} />
            </Form.Item>
            <Form.Item name="refreshMode" label={t('crowdPacks.form.refreshMode')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'manual', label: t('crowdPacks.refresh.manual') },
                  { value: 'daily', label: t('crowdPacks.refresh.daily') },
                ]}
              />
            </Form.Item>
          </Flex>
          {children}
          <Flex gap={8} justify="end" style={{ marginTop: 16 }}>
            <Button onClick={() => navigate(LIST_PATH)}>{t('crowdPacks.form.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('crowdPacks.form.save')}
            </Button>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
