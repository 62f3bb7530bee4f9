import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { type RecruitmentSettings, recruitmentChannels } from '@dc/contract';
import { Alert, App, Button, Card, Flex, Input, Space, Typography } from 'antd';
import { useT } from '../../locales/index.ts';
import { recruitLink } from './service.ts';

/** The public page's link per channel (`?ch=`), to copy or open. */
export function RecruitLinks({ settings }: { settings: RecruitmentSettings }) {
  const t = useT();
  const { message } = App.useApp();
  const copy = async (link: string) => {
    await navigator.clipboard.writeText(link);
    void message.success(t('recruit.copied'));
  };
  return (
    <Card title={t('recruit.links')}>
      <Flex vertical gap={8}>
        {!settings.enabled && <Alert type="warning" showIcon title={t('recruit.offNotice')} />}
        {recruitmentChannels.map((channel) => {
          const link = recruitLink(settings.shareBase, settings.slug, channel);
          return (
            <Flex key={channel} vertical gap={2}>
              <Typography.Text type="secondary">{t(`recruit.channel.${channel}`)}</Typography.Text>
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  readOnly
                  value={link}
                  aria-label={t(`recruit.channel.${channel}`)}
                  data-testid={`recruit-link-${channel}`}
                />
                <Button
                  icon={<CopyOutlined />}
                  aria-label={t('recruit.copy')}
                  onClick={() => void copy(link)}
                />
                <Button
                  icon={<ExportOutlined />}
                  aria-label={t('recruit.open')}
                  href={link}
                  target="_blank"
                  rel="noreferrer"
                />
              </Space.Compact>
            </Flex>
          );
        })}
      </Flex>
    </Card>
  );
}
