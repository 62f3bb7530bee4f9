import { Flex, Typography } from 'antd';
import { formatFen } from '../../components/money.ts';
import { useLanguage } from '../../locales/index.ts';

/** ¥min – ¥max, or one price when every variant costs the same. */
export function ProductPrice({ min, max }: { min: number; max: number }) {
  const language = useLanguage((s) => s.language);
  return (
    <Flex>
      <Typography.Text>
        ¥{formatFen(min, language)}
        {max > min && ` – ¥${formatFen(max, language)}`}
      </Typography.Text>
    </Flex>
  );
}
