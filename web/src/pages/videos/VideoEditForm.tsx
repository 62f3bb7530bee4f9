import { VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX, type VideoDetail, videoUpdateSchema } from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Select } from 'antd';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf, isApiRequestError } from '../../request/index.ts';
import { categoryOptions } from './format.ts';
import { updateVideo, videoKeys } from './service.ts';

const VIDEO_EDIT_FORM_MAX_WIDTH = 640;

interface Values {
  title: string;
  description: string;
  cateId: number | null;
  tags: string[];
}

/** The owner's edit of a video's fields; a server 40000 shows on its field. */
export function VideoEditForm({ video }: { video: VideoDetail }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: Values) => updateVideo(video.id, { ...values, cateId: values.cateId ?? null }),
    onSuccess: () => {
      message.success(t('videoDetail.saved'));
      return queryClient.invalidateQueries({ queryKey: videoKeys.all });
    },
    onError: (error) => {
      const fields = fieldErrorsOf<Parameters<typeof form.setFields>[0][number]>(error);
      if (fields.length > 0) form.setFields(fields);
      else if (isApiRequestError(error)) void message.error(error.msg);
    },
  });
  const shape = videoUpdateSchema.shape;
  return (
    <Form
      form={form}
      layout="vertical"
      data-testid="video-edit-form"
      // A title and a paragraph read best at a line's length; the card spans the page.
      style={{ maxWidth: VIDEO_EDIT_FORM_MAX_WIDTH }}
      initialValues={{
        title: video.title,
        description: video.description,
        cateId: video.cateId,
        tags: video.tags,
      }}
      onFinish={(values) => save.mutate(values)}
    >
      <Form.Item
        name="title"
        label={t('shortVideo.title')}
        rules={[
          { required: true, whitespace: true, message: t('videoDetail.titleRequired') },
          zodFieldRule(shape.title, t('shortVideo.tooLong', { max: VIDEO_TITLE_MAX })),
        ]}
      >
        <Input maxLength={VIDEO_TITLE_MAX} showCount />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('shortVideo.description')}
        rules={[zodFieldRule(shape.description, t('shortVideo.tooLong', { max: VIDEO_DESCRIPTION_MAX }))]}
      >
        <Input.TextArea maxLength={VIDEO_DESCRIPTION_MAX} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item name="cateId" label={t('shortVideo.category')}>
        <Select allowClear placeholder={t('shortVideo.categoryPlaceholder')} options={categoryOptions(t)} />
      </Form.Item>
      <Form.Item
        name="tags"
        label={t('shortVideo.tags')}
        rules={[zodFieldRule(shape.tags, t('shortVideo.tagsInvalid'))]}
      >
        <Select mode="tags" placeholder={t('shortVideo.tagsPlaceholder')} open={false} suffixIcon={null} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('videoDetail.save')}
      </Button>
    </Form>
  );
}
