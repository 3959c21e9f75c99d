/**
 * /app/payment-exports (issue 15): the payment exports section on a page of its own, for a user
 * who may export payments (Core Collection Modules › exports) but not open the payments dashboard.
 * The same component as the dashboard's section; the dialog's range starts at this month so far.
 */
import { Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { currentMonth } from '../../lib/format';
import { PaymentExports } from './payment-exports';

export default function PaymentExportsPage() {
  const { t } = useTranslation();
  // en-CA writes the browser's local day as YYYY-MM-DD.
  const today = new Date().toLocaleDateString('en-CA');
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('payments.exports.list_title')}
      </Heading>
      <PaymentExports from={`${currentMonth()}-01`} to={today} />
    </Stack>
  );
}
