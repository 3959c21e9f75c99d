/**
 * `/app/portfolio-assignment` (spec 2 "portfolio assignment (tabs start on assign)"; issue 5):
 * deciding who works which loan in an allocation month. Tabs: assign (loans ticked, by filter or
 * from an Excel/CSV → one field executive or telecaller), territory suggestion (balanced compact
 * territories for several field executives, on a map), other operations (deallocate, move, tags,
 * archive), and the loan operations list (also a tab of /app/bulk-operations). Needs Core
 * Collection Modules › allocation read; starting operations needs allocation write. The loans
 * picked carry across tabs; `?tab=` opens a tab.
 */
import { Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { suggestAssignment } from '../../../domain/contracts/allocation/suggestions';
import { startLoanOperation } from '../../../domain/contracts/bulk/loan-operations';
import { can } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { LoanOperationsTab } from '../bulk/public';
import { AssignTab } from './assign-tab';
import { OtherOperationsTab } from './other-operations-tab';
import { EMPTY_PICK, type LoanPick } from './selection';
import { SuggestionTab } from './suggestion-tab';

/** Tabs in order; the first is where the screen starts (spec 2). */
export const ASSIGNMENT_TABS = ['assign', 'suggestion', 'operations', 'history'] as const;
type AssignmentTab = (typeof ASSIGNMENT_TABS)[number];

export default function PortfolioAssignmentPage() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const [params, setParams] = useSearchParams();
  const [pick, setPick] = useState<LoanPick>(() => ({ ...EMPTY_PICK, month: params.get('allocation_month') }));
  const canRead = can(suggestAssignment, permissions);
  const canWrite = can(startLoanOperation, permissions);
  const asked = params.get('tab');
  const tab: AssignmentTab = (ASSIGNMENT_TABS as readonly string[]).includes(asked ?? '') ? (asked as AssignmentTab) : 'assign';
  const choose = (value: string) =>
    setParams(
      (p) => {
        p.set('tab', value);
        return p;
      },
      { replace: true },
    );

  return (
    <Stack gap="4">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t('assignment.title')}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('assignment.intro')}
        </Text>
      </Stack>
      {canRead ? (
        <Tabs.Root value={tab} onValueChange={(e) => choose(e.value)} variant="line" lazyMount>
          <Tabs.List overflowX="auto">
            {ASSIGNMENT_TABS.map((value) => (
              <Tabs.Trigger key={value} value={value} whiteSpace="nowrap" flexShrink={0}>
                {t(`assignment.tab.${value}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {/* Hidden tabs stay mounted (lazyMount, no unmountOnExit): a suggestion or a running operation survives a look at another tab. */}
          <Tabs.Content value="assign">
            <AssignTab pick={pick} onPick={setPick} canWrite={canWrite} />
          </Tabs.Content>
          <Tabs.Content value="suggestion">
            <SuggestionTab pick={pick} onPick={setPick} canWrite={canWrite} />
          </Tabs.Content>
          <Tabs.Content value="operations">
            <OtherOperationsTab pick={pick} onPick={setPick} canWrite={canWrite} />
          </Tabs.Content>
          <Tabs.Content value="history">
            <LoanOperationsTab companyId={companyId} canWrite={canWrite} />
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <Text color="fg.muted">{t('assignment.no_access')}</Text>
      )}
    </Stack>
  );
}
