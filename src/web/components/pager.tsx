/** Previous / next paging with "page x of y" (page numbers start at 1). */
import { Button, Flex, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Flex as="nav" aria-label={t('common.pagination')} align="center" justify="space-between" gap="3" wrap="wrap">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {t('common.page_of', { page, pages, total })}
      </Text>
      <Flex gap="2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden /> {t('common.previous')}
        </Button>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('common.next')} <ChevronRight aria-hidden />
        </Button>
      </Flex>
    </Flex>
  );
}
