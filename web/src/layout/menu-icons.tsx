import {
  AppstoreOutlined,
  ClusterOutlined,
  IdcardOutlined,
  LineChartOutlined,
  ReadOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  VideoCameraOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The icons the server's menu may name; an unknown name gets a neutral icon. */
const icons: Record<string, ReactNode> = {
  IdcardOutlined: <IdcardOutlined />,
  ReadOutlined: <ReadOutlined />,
  VideoCameraOutlined: <VideoCameraOutlined />,
  WalletOutlined: <WalletOutlined />,
  LineChartOutlined: <LineChartOutlined />,
  ShopOutlined: <ShopOutlined />,
  TagsOutlined: <TagsOutlined />,
  TeamOutlined: <TeamOutlined />,
  ClusterOutlined: <ClusterOutlined />,
};

export const menuIcon = (name: string | undefined): ReactNode =>
  name ? (icons[name] ?? <AppstoreOutlined />) : undefined;
