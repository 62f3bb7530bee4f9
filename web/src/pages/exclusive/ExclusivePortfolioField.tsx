import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Image, Progress, Tooltip, Typography, theme, Upload } from 'antd';
import { useRef, useState } from 'react';
import { createUpload, finishImageUpload } from '../../api/uploads.ts';
import { pictureAt } from '../../components/pictures.ts';
import { useT } from '../../locales/index.ts';
import { uploadImageFile } from '../../upload/image-upload.ts';
import { movedPiece, pictureTypesLabel, portfolioFileProblem } from './exclusive-application-form.ts';

const TILE = 104;
const FALLBACK = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

export interface PortfolioLimits {
  min: number;
  max: number;
  /** The picture types taken (`image/png`…). */
  accept: readonly string[];
  maxSizeMb: number;
}

/**
 * The portfolio (issue 4): `min` to `max` pictures the designer uploads through the uploader's
 * image path, kept by their lasting address (the server takes no other), in the order shown.
 * Waiting uploads keep the form from being sent.
 */
export function ExclusivePortfolioField({
  limits,
  disabled,
}: {
  limits: PortfolioLimits;
  disabled: boolean;
}) {
  const t = useT();
  const uploadingCount = useRef(0);
  return (
    <Form.Item
      name="portfolio"
      rules={[
        {
          // Checked on sending only (no field event is named so): not while pictures upload.
          validateTrigger: 'onSubmit',
          async validator() {
            if (uploadingCount.current > 0) throw new Error(t('exclusive.form.portfolioWaitUploads'));
          },
        },
        {
          async validator(_rule, value: unknown) {
            const urls = (Array.isArray(value) ? value : []).filter(
              (url): url is string => typeof url === 'string' && url !== '',
            );
            if (urls.length < limits.min)
              throw new Error(t('exclusive.form.portfolioRequired', { min: limits.min }));
            if (urls.length > limits.max)
              throw new Error(t('exclusive.form.portfolioTooMany', { max: limits.max }));
            if (new Set(urls).size !== urls.length) throw new Error(t('exclusive.form.portfolioDuplicate'));
          },
        },
      ]}
    >
      <PortfolioPictures
        limits={limits}
        disabled={disabled}
        onUploadingChange={(count) => {
          uploadingCount.current = count;
        }}
      />
    </Form.Item>
  );
}

interface Pending {
  uid: string;
  name: string;
  percent: number;
}

interface PortfolioPicturesProps {
  value?: string[];
  onChange?(urls: string[]): void;
  limits: PortfolioLimits;
  disabled: boolean;
  onUploadingChange(count: number): void;
  id?: string;
}

