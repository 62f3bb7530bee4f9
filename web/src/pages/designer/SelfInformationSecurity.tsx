import { MobileOutlined, UserOutlined, WechatOutlined } from '@ant-design/icons';
import type { SelfInfo, WechatBinding } from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, List, Popconfirm, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { designerInfoKey, fetchDesignerInfo } from '../../api/designer-info.ts';
import { useT } from '../../locales/index.ts';
import { useSession } from '../../stores/session.ts';
import { selfInfoKey } from './designer-information-service.ts';
import { SelfInformationPhoneModal } from './SelfInformationPhoneModal.tsx';
import { SelfInformationWechatModal } from './SelfInformationWechatModal.tsx';
import { maskPhone } from './self-information-phone.ts';
import { unbindWechat } from './self-information-service.ts';

function Row({
  icon,
  label,
  value,
  help,
  actions,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  help?: string;
  actions?: ReactNode;
  testId: string;
}) {
  return (
    <List.Item actions={actions ? [actions] : undefined} data-testid={testId}>
      <List.Item.Meta
        avatar={<span style={{ fontSize: 20 }}>{icon}</span>}
        title={
          <Flex gap={12} align="center" wrap>
            <Typography.Text type="secondary" style={{ minWidth: 56 }}>
              {label}
            </Typography.Text>
            {value}
          </Flex>
        }
        description={help}
      />
    </List.Item>
  );
}

/** Account name, phone (bind or change) and WeChat (bind or unbind). */
export function SelfInformationSecurity({ info }: { info: SelfInfo }) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [wechatOpen, setWechatOpen] = useState(false);

  const setWechat = (wechat: WechatBinding) =>
    queryClient.setQueryData<SelfInfo>(selfInfoKey, (previous) =>
      previous ? { ...previous, wechat } : previous,
    );

  const unbind = useMutation({
    mutationFn: unbindWechat,
    onSuccess: (wechat) => {
      setWechat(wechat);
      void message.success(t('selfInfo.wechat.unbindDone'));
    },
  });

  const phoneChanged = async (phone: string) => {
    setPhoneOpen(false);
    queryClient.setQueryData<SelfInfo>(selfInfoKey, (previous) =>
      previous ? { ...previous, telephone: phone } : previous,
    );
    // The header and personal center read the session's copy of the designer.
    const designer = await queryClient.fetchQuery({ queryKey: designerInfoKey, queryFn: fetchDesignerInfo });
    useSession.getState().setDesigner(designer);
  };

  return (
    <Card title={t('selfInfo.security.title')} style={{ height: '100%' }}>
      <List itemLayout="horizontal">
        {/* antd's List renders its items (li) straight into a div without a dataSource. */}
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          <Row
            testId="self-account"
            icon={<UserOutlined />}
            label={t('selfInfo.account')}
            value={<Typography.Text strong>{info.account}</Typography.Text>}
          />
          <Row
            testId="self-phone"
            icon={<MobileOutlined />}
            label={t('selfInfo.phone.label')}
            value={
              info.telephone ? (
                <Typography.Text strong data-testid="self-phone-value">
                  {maskPhone(info.telephone)}
                </Typography.Text>
              ) : (
                <Tag>{t('selfInfo.phone.none')}</Tag>
              )
            }
            help={t('selfInfo.phone.help')}
            actions={
              <Button onClick={() => setPhoneOpen(true)} data-testid="self-phone-open">
                {t(info.telephone ? 'selfInfo.phone.change' : 'selfInfo.phone.bind')}
              </Button>
            }
          />
          <Row
            testId="self-wechat"
            icon={<WechatOutlined />}
            label={t('selfInfo.wechat.label')}
            value={
              info.wechat.bound ? (
                <Flex gap={8} align="center" wrap>
                  <Tag color="success">{t('selfInfo.wechat.bound')}</Tag>
                  {info.wechat.boundAt ? (
                    <Typography.Text type="secondary">
                      {t('selfInfo.wechat.boundAt', { time: info.wechat.boundAt })}
                    </Typography.Text>
                  ) : null}
                </Flex>
              ) : (
                <Tag>{t('selfInfo.wechat.unbound')}</Tag>
              )
            }
            help={t('selfInfo.wechat.help')}
            actions={
              info.wechat.bound ? (
                <Popconfirm
                  title={t('selfInfo.wechat.unbindConfirm')}
                  description={t('selfInfo.wechat.unbindDetail')}
                  okText={t('selfInfo.wechat.unbind')}
                  cancelText={t('selfInfo.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => unbind.mutateAsync()}
                >
                  <Button danger loading={unbind.isPending}>
                    {t('selfInfo.wechat.unbind')}
                  </Button>
                </Popconfirm>
              ) : (
                <Button onClick={() => setWechatOpen(true)}>{t('selfInfo.wechat.bind')}</Button>
              )
            }
          />
        </ul>
      </List>
      {phoneOpen ? (
        <SelfInformationPhoneModal
          currentPhone={info.telephone}
          onClose={() => setPhoneOpen(false)}
          onChanged={(phone) => void phoneChanged(phone)}
        />
      ) : null}
      {wechatOpen ? (
        <SelfInformationWechatModal
          onClose={() => setWechatOpen(false)}
          onBound={(wechat) => {
            setWechat(wechat);
            void message.success(t('selfInfo.wechat.bindDone'));
            setWechatOpen(false);
          }}
        />
      ) : null}
    </Card>
  );
}
