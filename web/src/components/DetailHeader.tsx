import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { flattenMenu } from '../app/menu-tree.ts';
import { listEntryOf, matchMenuEntry } from '../layout/menu-trail.ts';
import { useRecordTitle } from '../layout/record-title.ts';
import { useT } from '../locales/index.ts';
import { useMenu } from '../stores/menu.ts';

/** The list the page on show belongs to (its route's `currentActiveMenu`), else home. */
function useListPath(): string {
  const tree = useMenu((s) => s.tree);
  const { pathname } = useLocation();
  return useMemo(() => {
    const flat = flattenMenu(tree ?? []);
    const entry = matchMenuEntry(flat, pathname);
    return (entry && listEntryOf(flat, entry)?.fullPath) ?? '/home';
  }, [tree, pathname]);
}

/**
 * The way back from a detail page: one step back in the tab's history when the page was opened
 * from inside the console (the list with its filters and page, or wherever the designer came
 * from), else — opened from a link or a reload — the list the page belongs to.
 */
export function BackButton() {
  const t = useT();
  const navigate = useNavigate();
  const listPath = useListPath();
  const back = () => {
    // react-router numbers its history entries; 0 is where this visit to the console began.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(listPath);
  };
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="detail-back">
      {t('common.back')}
    </Button>
  );
}

interface DetailHeaderProps {
  /** The record's title; the breadcrumb ends with it too. */
  title: string;
  /** Status tags and the like, beside the title. */
  tags?: ReactNode;
  /** The page's actions, at the right. */
  extra?: ReactNode;
  /** The title's test id, for the browser tests that read it. */
  titleTestId?: string;
}

/** The head of every detail page: back button, title and tags on the left, actions on the right. */
export function DetailHeader({ title, tags, extra, titleTestId }: DetailHeaderProps) {
  useRecordTitle(title);
  return (
    <Flex justify="space-between" align="center" wrap gap={8} data-testid="detail-header">
      <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
        <BackButton />
        <Typography.Title level={4} style={{ margin: 0 }} data-testid={titleTestId}>
          {title}
        </Typography.Title>
        {tags}
      </Flex>
      {extra}
    </Flex>
  );
}