/** The pictures as tiles (preview, move, remove), the uploads under way, and a drop tile. */
function PortfolioPictures({
  value = [],
  onChange,
  limits,
  disabled,
  onUploadingChange,
  id,
}: PortfolioPicturesProps) {
  const t = useT();
  const { token } = theme.useToken();
  const [pending, setPending] = useState<Pending[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  // Uploads end one by one, after renders: each adds to the list as it is then, not as it was.
  const latest = useRef(value);
  latest.current = value;
  const reserved = useRef(0);
  const inFlight = useRef(0);
  const types = pictureTypesLabel(limits.accept);
  const full = value.length + pending.length >= limits.max;

  const change = (next: string[]) => {
    latest.current = next;
    onChange?.(next);
  };

  /** Checks a chosen file; answers whether it may be uploaded (and holds its place if so). */
  const admit = (file: File, isFirstOfBatch: boolean): boolean => {
    if (isFirstOfBatch) setProblems([]);
    const name = file.name;
    const problem = portfolioFileProblem(file, limits.accept, limits.maxSizeMb);
    const note =
      problem === 'type'
        ? t('exclusive.form.portfolioWrongType', { name, types })
        : problem === 'size'
          ? t('exclusive.form.portfolioTooLarge', { name, maxMb: limits.maxSizeMb })
          : latest.current.length + reserved.current >= limits.max
            ? t('exclusive.form.portfolioFull', { name, max: limits.max })
            : undefined;
    if (note) {
      setProblems((list) => [...list, note]);
      return false;
    }
    reserved.current += 1;
    return true;
  };

  const upload = (file: File, uid: string) => {
    inFlight.current += 1;
    onUploadingChange(inFlight.current);
    setPending((list) => [...list, { uid, name: file.name, percent: 0 }]);
    // Done before the list changes, so the check that follows the change counts it as done.
    const settle = () => {
      reserved.current -= 1;
      inFlight.current -= 1;
      onUploadingChange(inFlight.current);
      setPending((list) => list.filter((item) => item.uid !== uid));
    };
    uploadImageFile(file, file.name || 'portfolio.jpg', { createUpload, finishImageUpload }, (percent) =>
      setPending((list) => list.map((item) => (item.uid === uid ? { ...item, percent } : item))),
    ).then(
      (uploaded) => {
        settle();
        change([...latest.current, uploaded.url]);
      },
      () => {
        settle();
        setProblems((list) => [...list, t('exclusive.form.portfolioUploadFailed', { name: file.name })]);
      },
    );
  };

  const tileStyle = {
    width: TILE,
    height: TILE,
    borderRadius: token.borderRadius,
    border: `1px solid ${token.colorBorderSecondary}`,
    background: token.colorFillQuaternary,
    overflow: 'hidden',
  } as const;

  return (
    <Flex vertical gap={8} id={id}>
      <Flex gap={12} wrap data-testid="portfolio-pictures">
        {value.map((url, index) => {
          const piece = index + 1;
          return (
            <Flex key={url} vertical gap={4} align="center" data-testid="portfolio-piece">
              <div style={tileStyle}>
                <Image
                  src={pictureAt(url, 480)}
                  preview={{ src: pictureAt(url, 1280) }}
                  width={TILE}
                  height={TILE}
                  style={{ objectFit: 'cover' }}
                  alt={t('exclusive.form.portfolioPiece', { index: piece })}
                  fallback={FALLBACK}
                />
              </div>
              {!disabled ? (
                <Flex gap={2}>
                  <Tooltip title={t('exclusive.form.portfolioEarlier', { index: piece })}>
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowLeftOutlined />}
                      aria-label={t('exclusive.form.portfolioEarlier', { index: piece })}
                      disabled={index === 0}
                      onClick={() => change(movedPiece(value, index, -1))}
                    />
                  </Tooltip>
                  <Tooltip title={t('exclusive.form.portfolioLater', { index: piece })}>
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowRightOutlined />}
                      aria-label={t('exclusive.form.portfolioLater', { index: piece })}
                      disabled={index === value.length - 1}
                      onClick={() => change(movedPiece(value, index, 1))}
                    />
                  </Tooltip>
                  <Tooltip title={t('exclusive.form.portfolioRemove', { index: piece })}>
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('exclusive.form.portfolioRemove', { index: piece })}
                      onClick={() => change(value.filter((_, other) => other !== index))}
                    />
                  </Tooltip>
                </Flex>
              ) : null}
            </Flex>
          );
        })}
        {pending.map((item) => (
          <Flex
            key={item.uid}
            vertical
            align="center"
            justify="center"
            gap={4}
            style={{ ...tileStyle, padding: 8 }}
            data-testid="portfolio-uploading"
          >
            <Progress
              type="circle"
              size={48}
              percent={item.percent}
              aria-label={t('exclusive.form.portfolioUploading', { name: item.name })}
            />
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: TILE - 16, fontSize: 12 }}>
              {item.name}
            </Typography.Text>
          </Flex>
        ))}
        {!disabled && !full ? (
          <div style={{ width: TILE, height: TILE }}>
            <Upload.Dragger
              accept={limits.accept.join(',')}
              multiple
              showUploadList={false}
              aria-label={t('exclusive.form.portfolioUpload')}
              beforeUpload={(file, batch) => (admit(file, batch[0] === file) ? true : Upload.LIST_IGNORE)}
              customRequest={({ file }) => {
                const blob = file as File & { uid: string };
                upload(blob, blob.uid);
              }}
              style={{ padding: 0 }}
            >
              <Flex vertical align="center" justify="center" gap={4} style={{ height: TILE - 20 }}>
                <PlusOutlined style={{ fontSize: 20, color: token.colorPrimary }} aria-hidden />
                <Typography.Text style={{ fontSize: 12 }}>
                  {t('exclusive.form.portfolioDrop')}
                </Typography.Text>
              </Flex>
            </Upload.Dragger>
          </div>
        ) : null}
      </Flex>
      {problems.map((note) => (
        <Typography.Text key={note} type="danger" role="alert">
          {note}
        </Typography.Text>
      ))}
    </Flex>
  );
}
