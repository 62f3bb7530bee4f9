import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Flex, Form, Spin, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf } from '../../request/index.ts';
import { BASICS_FIELDS, CourseBasicsStep } from './CourseBasicsStep.tsx';
import type { RowProblem } from './CourseLessonRow.tsx';
import { CourseOutlineStep } from './CourseOutlineStep.tsx';
import { CoursePricingStep, PRICING_FIELDS } from './CoursePricingStep.tsx';
import { CourseReviewStep } from './CourseReviewStep.tsx';
import {
  type CourseDraft,
  courseBodyOf,
  draftOfCourse,
  emptyDraft,
  keyOfPath,
  lessonCountOf,
  type OutlineChapter,
  outlineProblems,
} from './outline.ts';
import { courseKeys, createCourse, fetchCourse, putCourseOnSale, updateCourse } from './service.ts';

type FormValues = Omit<CourseDraft, 'chapters'>;
const STEP_FIELDS: Record<number, readonly string[]> = { 0: BASICS_FIELDS, 2: PRICING_FIELDS };

export interface CourseEditorProps {
  /** null: closed; 'new': a new course; a number: that course. */
  target: number | 'new' | null;
  onClose(): void;
}

/** The course editor: basics → chapters & lessons → pricing → review, in a drawer. */
export function CourseEditor({ target, onClose }: CourseEditorProps) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [step, setStep] = useState(0);
  const [chapters, setChapters] = useState<OutlineChapter[]>([]);
  const [problems, setProblems] = useState(new Map<string, RowProblem>());
  const [outlineAlert, setOutlineAlert] = useState<string>();
  const courseId = typeof target === 'number' ? target : undefined;
  const existing = useQuery({
    queryKey: courseKeys.detail(courseId ?? 0),
    queryFn: ({ signal }) => fetchCourse(courseId!, signal),
    enabled: courseId !== undefined,
  });

  // A fresh working copy each time the drawer opens on a course.
  useEffect(() => {
    if (target === null) return;
    const draft = target === 'new' ? emptyDraft() : existing.data ? draftOfCourse(existing.data) : undefined;
    if (!draft) return;
    const { chapters: outline, ...values } = draft;
    form.resetFields();
    form.setFieldsValue(values);
    setChapters(outline);
    setProblems(new Map());
    setOutlineAlert(undefined);
    setStep(0);
  }, [target, existing.data, form]);

  const draftNow = (): CourseDraft => ({ ...emptyDraft(), ...form.getFieldsValue(true), chapters });

  const checkOutline = (): boolean => {
    const found = outlineProblems(chapters);
    setProblems(new Map([...found].map(([key, kind]) => [key, { kind, text: t(`course.outline.${kind}`) }])));
    setOutlineAlert(found.size ? t('course.outline.invalid') : undefined);
    return found.size === 0;
  };

  const next = async () => {
    const fields = STEP_FIELDS[step];
    if (fields) await form.validateFields([...fields]);
    if (step === 1 && !checkOutline()) return;
    setStep(step + 1);
  };

  /** A server 40000 goes to its field: a form field, or a chapter or lesson of the outline. */
  const showServerErrors = (error: unknown): boolean => {
    const errors = fieldErrorsOf(error);
    if (errors.length === 0) return false;
    const onForm = errors.filter((e) => [...BASICS_FIELDS, ...PRICING_FIELDS].includes(e.name[0] as never));
    form.setFields(onForm.map((e) => ({ name: e.name[0] as keyof FormValues, errors: e.errors })));
    const rows = new Map<string, RowProblem>();
    for (const e of errors) {
      const key = keyOfPath(chapters, e.name.join('.'));
      if (key) rows.set(key, { text: e.errors[0] ?? '' });
    }
    setProblems(rows);
    const outlineError = errors.find((e) => e.name[0] === 'chapters');
    setOutlineAlert(
      outlineError ? (rows.size ? t('course.outline.invalid') : outlineError.errors[0]) : undefined,
    );
    const first = onForm[0]?.name[0];
    setStep(first ? (PRICING_FIELDS.includes(first as never) ? 2 : 0) : 1);
    return true;
  };

  const save = useMutation({
    mutationFn: async (sell: boolean) => {
      const body = courseBodyOf(draftNow());
      const saved = courseId === undefined ? await createCourse(body) : await updateCourse(courseId, body);
      if (sell && saved.status !== 'on_sale') return putCourseOnSale(saved.id);
      return saved;
    },
    onSuccess: async (_saved, sell) => {
      message.success(t(sell ? 'course.done.onSale' : 'course.done.saved'));
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
      onClose();
    },
    onError: (error) => {
      if (!showServerErrors(error)) void queryClient.invalidateQueries({ queryKey: courseKeys.all });
    },
  });

  const loading = courseId !== undefined && existing.isPending;
  const canSell = lessonCountOf(chapters) > 0;
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={t(courseId === undefined ? 'course.editor.create' : 'course.editor.edit')}
      footer={
        <Flex justify="flex-end" gap={8}>
          {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('course.editor.prev')}</Button>}
          {step < 3 && (
            <Button type="primary" onClick={() => void next().catch(() => undefined)}>
              {t('course.editor.next')}
            </Button>
          )}
          {step === 3 && (
            <>
              <Button loading={save.isPending && save.variables === false} onClick={() => save.mutate(false)}>
                {t('course.editor.saveDraft')}
              </Button>
              <Button
                type="primary"
                disabled={!canSell}
                title={canSell ? undefined : t('course.outline.needLesson')}
                loading={save.isPending && save.variables === true}
                onClick={() => save.mutate(true)}
              >
                {t('course.editor.saveAndSell')}
              </Button>
            </>
          )}
        </Flex>
      }
    >
      {loading ? (
        <Spin tip={t('course.editor.loading')}>
          <div style={{ height: 200 }} />
        </Spin>
      ) : (
        <Flex vertical gap={24}>
          <Steps
            current={step}
            size="small"
            items={[
              { title: t('course.editor.step.basics') },
              { title: t('course.editor.step.outline') },
              { title: t('course.editor.step.pricing') },
              { title: t('course.editor.step.review') },
            ]}
          />
          {outlineAlert && step === 1 && <Alert type="error" showIcon message={outlineAlert} />}
          <Form form={form} layout="vertical" requiredMark>
            {step === 0 && <CourseBasicsStep />}
            {step === 2 && <CoursePricingStep />}
          </Form>
          {step === 1 && <CourseOutlineStep chapters={chapters} problems={problems} onChange={setChapters} />}
          {step === 3 && <CourseReviewStep draft={draftNow()} />}
        </Flex>
      )}
    </Drawer>
  );
}
