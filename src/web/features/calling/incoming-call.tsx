/**
 * An inbound call on the desk (issue 14 "Inbound"): the borrower who called the company's DID,
 * masked, and the loans their number matched (the first is open; another can be opened during
 * the call), or that it matched none.
 */
import { Alert, Button, Flex, Text } from '@chakra-ui/react';
import { PhoneIncoming } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CallRecord } from '../../../domain/contracts/calling/calls';

export function IncomingCall({ call, selected, onSelect }: { call: CallRecord; selected: string | null; onSelect: (loanId: string) => void }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="info" role="status" data-testid="incoming-call" alignItems="flex-start">
      <Alert.Indicator>
        <PhoneIncoming />
      </Alert.Indicator>
      <Alert.Content gap="2">
        <Alert.Title>{t('calling.incoming_call', { from: call.to })}</Alert.Title>
        {call.matched_loan_ids.length === 0 ? (
          <Text fontSize="sm" data-testid="no-matched-loan">
            {t('calling.no_matched_loan')}
          </Text>
        ) : (
          <Flex gap="2" wrap="wrap" align="center" role="group" aria-label={t('calling.matched_loans')}>
            <Text fontSize="sm">{t('calling.matched_loans')}</Text>
            {call.matched_loan_ids.map((id) => (
              <Button key={id} size="xs" variant={id === selected ? 'solid' : 'outline'} aria-pressed={id === selected} onClick={() => onSelect(id)} data-testid="matched-loan">
                {id}
              </Button>
            ))}
          </Flex>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}
