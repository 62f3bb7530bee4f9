import { ExclamationCircleFilled } from '@ant-design/icons';
import { Flex, Typography, theme } from 'antd';

/**
 * "Not finished, not counted yet" under a condition or an include group still being filled in:
 * a warning icon beside text in the body colour (warning-coloured text would be hard to read).
 */
export function UnfinishedNote({ text }: { text: string }) {
  const { token } = theme.useToken();
  return (
    <Flex gap={6} align="center" data-testid="pack-unfinished-note">
      <ExclamationCircleFilled style={{ color: token.colorWarning }} aria-hidden />
      <Typography.Text style={{ fontSize: 12 }}>{text}</Typography.Text>
    </Flex>
  );
}
